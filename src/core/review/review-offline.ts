import type { CodeIndex } from '../code-index/code-index.js';
import { buildBlastRadius, placeBlastCallers, type BlastRadius } from './blast-radius.js';
import type { ChangeHistory } from './change-history.js';
import { findCoChanges, HISTORY_WINDOW, type CoChange } from './find-co-changes.js';
import { findLinkedIssues, type LinkedIssue } from './find-linked-issues.js';
import { buildWalkthrough, type Walkthrough } from './build-walkthrough.js';
import { buildCoverageReceipt, type CoverageReceipt } from './build-coverage-receipt.js';
import { findChangedSymbols, type ChangedSymbol } from './find-changed-symbols.js';
import { findTestGaps, type TestPlan } from './find-test-gaps.js';
import { isTestFile } from '../repo/is-test-file.js';
import { isGeneratedOrVendored } from '../repo/classify-file.js';
import type { TestLayout } from '../tests/test-layout.js';
import { findRiskyPatterns } from './find-risky-patterns.js';
import type { DiffFile } from './parse-diff.js';
import type { ReviewDraft } from './review-draft.js';
import type { ReviewFinding } from './findings/review-finding.js';
import { findIndexFindings } from './findings/index-rules.js';
import { estimateReviewEffort } from './estimate-review-effort.js';
import { buildChangeFlow } from './build-change-flow.js';

export interface OfflineReview {
  base: string;
  head: string;
  summary: { files: number; additions: number; deletions: number; changedSymbols: number };
  /** The diff's structure: sizes, signature/visibility changes, moved blocks. */
  walkthrough: Walkthrough;
  /** Churn and co-change of the changed files, or why there is no history to read. */
  history: CoChange | { unavailable: string };
  /** Issues the pull request text and the commit messages link to. */
  linkedIssues: LinkedIssue[];
  changedSymbols: ChangedSymbol[];
  blastRadius: BlastRadius[];
  /** Which tests reach the changed code, and the changed source files no changed test reaches. */
  tests: TestPlan;
  /** Cross-file findings from the index and rule findings, most severe first (review-finding.ts). */
  findings: ReviewFinding[];
  /** Risky patterns, ready for placeComments. */
  drafts: ReviewDraft[];
  receipt: CoverageReceipt;
}

/**
 * The review without a model: everything here comes from the diff and the
 * head index, so it is deterministic and says only what it can show. The
 * summary counts the whole diff; the findings cover the reviewed files only
 * (the receipt names the others and why), except the test plan, which
 * looks at every changed test file. Test code is not a changed symbol: its
 * callers are the test runner.
 */
export async function reviewOffline(input: {
  files: DiffFile[];
  index: CodeIndex;
  base: string;
  head: string;
  /** A changed file's content at the head commit (the content the index was built from). */
  readHead: (path: string) => Promise<string>;
  /** Git history, where the front has it (a full checkout). */
  history?: ChangeHistory;
  /** The pull request's title and body, when there is one. */
  pullRequestText?: string;
  /** `owner/repo`, so a reference to the repository itself reads `#12`. */
  repoName?: string;
  /** The tree's tests with the runners' configs read (loadTestLayout); the conventions alone when absent. */
  layout?: TestLayout;
}): Promise<OfflineReview> {
  const { files, index } = input;
  const receipt = buildCoverageReceipt(files, { index, head: input.head });
  const reviewedPaths = new Set(receipt.reviewed.map((r) => r.path));
  const reviewed = files.filter((f) => reviewedPaths.has(f.path));
  const changedSymbols = findChangedSymbols(reviewed, index).filter((c) => !isTestFile(c.symbol.path));
  const tests = findTestGaps(files, { changedSymbols, index, layout: input.layout });
  const blastRadius = await placeBlastCallers(
    buildBlastRadius(changedSymbols, index, { changedPaths: new Set(files.map((f) => f.path)) }),
    input.readHead,
  );
  const history = await readCoChange(input, files);
  const messages = input.history ? await input.history.messagesBetween(input.base, input.head) : [];
  const linkedIssues = findLinkedIssues(
    [
      ...(input.pullRequestText ? [{ text: input.pullRequestText, from: 'pull request' }] : []),
      ...messages.map((text) => ({ text, from: 'commit message' })),
    ],
    input.repoName,
  );
  const walkthrough = await buildWalkthrough(files, input.readHead);
  const deleted = files.filter((f) => f.status === 'deleted' && !f.binary && !isGeneratedOrVendored(f.path));
  const findings = await findIndexFindings({
    files: reviewed,
    walkthrough,
    index,
    readHead: input.readHead,
    layout: input.layout,
    deleted,
  });
  const drafts = await findRiskyPatterns(reviewed, undefined, input.readHead);
  walkthrough.effort = estimateReviewEffort({ walkthrough, history, findings, drafts });
  const flow = await buildChangeFlow({ files: reviewed, changedSymbols, index });
  if (flow.flow) walkthrough.flow = flow.flow;
  if (flow.problem) walkthrough.flowLeftOut = flow.problem;
  return {
    base: input.base,
    head: input.head,
    summary: {
      files: files.length,
      additions: files.reduce((n, f) => n + f.additions, 0),
      deletions: files.reduce((n, f) => n + f.deletions, 0),
      changedSymbols: changedSymbols.length,
    },
    walkthrough,
    history,
    linkedIssues,
    changedSymbols,
    blastRadius,
    tests: { ...tests, gaps: tests.gaps.filter((g) => reviewedPaths.has(g.path)) },
    findings,
    drafts,
    receipt,
  };
}

async function readCoChange(
  input: { history?: ChangeHistory; base: string; index: CodeIndex },
  files: DiffFile[],
): Promise<CoChange | { unavailable: string }> {
  if (!input.history) return { unavailable: 'the index was built from an archive, without git history' };
  const commits = await input.history.recentCommits(input.base, HISTORY_WINDOW);
  if ('unavailable' in commits) return commits;
  const changed = files.filter((f) => f.status !== 'added').map((f) => f.oldPath ?? f.path);
  return findCoChanges(commits, changed, (path) => input.index.getFile(path) !== undefined);
}
