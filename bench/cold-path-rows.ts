/**
 * Issue 28's rows of `npm run bench`, from measurements already taken: a
 * cold index against ctags' CPU, the time to first answer against ctags'
 * wall, a cold mention against downloading the tarball, and refreshes
 * against `git status`. Pure: run-perf-bench.ts measures, these judge.
 */
import { median } from './measure.js';
import { s, verdict, x, type PerfRow } from './perf-table.js';
import type { McpEdit } from './mcp-edit.js';
import type { ProcessRun, ProcessTiming } from './time-process.js';

/**
 * Issue 28's limits. "Work" is the whole process' CPU (user + sys): the
 * issue counts start-up (module loading, git spawns, query compilation) in
 * it, and CPU is what a loaded machine does not inflate.
 */
export const TARGETS = {
  coldIndexSympyVsCtags: 8,
  coldIndexCorpusVsCtags: 5,
  firstAnswerSympyMs: 3_000,
  firstAnswerSympyVsCtags: 3,
  firstAnswerCorpusMs: 5_000,
  coldMentionMs: 8_000,
  refreshWorkMs: 300,
} as const;

/** Cold index CPU against `ctags -R` CPU on the same tree; no verdict without ctags. */
export function toColdIndexRow(figure: string, ours: ProcessRun, ctags: ProcessRun | undefined, maxRatio: number): PerfRow {
  const ratio = ctags ? ours.cpuMs / ctags.cpuMs : undefined;
  return {
    figure,
    nanodex: `${s(ours.cpuMs)} CPU (${s(ours.wallMs)} wall)`,
    baseline: ctags ? `ctags -R ${s(ctags.cpuMs)} CPU` : 'ctags missing',
    ratio: ratio === undefined ? '' : x(ratio),
    target: `<= ${maxRatio}x ctags`,
    result: verdict(ratio === undefined ? undefined : ratio <= maxRatio),
  };
}

/** `ask` on a cold index, wall, against `ctags -R` wall; `maxRatio` undefined: the limit is in seconds only. */
export function toFirstAnswerRow(
  label: string,
  measured: { ask: ProcessTiming; ctags: ProcessTiming; leftBuilding: number },
  limits: { maxMs: number; maxRatio?: number },
): PerfRow {
  const { ask, ctags, leftBuilding } = measured;
  const ratio = ask.wallMs / ctags.wallMs;
  const after = leftBuilding > 0 ? `; a build ran on after ${leftBuilding} of ${ask.runs.length}` : '';
  return {
    figure: `time to first answer, cold ${label} (\`ask\`, fresh index, whole process${after})`,
    nanodex: `${s(ask.wallMs)} wall (${s(ask.cpuMs)} CPU)`,
    baseline: `ctags -R ${s(ctags.wallMs)} wall`,
    ratio: x(ratio),
    target: limits.maxRatio === undefined ? `<= ${limits.maxMs / 1000} s` : `<= ${limits.maxMs / 1000} s, <= ${limits.maxRatio}x ctags`,
    result: verdict(ask.wallMs <= limits.maxMs && (limits.maxRatio === undefined || ratio <= limits.maxRatio)),
  };
}

/** The App's cold mention, delivery to answer, against downloading and unpacking the same tarball. */
export function toColdMentionRow(
  label: string,
  measured: { runs: { replyMs: number; cpuMs: number; besideMs: number; workingMs: number | undefined }[]; download: ProcessTiming },
): PerfRow {
  const beside = median(measured.runs.map((r) => r.besideMs));
  const reply = median(measured.runs.map((r) => r.replyMs));
  const working = measured.runs.map((r) => r.workingMs).filter((ms): ms is number => ms !== undefined);
  return {
    figure: `cold mention on ${label}: delivery to answer (App server, tarball from a loopback GitHub)`,
    nanodex: `${s(reply)} (App ${s(median(measured.runs.map((r) => r.cpuMs)))} CPU${working.length > 0 ? `; "working" at ${s(median(working))}` : ''}; other processes ${s(beside)} CPU beside it)`,
    baseline: `curl | tar xz ${s(measured.download.wallMs)} wall`,
    ratio: x(reply / measured.download.wallMs),
    target: `<= ${TARGETS.coldMentionMs / 1000} s after delivery`,
    result: verdict(reply <= TARGETS.coldMentionMs),
  };
}

/**
 * A refresh (nothing changed, or one file edited) against `git status` on
 * the same tree: judged on the process' CPU, the index's own timing shown
 * beside it; `judged` false prints the figures without a verdict.
 */
export function toRefreshRow(
  figure: string,
  measured: { index: ProcessTiming; workMs: number[]; gitStatus: ProcessTiming; asExpected: boolean },
  judged = true,
): PerfRow {
  const { index, gitStatus } = measured;
  return {
    figure: `${figure}: process CPU (index's own timing, wall)`,
    nanodex: `${s(index.cpuMs)} CPU (${s(median(measured.workMs))}, ${s(index.wallMs)} wall)`,
    baseline: `git status ${s(gitStatus.cpuMs)} CPU, ${s(gitStatus.wallMs)} wall`,
    ratio: `${x(index.cpuMs / Math.max(gitStatus.cpuMs, 1))} git status CPU`,
    target: `<= ${TARGETS.refreshWorkMs / 1000} s of work (CPU)`,
    result: judged ? verdict(index.cpuMs <= TARGETS.refreshWorkMs && measured.asExpected) : 'n/a',
  };
}

/**
 * A 1-file edit in the running MCP server (mcp-edit.ts): the server's CPU from the call before to the lookup
 * that sees the edit, against a lookup with no change in the same server and `git status`; judged as the
 * CLI's refresh rows, on CPU, and only when every lookup found the name the edit added.
 */
export function toMcpEditRow(label: string, measured: McpEdit): PerfRow {
  const { edit, noChange, gitStatus } = measured;
  return {
    figure: `1-file edit in a running \`nanodex mcp\`, ${label}: server CPU from the call before to the lookup that sees it (call wall; the first edit after start)`,
    nanodex: `${s(edit.medianCpuMs)} CPU (${s(edit.medianWallMs)} wall; first ${s(edit.cpuMs[0]!)} CPU)`,
    baseline: `no-change lookup ${s(noChange.medianCpuMs)} CPU, ${s(noChange.medianWallMs)} wall; git status ${s(gitStatus.cpuMs)} CPU`,
    ratio: `${x(edit.medianCpuMs / Math.max(gitStatus.cpuMs, 1))} git status CPU`,
    target: `<= ${TARGETS.refreshWorkMs / 1000} s of work (CPU)`,
    result: verdict(edit.medianCpuMs <= TARGETS.refreshWorkMs && measured.sawEveryEdit),
  };
}
