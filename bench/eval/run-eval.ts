/**
 * `npm run eval:locate`: how well `locateFiles` finds the files a real commit
 * changed, from its message alone, against whole-file BM25 in the same run.
 *
 * Cases come from `npx tsx bench/eval/build-cases.ts` (real commits of five
 * public repositories; kept in ~/.cache/nanodex-eval, never in the
 * repository). Prints a Markdown table per repository and overall, writes
 * the figures (no code, no commit messages) to
 * bench/eval/results/locate-latest.json, and lists the worst nanodex cases
 * on stderr.
 *
 * Flags: --cases FILE, --repo owner/name (only that repository), --worst N,
 * --half tune|held-out (split-cases.ts), --out FILE (instead of locate-latest.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { silentLogger, systemClock } from '../../src/core/ports.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { run } from '../../src/core/run.js';
import { CASES_FILE, loadCases } from './eval-paths.js';
import { describeWorst, log, runCases, summarise } from './harness.js';
import { renderTable, TARGETS } from './metrics.js';
import { pickHalf, type Half } from './split-cases.js';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: CASES_FILE },
    repo: { type: 'string' },
    worst: { type: 'string', default: '10' },
    half: { type: 'string' },
    out: { type: 'string' },
  },
});

if (args.half !== undefined && args.half !== 'tune' && args.half !== 'held-out') throw new Error('--half is tune or held-out');
const cases = pickHalf(
  loadCases(args.cases).filter((c) => !args.repo || c.repo === args.repo),
  args.half as Half | undefined,
);
log(`${cases.length} cases from ${new Set(cases.map((c) => c.repo)).size} repositories`);

const started = Date.now();
const results = await runCases(cases, {
  // The shipped path: run() reads the question as every front hands it over (budget words, shape kept).
  nanodex: async ({ index, evalCase, root }) => {
    const ports = { source: new LocalRepoSource(root), index, logger: silentLogger, clock: systemClock };
    const result = await run({ command: 'locate', prompt: evalCase.query, repo: { kind: 'local', root } }, ports);
    if (result.kind !== 'done' || result.command !== 'locate')
      throw new Error(`locate did not answer: ${JSON.stringify(result).slice(0, 300)}`);
    return result.files.map((f) => f.path);
  },
  'bm25-files': ({ baseline, evalCase }) => baseline.rank(evalCase.query, 10),
});
const summary = summarise(results);

process.stdout.write(`${renderTable(summary)}\n`);
const unindexed = results.filter((r) => r.unindexed.length > 0).length;
if (unindexed > 0) log(`${unindexed} cases expect a file the index skipped`);
process.stderr.write(`\nWorst nanodex cases:\n${describeWorst(results, 'nanodex', Number(args.worst))}\n`);

const overall = summary.overall?.nanodex;
const out = args.out ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'locate-latest.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      cases: cases.length,
      commits: Object.fromEntries(
        [...new Set(cases.map((c) => c.repo))].map((repo) => {
          const dates = cases
            .filter((c) => c.repo === repo)
            .map((c) => c.date)
            .sort();
          return [repo, { from: dates[0], to: dates[dates.length - 1] }];
        }),
      ),
      targets: TARGETS,
      meetsTargets: overall ? overall.recall5 >= TARGETS.recall5 && overall.allIn5 >= TARGETS.allIn5 && overall.mrr >= TARGETS.mrr : false,
      unindexedCases: unindexed,
      results: summary,
      seconds: Math.round((Date.now() - started) / 1000),
    },
    null,
    2,
  )}\n`,
);
log(`figures written to ${path.relative(process.cwd(), out)}`);
