/**
 * `npm run eval:outputs`: what nanodex's outputs hit on real commits, against
 * the baselines issue 13 names, in one run (offline, no model):
 *
 *  - locate: R@1, R@5, all-in-top-5, MRR (baseline: whole-file BM25);
 *  - evidence (`ask`): hunk hit, hunk recall, on-target share, lines used
 *    (baseline: BM25 over 40-line windows given exactly as many lines);
 *  - plan: changed source files among the plan's first 5 files, and the share
 *    of proposed files that are docs/examples/benchmarks/tests the commit did not touch.
 *
 * Cases come from bench/eval/build-cases.ts (kept outside the repository,
 * NANODEX_EVAL_DIR); hunks are read from the same mirrors. Sets are named:
 *   --sets tuned=/work/eval-cases/cases.json,held-out=/work/eval-cases/held-out-old.json
 * Figures (no code, no messages; per case the expected files and each path's first five) go to
 * bench/eval/results/outputs-latest.json. With --cli dist/src/cli/main.js, locate also runs through
 * the built CLI as a process (the question one argument, as a user pastes it) beside run() here:
 *   npm run build && npx tsx bench/eval/run-outputs-eval.ts --sets reports=FILE --cli dist/src/cli/main.js --locate-only
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SqliteCodeIndex } from '../../src/core/code-index/code-index.js';
import { indexRepository } from '../../src/core/code-index/index-repository.js';
import { indexForFirstAnswer } from '../../src/core/code-index/index-for-first-answer.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { silentLogger, systemClock } from '../../src/core/ports.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import type { RunResult } from '../../src/core/request.js';
import { run } from '../../src/core/run.js';
import { FileBm25 } from './bm25-baseline.js';
import { CASES_FILE, indexFile, loadCases, snapshotDir, type EvalCase } from './eval-paths.js';
import { log } from './harness.js';
import { locateThroughCli } from './locate-through-cli.js';
import { scoreCase } from './metrics.js';
import { mean, scoreEvidence, scorePlan, type EvidenceScore, type PlanScore } from './outputs-metrics.js';
import { mirrorGitDir, readHunks, readTouchedFiles } from './read-hunks.js';
import { WindowBm25, type Excerpt } from './window-bm25.js';

const { values: args } = parseArgs({
  options: {
    sets: { type: 'string', default: `cases=${CASES_FILE}` },
    repo: { type: 'string' },
    limit: { type: 'string' },
    mirrors: { type: 'string', default: '/work/.mirror' },
    out: { type: 'string' },
    /**
     * Start each new index from a copy of the last one built for the same repository, so delta
     * indexing re-parses only the files that differ (trees of 1,500+ files at many parent commits).
     */
    'seed-index': { type: 'boolean', default: false },
    /**
     * Ask each case's questions of a first answer's index (index-for-first-answer.ts: only the files the
     * question needs, in a fresh index per case) instead of the whole index: the cold path of issue 28.
     */
    cold: { type: 'boolean', default: false },
    /**
     * With --cold: the tree size under which a first answer indexes the whole tree instead
     * (FIRST_ANSWER_MIN_TREE_BYTES); 0 takes the first answer's path on every tree, so its pick and
     * ranking are judged on small held-out repositories too.
     */
    'cold-min-bytes': { type: 'string' },
    /**
     * Also rank each question through the built CLI as a process (`node <main.js> locate <question>
     * --repo <snapshot> --index <the case's index> --json`), the question one argument, lines kept:
     * the front a user runs, beside run() in this process on the same index.
     */
    cli: { type: 'string' },
    /** Locate only (no ask, no plan): a quick ranking run. */
    'locate-only': { type: 'boolean', default: false },
    /** Locate and ask only (no plan): the evidence figures without the plan's slower run. */
    'skip-plan': { type: 'boolean', default: false },
  },
});
const CLI = args.cli ? path.resolve(args.cli) : undefined;

interface CaseOutcome {
  set: string;
  repo: string;
  sha: string;
  /** The issue a long-report case was built from (build-issue-cases.ts). */
  issue?: string;
  expected: string[];
  /** The first five files each path ranked. */
  top: { nanodex: string[]; cli?: string[] };
  locate: { nanodex: LocateScore; baseline: LocateScore; cli?: LocateScore };
  evidence: { nanodex: EvidenceScore; baseline: EvidenceScore } | undefined;
  plan: PlanScore | undefined;
  crashes: string[];
}
interface LocateScore {
  r1: number;
  r5: number;
  all5: number;
  rr: number;
}

const toLocate = (expected: string[], ranked: string[]): LocateScore => {
  const s = scoreCase(expected, ranked);
  return { r1: expected.includes(ranked[0] ?? '') ? 1 : 0, r5: s.recall5, all5: s.allIn5, rr: s.rr };
};

function planFiles(result: RunResult): string[] | undefined {
  if (result.kind !== 'done' || !('output' in result) || result.output.kind !== 'plan') return undefined;
  const top = (result as { files?: { path: string }[] }).files;
  if (top) return top.map((f) => f.path);
  return [...new Set(result.output.doc.phases.flatMap((p) => p.files))];
}

function evidenceOf(result: RunResult): Excerpt[] | undefined {
  if (result.kind === 'done' && result.command === 'ask') return result.context.evidence;
  if (result.kind === 'budget-exceeded') return result.gathered;
  return undefined;
}

const sets = args.sets.split(',').map((s) => {
  const [name, file] = s.split('=');
  return {
    name: name!,
    cases: loadCases(file)
      .filter((c) => !args.repo || c.repo === args.repo)
      .slice(0, args.limit ? Number(args.limit) : undefined),
  };
});
const all = sets.flatMap((s) => s.cases.map((c) => ({ set: s.name, c })));
log(`${all.length} cases in ${sets.length} set(s) from ${new Set(all.map((a) => a.c.repo)).size} repositories`);

const started = Date.now();
const outcomes: CaseOutcome[] = [];
const bySnapshot = new Map<string, { set: string; c: EvalCase }[]>();
for (const a of all) bySnapshot.set(snapshotDir(a.c), [...(bySnapshot.get(snapshotDir(a.c)) ?? []), a]);
const lastIndex = new Map<string, string>();
for (const [dir, group] of bySnapshot) {
  const file = indexFile(group[0]!.c);
  const seed = lastIndex.get(group[0]!.c.repo);
  if (args['seed-index'] && seed && !existsSync(file)) copyFileSync(seed, file);
  lastIndex.set(group[0]!.c.repo, file);
  const store = await IndexStore.openWriter(file);
  try {
    const source = new LocalRepoSource(dir);
    await indexRepository(source, store, {});
    store.releaseWriteLock();
    const index = new SqliteCodeIndex(store);
    const files = index.listFiles().map((f) => f.path);
    const fileBm25 = new FileBm25(dir, files);
    const windows = new WindowBm25(dir, files);
    const warmPorts = { source, index, logger: silentLogger, clock: systemClock };
    try {
      for (const { set, c } of group) {
        const cold = args.cold ? await openColdIndex(source, c.query) : undefined;
        try {
          const ports = cold?.ports ?? warmPorts;
          const crashes: string[] = [];
          const gitDir = mirrorGitDir(c.repo, args.mirrors);
          const touched = readTouchedFiles(gitDir, c.parentSha, c.sha);
          const hunks = readHunks(gitDir, c.parentSha, c.sha, c.expected);
          const repo = { kind: 'local' as const, root: dir };
          // The shipped path: run() reads the question as every front hands it over (budget words, shape kept).
          const located = await run({ command: 'locate', prompt: c.query, repo }, ports);
          if (located.kind === 'failed') crashes.push(`locate: ${located.message}`);
          const ranked = located.kind === 'done' && located.command === 'locate' ? located.files.map((f) => f.path) : [];
          const viaCli = CLI ? locateThroughCli(CLI, dir, cold ? undefined : file, c.query) : undefined;
          if (viaCli && 'error' in viaCli) crashes.push(`cli locate: ${viaCli.error}`);
          const cliRanked = viaCli && 'files' in viaCli ? viaCli.files : undefined;
          const locate = {
            nanodex: toLocate(c.expected, ranked),
            baseline: toLocate(c.expected, fileBm25.rank(c.query, 10)),
            ...(viaCli ? { cli: toLocate(c.expected, cliRanked ?? []) } : {}),
          };
          const top = { nanodex: ranked.slice(0, 5), ...(viaCli ? { cli: (cliRanked ?? []).slice(0, 5) } : {}) };
          const issue = (c as { issue?: string }).issue;
          let evidence: CaseOutcome['evidence'];
          let plan: PlanScore | undefined;
          if (args['locate-only']) {
            outcomes.push({ set, repo: c.repo, sha: c.sha, issue, expected: c.expected, top, locate, evidence, plan, crashes });
            continue;
          }
          try {
            const asked = await run({ command: 'ask', prompt: c.query, repo }, ports);
            if (asked.kind === 'failed') crashes.push(`ask: ${asked.message}`);
            const excerpts = evidenceOf(asked);
            if (excerpts) {
              const nanodex = scoreEvidence(hunks, excerpts);
              evidence = { nanodex, baseline: scoreEvidence(hunks, windows.excerpts(c.query, nanodex.lines)) };
            }
          } catch (error) {
            crashes.push(`ask threw: ${String(error)}`);
          }
          if (!args['skip-plan'])
            try {
              const planned = await run({ command: 'plan', prompt: c.query, repo }, ports);
              if (planned.kind === 'failed') crashes.push(`plan: ${planned.message}`);
              const proposed = planFiles(planned);
              if (proposed) plan = scorePlan(c.expected, touched, proposed);
            } catch (error) {
              crashes.push(`plan threw: ${String(error)}`);
            }
          outcomes.push({ set, repo: c.repo, sha: c.sha, issue, expected: c.expected, top, locate, evidence, plan, crashes });
          if (outcomes.length % 20 === 0) log(`${outcomes.length}/${all.length} cases (${Math.round((Date.now() - started) / 1000)} s)`);
        } finally {
          cold?.store.close();
          if (cold) rmSync(path.dirname(cold.store.file), { recursive: true, force: true });
        }
      }
    } finally {
      fileBm25.close();
      windows.close();
    }
  } finally {
    store.close();
  }
}

/** A fresh index of the files a first answer picks for `query` (the scan given time to finish: the pick, not the clock, is measured). */
async function openColdIndex(source: LocalRepoSource, query: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'nanodex-cold-')), 'index.sqlite');
  const store = await IndexStore.openWriter(file);
  const minTreeBytes = args['cold-min-bytes'] === undefined ? undefined : Number(args['cold-min-bytes']);
  const first = await indexForFirstAnswer(source, store, query, { scanTimeoutMs: 60_000, minTreeBytes });
  if (first === undefined) await indexRepository(source, store, {});
  store.releaseWriteLock();
  const index = new SqliteCodeIndex(store);
  return { store, ports: { source, index, logger: silentLogger, clock: systemClock } };
}

interface Row {
  group: string;
  cases: number;
  figures: Record<string, number>;
}
function summarise(group: string, os: CaseOutcome[]): Row {
  const ev = os.filter((o) => o.evidence);
  const pl = os.filter((o) => o.plan);
  const cli = os.filter((o) => o.locate.cli);
  return {
    group,
    cases: os.length,
    figures: {
      'locate R@1': mean(os.map((o) => o.locate.nanodex.r1)),
      'bm25 R@1': mean(os.map((o) => o.locate.baseline.r1)),
      'locate R@5': mean(os.map((o) => o.locate.nanodex.r5)),
      'bm25 R@5': mean(os.map((o) => o.locate.baseline.r5)),
      'locate All@5': mean(os.map((o) => o.locate.nanodex.all5)),
      'bm25 All@5': mean(os.map((o) => o.locate.baseline.all5)),
      'locate MRR': mean(os.map((o) => o.locate.nanodex.rr)),
      'bm25 MRR': mean(os.map((o) => o.locate.baseline.rr)),
      ...(cli.length > 0
        ? {
            'cli R@1': mean(cli.map((o) => o.locate.cli!.r1)),
            'cli R@5': mean(cli.map((o) => o.locate.cli!.r5)),
            'cli All@5': mean(cli.map((o) => o.locate.cli!.all5)),
            'cli MRR': mean(cli.map((o) => o.locate.cli!.rr)),
          }
        : {}),
      ...(ev.length > 0
        ? {
            'hunk hit': mean(ev.map((o) => o.evidence!.nanodex.hunkHit)),
            'win hunk hit': mean(ev.map((o) => o.evidence!.baseline.hunkHit)),
            'hunk recall': mean(ev.map((o) => o.evidence!.nanodex.hunkRecall)),
            'win hunk recall': mean(ev.map((o) => o.evidence!.baseline.hunkRecall)),
            'on-target': mean(ev.map((o) => o.evidence!.nanodex.onTarget)),
            'win on-target': mean(ev.map((o) => o.evidence!.baseline.onTarget)),
            lines: mean(ev.map((o) => o.evidence!.nanodex.lines)),
            'head share': mean(ev.map((o) => o.evidence!.nanodex.headShare)),
            'files/answer': mean(ev.map((o) => o.evidence!.nanodex.files)),
          }
        : {}),
      ...(pl.length > 0
        ? {
            'plan R@5': mean(pl.map((o) => o.plan!.recall5)),
            'plan non-product': mean(pl.map((o) => o.plan!.nonProductShare)),
          }
        : {}),
      crashes: os.reduce((n, o) => n + o.crashes.length, 0),
    },
  };
}

const rows: Row[] = [];
for (const s of sets) {
  const mine = outcomes.filter((o) => o.set === s.name);
  for (const repo of [...new Set(mine.map((o) => o.repo))])
    rows.push(
      summarise(
        `${s.name} ${repo}`,
        mine.filter((o) => o.repo === repo),
      ),
    );
  rows.push(summarise(`${s.name} (all)`, mine));
}
const columns = [...new Set(rows.flatMap((r) => Object.keys(r.figures)))];
const table = [
  `| set | cases | ${columns.join(' | ')} |`,
  `| --- | ---: | ${columns.map(() => '---:').join(' | ')} |`,
  ...rows.map(
    (r) =>
      `| ${r.group} | ${r.cases} | ${columns.map((k) => (r.figures[k] === undefined ? '' : k === 'lines' || k === 'crashes' ? String(Math.round(r.figures[k])) : r.figures[k].toFixed(3))).join(' | ')} |`,
  ),
].join('\n');
process.stdout.write(`${table}\n`);
for (const o of outcomes.filter((x) => x.crashes.length > 0))
  log(`crash ${o.repo} ${o.sha.slice(0, 10)}: ${o.crashes.join('; ').slice(0, 300)}`);
const out = args.out ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'outputs-latest.json');
mkdirSync(path.dirname(out), { recursive: true });
const head = JSON.stringify({ date: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), rows }, null, 1);
// One line per case keeps the file reviewable.
const caseLines = outcomes.map(
  ({ set, repo, sha, issue, expected, top, locate, evidence, plan, crashes }) =>
    `  ${JSON.stringify({ set, repo, sha: sha.slice(0, 12), issue, expected, top, locate, evidence, plan, crashes: crashes.length })}`,
);
writeFileSync(out, `${head.slice(0, -2)},\n "cases": [\n${caseLines.join(',\n')}\n ]\n}\n`);
log(`figures written to ${path.relative(process.cwd(), out)}`);
