/**
 * Token estimate for budgets: characters / 3.5, rounded up. Measured on code
 * with OpenAI's o200k and cl100k tokenizers, source code runs 3.2-3.8
 * characters a token and English prose about 4; 3.5 errs towards counting
 * more, so a budget is not overrun. Cheap enough to call on every render.
 */
const CHARS_PER_TOKEN = 3.5;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
