import type { SanitizeReport } from './sanitize-model-text.js';

/** What composeComment did to a comment before it could be posted (kept in the run's result and metrics). */
export interface CommentCheck {
  citationsKept: number;
  citationsRemoved: number;
  citationProblems: string[];
  sanitized: SanitizeReport;
  trimmed: string[];
}
