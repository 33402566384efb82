import { redactSecrets } from '../repo/skip-rules.js';

/** A comment someone (a rule or a model) wants to make about a quoted piece of the new code. */
export interface ReviewDraft {
  path: string;
  /** The code the comment is about: one or more lines, or part of one line, of the new side. */
  quote: string;
  body: string;
  /** Replacement for the quoted lines; attached as a suggestion block only when the quote covers whole lines. */
  suggestion?: string;
  /** What made it, e.g. `risk:eval` or `model`. */
  kind: string;
  severity?: 'info' | 'warning' | 'error';
}

// Literal values assigned to secret-named keys: redactSecrets knows token shapes, not passwords.
const SECRET_ASSIGNMENT = /(\b\w*(?:password|passwd|secret|api[_-]?key|token)["']?\s*[:=]\s*["'])[^"'\s]{6,}(["'])/gi;

/**
 * The quote as it may be shown: a comment must never repeat a secret it
 * warns about, so every displayed quote passes here.
 */
export function toShownQuote(quote: string): string {
  return redactSecrets(quote).replace(SECRET_ASSIGNMENT, '$1[redacted]$2');
}

// Values that stand for a secret rather than being one.
const PLACEHOLDER = /^(x+|\*+|\.+|<.*>|\$\{.*|\{\{.*|your[\w-]*|changeme|example[\w-]*|dummy[\w-]*|fake[\w-]*|test[\w-]*|redacted)$/i;

/** A token-shaped string, or a literal (not a placeholder) assigned to a secret-named key. */
export function hasSecret(line: string): boolean {
  if (redactSecrets(line) !== line) return true;
  return [...line.matchAll(new RegExp(SECRET_ASSIGNMENT.source, 'gi'))].some((m) => !PLACEHOLDER.test(m[0].slice(m[1]!.length, -1)));
}
