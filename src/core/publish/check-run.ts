/** How a check run ends: `skipped` when no file was reviewed; never `success` for a review that did not finish. */
export type CheckConclusion = 'success' | 'neutral' | 'failure' | 'skipped';

/** GitHub's annotation levels: a finding's `error` is a `failure`, `warning` a `warning`, `check` a `notice`. */
export type AnnotationLevel = 'failure' | 'warning' | 'notice';

/** One finding as a line annotation on the check run. */
export interface CheckAnnotation {
  path: string;
  startLine: number;
  endLine: number;
  level: AnnotationLevel;
  /** The rule that raised it. */
  title: string;
  message: string;
  /** The evidence, as plain text (GitHub shows it folded under the annotation). */
  details?: string;
}

/**
 * The check run of one reviewed head: created once per head and updated in
 * place when the head is reviewed again. Adapters redact every text, send
 * the annotations in GitHub's batches, and never add an annotation the run
 * already carries.
 */
export interface CheckRunToPost {
  headSha: string;
  /** The check's name, as a branch rule requires it: `nanodex review`. */
  name: string;
  conclusion: CheckConclusion;
  title: string;
  /** Markdown, within GitHub's 65,535 characters. */
  summary: string;
  annotations: CheckAnnotation[];
  /** Where "Details" leads: the review's summary comment. */
  detailsUrl?: string;
}

/** What became of a check run: posted (created or updated), or refused because the token may not write checks (HTTP 403). */
export type CheckRunPosted =
  { kind: 'posted'; url: string; updated: boolean; requests: number } | { kind: 'not-permitted'; message: string };

/** The check runs of a repository's commits. */
export interface CheckRuns {
  /** Creates the check run named `run.name` on `run.headSha`, or updates the one nanodex posted there before. */
  upsertCheckRun(run: CheckRunToPost): Promise<CheckRunPosted>;
  /** The annotations of the run nanodex posted on `headSha`; undefined when there is none or it cannot be read. */
  readCheckAnnotations(headSha: string): Promise<CheckAnnotation[] | undefined>;
}

/** The name of nanodex's check run: what a branch rule names to require it. */
export const CHECK_RUN_NAME = 'nanodex review';
