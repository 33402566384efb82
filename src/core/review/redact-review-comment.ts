import { redactSecretsCounted } from '../secrets/redact-secrets.js';

/** A GitHub suggestion block as `fence` writes it: a bar of three or more backticks, the body, the same bar. */
const SUGGESTION_BLOCK = /(^|\n)(`{3,})suggestion\n([\s\S]*?)\2(?=\n|$)/g;
const WITHHELD = '_A suggested change was left out: it held a secret, and applying it would have written `[redacted]` into the code._';

/**
 * A review comment's body with its secrets redacted. A suggestion block that
 * held one is left out whole: one click would commit the marker in place of
 * the code, which is worse than no suggestion.
 */
export async function redactReviewComment(body: string): Promise<{ body: string; secrets: number }> {
  let withheld = 0;
  let out = '';
  let last = 0;
  for (const m of body.matchAll(SUGGESTION_BLOCK)) {
    const { count } = await redactSecretsCounted(m[3]!);
    if (count === 0) continue;
    withheld += count;
    out += body.slice(last, m.index) + m[1]! + WITHHELD;
    last = m.index + m[0].length;
  }
  const redacted = await redactSecretsCounted(out + body.slice(last));
  return { body: redacted.text, secrets: withheld + redacted.count };
}
