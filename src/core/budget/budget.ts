import { NanodexError } from '../errors.js';

/**
 * Exploration budgets. The defaults come from the exploration plan (seed 004):
 * 5 rounds, 25 files touched, 520 KB fetched, a 12K-18K token context (16K
 * here), plus model calls and wall time. A request may move them within the
 * maxima; the maxima are the configured ceiling.
 */
export interface Budget {
  rounds: number;
  files: number;
  bytes: number;
  contextTokens: number;
  modelCalls: number;
  wallMs: number;
  /** What a follow-up in the same thread may carry from earlier requests (files, symbols, comments), in tokens. */
  memoryTokens: number;
}

export type BudgetLimit = keyof Budget;

export const DEFAULT_BUDGET: Budget = {
  rounds: 5,
  files: 25,
  bytes: 520 * 1024,
  contextTokens: 16_000,
  modelCalls: 12,
  wallMs: 120_000,
  memoryTokens: 2_000,
};

/** The most a single request may ask for unless the deployment configures otherwise. */
export const MAX_BUDGET: Budget = {
  rounds: 10,
  files: 100,
  bytes: 4 * 1024 * 1024,
  contextTokens: 64_000,
  modelCalls: 40,
  wallMs: 600_000,
  memoryTokens: 8_000,
};

/** How a user names each limit in a prompt (`rounds=3 files=10 budget=30k`). */
export const LIMIT_WORDS: Record<string, BudgetLimit> = {
  rounds: 'rounds',
  files: 'files',
  bytes: 'bytes',
  kb: 'bytes',
  budget: 'contextTokens',
  tokens: 'contextTokens',
  calls: 'modelCalls',
  time: 'wallMs',
  memory: 'memoryTokens',
};

/** Applies overrides, clamped to the maxima; reports what was clamped. */
export function resolveBudget(
  overrides: Partial<Budget>,
  options: { defaults?: Budget; maxima?: Budget } = {},
): { budget: Budget; clamped: BudgetLimit[] } {
  const defaults = options.defaults ?? DEFAULT_BUDGET;
  const maxima = options.maxima ?? MAX_BUDGET;
  const budget = { ...defaults };
  const clamped: BudgetLimit[] = [];
  for (const [key, value] of Object.entries(overrides) as [BudgetLimit, number | undefined][]) {
    if (value === undefined) continue;
    if (!Number.isFinite(value) || value <= 0) {
      throw new NanodexError('bad-budget', `budget ${key} must be a positive number, got ${String(value)}`, {
        hint: 'check the budget settings in the configuration or flags',
      });
    }
    budget[key] = Math.min(value, maxima[key]);
    if (value > maxima[key]) clamped.push(key);
  }
  return { budget, clamped };
}

/** How a person raises a limit, for budget-exceeded replies. */
export function describeRaise(limit: BudgetLimit, current: Budget, maxima: Budget = MAX_BUDGET): string {
  const word = Object.entries(LIMIT_WORDS).find(([, l]) => l === limit)?.[0] ?? limit;
  if (current[limit] >= maxima[limit]) {
    return `${limit} is already at its maximum (${maxima[limit]}); narrow the question or add focus=<folder>`;
  }
  // Twice the limit (at least one more), written in the unit the budget words read, rounded up: always above the current limit.
  const raised = Math.min(maxima[limit], Math.max(current[limit] * 2, current[limit] + 1));
  const suggestion = toBudgetWordValue(limit, raised, maxima[limit]);
  const most = limit === 'wallMs' ? `${maxima.wallMs / 1000}s` : limit === 'bytes' ? `${maxima.bytes / 1024}kb` : String(maxima[limit]);
  return `add ${word === 'kb' ? 'bytes' : word}=${suggestion} to the request (at most ${most}), or narrow it with focus=<folder>`;
}

/** `amount` as a budget word's value (bytes in KB, time in s or ms, tokens in k or plain), rounded up but not past `most`. */
function toBudgetWordValue(limit: BudgetLimit, amount: number, most: number): string {
  const inUnit = (unit: number, suffix: string, below: string): string => {
    const whole = Math.ceil(amount / unit);
    return whole * unit <= most && amount >= unit ? `${whole}${suffix}` : below;
  };
  if (limit === 'bytes') return `${Math.max(1, Math.ceil(amount / 1024))}kb`;
  if (limit === 'wallMs') return inUnit(1000, 's', `${amount}ms`);
  if (limit === 'contextTokens' || limit === 'memoryTokens') return inUnit(1000, 'k', String(amount));
  return String(amount);
}
