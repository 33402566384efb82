import { findLanguage } from '../code-index/languages.js';
import { classifyFile } from '../repo/classify-file.js';
import { plural } from '../render/markdown.js';
import type { Walkthrough, WalkthroughFile } from './build-walkthrough.js';
import type { CoChange } from './find-co-changes.js';
import type { ReviewFinding } from './findings/review-finding.js';
import type { ReviewDraft } from './review-draft.js';
import type { ReviewEffort } from './review-effort.js';

export type { ReviewEffort } from './review-effort.js';

/*
 * The steps below were set on real commits of axios, koa, click, httpx, gin and chi (docs/reviews.md,
 * "Walkthrough: effort and flow"): a typo fix scores 1, a bug fix with its test 2, a feature over a few
 * folders 3, a cross-cutting refactor 4-5.
 */
/** Lines changed (code and tests counted whole, docs and config at a quarter) from which size adds 1, 2, 3. */
const SIZE_STEPS = [30, 200, 600];
/** Files from which spread adds 1 and 2; folders likewise; a third language adds 1 on its own. */
const FILE_STEPS = [4, 10];
const FOLDER_STEPS = [3, 6];
/** Interface changes (signature, visibility, removal, rename) plus findings and risky patterns from which risk adds 1 and 2. */
const RISK_STEPS = [1, 4];
/** A changed code file touched by this share of the history window's commits is a hot spot. */
const HOT_SHARE = 0.05;
/** ...and by at least this many commits (a short history says little). */
const HOT_MIN_COMMITS = 10;
/**
 * Points (size 0-3, spread 0-2, risk 0-2, churn 0-1) to the score: 2 and 3 points both read as a 3 (a fix over a few
 * files, or a small change that alters a signature), so a 4 takes a change big and wide, and a 5 big, wide and risky.
 */
const SCORE_BY_POINTS: ReviewEffort['score'][] = [1, 2, 3, 3, 4, 5];
/** Weight of a line of docs, config or data next to a line of code: it reads faster. */
const NON_CODE_WEIGHT = 0.25;

/**
 * The review effort from the walkthrough: size (lines changed, docs and
 * config counted at a quarter, generated and vendored files not at all),
 * spread (files, folders, languages), risk (interface changes, findings,
 * risky patterns) and churn (a changed code file the history shows is a hot
 * spot, counted only when the change is not tiny). Each part that adds to
 * the score is a reason with its figure.
 */
export function estimateReviewEffort(input: {
  walkthrough: Walkthrough;
  history?: CoChange | { unavailable: string };
  findings?: ReviewFinding[];
  drafts?: ReviewDraft[];
}): ReviewEffort {
  const files = input.walkthrough.files.filter((f) => weight(f) > 0);
  const lines = files.reduce((n, f) => n + (f.additions + f.deletions) * weight(f), 0);
  const rawLines = files.reduce((n, f) => n + f.additions + f.deletions, 0);
  const folders = new Set(files.map((f) => folderOf(f.path)));
  const languages = new Set(files.flatMap((f) => findLanguage(f.path) ?? []));
  const size = step(lines, SIZE_STEPS);
  const spread = Math.min(2, Math.max(step(files.length, FILE_STEPS), step(folders.size, FOLDER_STEPS)) + (languages.size >= 3 ? 1 : 0));
  const reasons: { points: number; text: string }[] = [
    {
      points: size + spread,
      text: `${plural(rawLines, 'line')} changed in ${plural(files.length, 'file')}${folders.size > 1 ? ` across ${plural(folders.size, 'folder')}` : ''}`,
    },
  ];
  if (languages.size >= 3) reasons.push({ points: 1, text: `${languages.size} languages (${[...languages].sort().join(', ')})` });

  const interfaceChanges = countInterfaceChanges(files);
  const findings = (input.findings ?? []).filter((f) => f.severity !== 'check');
  const risky = (input.drafts ?? []).filter((d) => d.kind.startsWith('risk:') && d.severity !== 'info');
  const risk = step(interfaceChanges.total + findings.length + risky.length, RISK_STEPS);
  if (interfaceChanges.total > 0) reasons.push({ points: risk, text: interfaceChanges.text });
  if (findings.length > 0) reasons.push({ points: risk, text: `${plural(findings.length, 'finding')} that may break callers` });
  if (risky.length > 0) reasons.push({ points: risk, text: plural(risky.length, 'risky pattern') });

  const hot = size > 0 ? findHotSpot(files, input.history) : undefined;
  if (hot) reasons.push({ points: 1, text: hot });

  const score = SCORE_BY_POINTS[Math.min(SCORE_BY_POINTS.length - 1, size + spread + risk + (hot ? 1 : 0))]!;
  return { score, reasons: reasons.sort((a, b) => b.points - a.points).map((r) => r.text) };
}

/** 0 below the first step, 1 from it, 2 from the second… */
function step(value: number, steps: number[]): number {
  return steps.filter((s) => value >= s).length;
}

/** Code and tests read line by line; docs, config and data at a glance; generated and vendored files not at all. */
function weight(file: WalkthroughFile): number {
  const { kind } = classifyFile(file.path);
  if (kind === 'generated' || kind === 'vendored' || file.notCompared === 'binary') return 0;
  return (kind === 'product' || kind === 'test') && findLanguage(file.path) ? 1 : NON_CODE_WEIGHT;
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '.' : path.slice(0, slash);
}

function countInterfaceChanges(files: WalkthroughFile[]): { total: number; text: string } {
  const counts = { signature: 0, visibility: 0, removed: 0, renamed: 0 };
  for (const f of files) for (const c of f.symbolChanges) counts[c.kind] += 1;
  const parts = [
    counts.signature > 0 ? plural(counts.signature, 'signature change') : '',
    counts.visibility > 0 ? plural(counts.visibility, 'visibility change') : '',
    counts.removed > 0 ? plural(counts.removed, 'removal') : '',
    counts.renamed > 0 ? plural(counts.renamed, 'rename') : '',
  ].filter(Boolean);
  return { total: counts.signature + counts.visibility + counts.removed + counts.renamed, text: parts.join(', ') };
}

/** The changed product file (tests churn with it) the history touched most, when it is a hot spot: `src/a.ts changed in 45 of the last 500 commits`. */
function findHotSpot(files: WalkthroughFile[], history: CoChange | { unavailable: string } | undefined): string | undefined {
  if (!history || 'unavailable' in history || history.window === 0) return undefined;
  const code = new Set(files.filter((f) => weight(f) === 1 && classifyFile(f.path).kind === 'product').map((f) => f.oldPath ?? f.path));
  const hottest = history.files.filter((f) => code.has(f.path)).sort((a, b) => b.commits - a.commits)[0];
  if (!hottest || hottest.commits < HOT_MIN_COMMITS || hottest.commits < history.window * HOT_SHARE) return undefined;
  return `${hottest.path} changed in ${hottest.commits} of the last ${plural(history.window, 'commit')}`;
}
