import type { Clock } from '../ports.js';
import type { Budget, BudgetLimit } from './budget.js';

export type Charge = { ok: true } | { ok: false; limit: BudgetLimit; wanted: number; used: number; allowed: number };

export type Usage = Record<BudgetLimit, number>;

/**
 * Charges every operation before it runs. A charge that would pass a limit is
 * refused and changes nothing; the caller stops and reports the limit.
 */
export class BudgetMeter {
  readonly budget: Budget;
  private readonly used: Usage = { rounds: 0, files: 0, bytes: 0, contextTokens: 0, modelCalls: 0, wallMs: 0, memoryTokens: 0 };
  private readonly touched = new Set<string>();
  private readonly started: number;

  constructor(
    budget: Budget,
    private readonly clock: Clock,
  ) {
    this.budget = budget;
    this.started = clock.now();
  }

  /** Charges `amount` of one limit (and checks wall time). */
  charge(limit: Exclude<BudgetLimit, 'wallMs'>, amount: number): Charge {
    const elapsed = this.clock.now() - this.started;
    if (elapsed > this.budget.wallMs) {
      return { ok: false, limit: 'wallMs', wanted: 0, used: elapsed, allowed: this.budget.wallMs };
    }
    if (this.used[limit] + amount > this.budget[limit]) {
      return { ok: false, limit, wanted: amount, used: this.used[limit], allowed: this.budget[limit] };
    }
    this.used[limit] += amount;
    return { ok: true };
  }

  /**
   * Charges reading a file: one file and its bytes the first time it is
   * touched; nothing after (a file read twice is fetched once).
   */
  touchFile(path: string, bytes: number): Charge {
    if (this.touched.has(path)) return { ok: true };
    if (this.used.files + 1 > this.budget.files) {
      return { ok: false, limit: 'files', wanted: 1, used: this.used.files, allowed: this.budget.files };
    }
    const byBytes = this.charge('bytes', bytes);
    if (!byBytes.ok) return byBytes;
    this.used.files += 1;
    this.touched.add(path);
    return { ok: true };
  }

  /** Whether touching `path` (of `bytes`) would fit the file and byte limits; charges nothing. */
  fits(path: string, bytes: number): boolean {
    if (this.touched.has(path)) return true;
    return this.used.files + 1 <= this.budget.files && this.used.bytes + bytes <= this.budget.bytes;
  }

  /** Whether `amount` more of a limit would fit; charges nothing. */
  hasRoom(limit: Exclude<BudgetLimit, 'wallMs'>, amount: number): boolean {
    return this.used[limit] + amount <= this.budget[limit];
  }

  /** Wall time left in the budget, in ms (0 or less when spent). */
  remainingMs(): number {
    return this.budget.wallMs - (this.clock.now() - this.started);
  }

  hasTouched(path: string): boolean {
    return this.touched.has(path);
  }

  usage(): Usage {
    return { ...this.used, wallMs: this.clock.now() - this.started };
  }
}
