import type { CodeIndex } from '../../code-index/code-index.js';
import type { TestLayout } from '../../tests/test-layout.js';
import type { Walkthrough } from '../build-walkthrough.js';
import type { DiffFile } from '../parse-diff.js';

/**
 * How sure a finding is and what it asks of the author: `error` breaks
 * something (a required argument missing at a call site), `warning` very
 * likely does, `check` asks a question the code cannot answer ("these
 * callers get the default: is that intended?").
 */
export type FindingSeverity = 'error' | 'warning' | 'check';

/** The cross-file rules the index runs; repository and built-in ast-grep rules are `rule:<id>`, a model's are `model`. */
export const INDEX_RULES = ['callers-not-updated', 'removed-still-used', 'return-shape-changed', 'new-api-untested'] as const;
export type IndexRule = (typeof INDEX_RULES)[number];

/** One place a finding rests on: the old or new definition, an affected call site, a test. */
export interface FindingEvidence {
  /** What this place is, in a few words: `definition before`, `definition after`, `call site`, `import`. */
  label: string;
  path: string;
  startLine: number;
  endLine?: number;
  /** `head` (default): a line of the reviewed head; `base`: a line of the base, for what the change removed. */
  side?: 'head' | 'base';
  /** The lines themselves, as they read (shown in the summary and the check annotation). */
  code?: string;
}

/**
 * A finding of the review: deterministic (the index, a rule file) or a
 * model's after verification. It is about one head line; it becomes an
 * inline comment when that line is on the new side of the diff, and a
 * summary item otherwise.
 */
export interface ReviewFinding {
  /** `callers-not-updated` …, `rule:<id>` for ast-grep rules, `model` for a model's verified finding. */
  rule: string;
  severity: FindingSeverity;
  path: string;
  /** 1-based line of the head the finding is about (the last line when it spans several). */
  line: number;
  /** The first line, when the finding spans several. */
  startLine?: number;
  /** One or two sentences a maintainer reads first: what breaks, where, and why. */
  message: string;
  evidence: FindingEvidence[];
  /** Replacement for lines startLine..line (a rule's `fix`): rendered as a suggestion block when inline. */
  suggestion?: string;
  /**
   * The finding's identity across pushes, without line numbers (rule, path, symbol): what its fingerprint is
   * made of, so a 👎 or a resolved thread keeps it quiet after the code around it moves. `rule:path:message` when absent.
   */
  key?: string;
}

const ORDER: Record<FindingSeverity, number> = { error: 0, warning: 1, check: 2 };

/** Errors first, then warnings, then checks; within one, by path and line. */
export function compareFindings(a: ReviewFinding, b: ReviewFinding): number {
  return ORDER[a.severity] - ORDER[b.severity] || a.path.localeCompare(b.path) || a.line - b.line || a.rule.localeCompare(b.rule);
}

/**
 * What every finding rule reads: the reviewed files of the diff, the
 * walkthrough's symbol changes (each side parsed; the base rebuilt with
 * reconstructBase), and the head index. A rule never reads the network.
 */
export interface FindingContext {
  files: DiffFile[];
  walkthrough: Walkthrough;
  index: CodeIndex;
  /** A file's content at the head (the content the index was built from). */
  readHead: (path: string) => Promise<string>;
  /** The tree's tests with the runners' configs read; the conventions alone when absent. */
  layout?: TestLayout;
  /** The diff's deleted files (not among `files`: nothing of them is reviewed), whose removed lines say what they defined. */
  deleted?: DiffFile[];
}

export type FindingRule = (context: FindingContext) => Promise<ReviewFinding[]>;
