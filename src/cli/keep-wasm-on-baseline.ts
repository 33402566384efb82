import { setFlagsFromString } from 'node:v8';
import type { ParseJob } from '../core/index.js';

/**
 * Up to this many source bytes, a parse job runs faster on V8's baseline WebAssembly code (Liftoff) than
 * with tier-up: the optimising compiler's work on tree-sitter's hot functions is paid once per process and
 * repays itself only over more text. Measured on sympy's Python files, parse + tags query + chunks, process
 * CPU: one 30 KB file 343 ms baseline against 521 ms with tier-up, 55 KB 380 against 542, 164 KB 678
 * against 697 (the crossover), 1.1 MB 2,312 against 1,803.
 */
export const BASELINE_WASM_MAX_BYTES = 100_000;

/** A tiering budget no parse job exhausts: every WebAssembly function stays on its baseline code. */
const NEVER_TIER_UP = 2_000_000_000;

/**
 * For a process that exits after one small parse job (`nanodex index` after an edit): keeps the WebAssembly
 * modules it is about to instantiate on baseline code. The budget is read when a module is instantiated, so
 * it is set before the parser loads and holds for this process's parsers; a bigger job is left to tier up.
 * Returns whether it did.
 */
export function keepWasmOnBaseline(job: ParseJob): boolean {
  if (job.bytes > BASELINE_WASM_MAX_BYTES) return false;
  try {
    setFlagsFromString(`--wasm-tiering-budget=${NEVER_TIER_UP}`);
    return true;
  } catch {
    // Only a speed-up: a runtime that refuses the flag parses as before.
    return false;
  }
}
