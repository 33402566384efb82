/**
 * Measures variants of the locator (locate-files-exp.ts) on the evaluation
 * cases in one pass over the snapshots:
 *
 *   npx tsx bench/eval/experiments/run-experiments.ts [--cases FILE] [--only name,name] [--per-repo] [--worst name]
 *
 * Prints one Markdown table (overall, or per repository with --per-repo).
 */
import { parseArgs } from 'node:util';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { CASES_FILE, loadCases } from '../eval-paths.js';
import { describeWorst, runCases, summarise, type Ranker } from '../harness.js';
import { renderTable } from '../metrics.js';
import { FILE_VARIANTS, VARIANTS } from './variants.js';

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: CASES_FILE },
    only: { type: 'string' },
    'per-repo': { type: 'boolean', default: false },
    worst: { type: 'string' },
  },
});
const only = args.only?.split(',');

const rankers: Record<string, Ranker> = {
  nanodex: ({ index, evalCase }) => locateFiles(index, evalCase.query, { limit: 10 }).map((f) => f.path),
  'bm25-files': ({ baseline, evalCase }) => baseline.rank(evalCase.query, 10),
};
for (const [name, variant] of Object.entries({ ...VARIANTS, ...FILE_VARIANTS })) {
  if (only && !only.includes(name)) continue;
  rankers[name] = (context) => variant(context).map((f) => f.path);
}

const results = await runCases(loadCases(args.cases), rankers);
const summary = summarise(results);
const shown = args['per-repo'] ? summary : { overall: summary.overall! };
process.stdout.write(`${renderTable(shown)}\n`);
if (args.worst) process.stderr.write(`\nWorst ${args.worst} cases:\n${describeWorst(results, args.worst, 15)}\n`);
