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
