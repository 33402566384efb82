/**
 * Token estimate for budgets: characters / 3.5, rounded up. Calibrated with
 * js-tiktoken (cl100k_base and o200k_base) on this repository's TypeScript
 * (3.8 characters a token), 300 files of the Python standard library (4.3)
 * and its Markdown docs (3.8): 3.5 overcounts by 8-20%, so a budget is never
 * overrun, and it costs nothing to compute on every read.
 */
const CHARS_PER_TOKEN = 3.5;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
