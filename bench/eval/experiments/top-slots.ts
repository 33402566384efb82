/**
 * Who takes the top-5 slots: the share held by test files, by files without a
 * grammar (docs, changelogs, config), and the files most often in the top 5
 * without being expected ("magnets"), for the shipped locator and a variant.
 *   npx tsx bench/eval/experiments/top-slots.ts [--cases FILE] [--variant 'S5 +extra chunks 0.3']
 */
import { parseArgs } from 'node:util';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { CASES_FILE, loadCases } from '../eval-paths.js';
import { runCases, type Ranker } from '../harness.js';
import { isTestFile } from './locate-files-exp.js';
import { VARIANTS } from './variants.js';

const { values: args } = parseArgs({
  options: { cases: { type: 'string', default: CASES_FILE }, variant: { type: 'string', default: 'S5 +extra chunks 0.3' } },
});
const variant = VARIANTS[args.variant];
if (!variant) throw new Error(`no variant ${args.variant}`);
const languages = new Map<string, string>();
const rankers: Record<string, Ranker> = {
  nanodex: ({ index, evalCase }) => {
    for (const f of index.listFiles()) languages.set(`${evalCase.repo}:${f.path}`, f.language);
    return locateFiles(index, evalCase.query, { limit: 10 }).map((f) => f.path);
  },
  [args.variant]: (context) => variant(context).map((f) => f.path),
};
const results = await runCases(loadCases(args.cases), rankers);
for (const name of Object.keys(rankers)) {
  let slots = 0,
    tests = 0,
    text = 0;
  const magnets = new Map<string, number>();
  for (const r of results) {
    for (const p of r.ranked[name]!.slice(0, 5)) {
      slots += 1;
      if (isTestFile(p)) tests += 1;
      if (languages.get(`${r.evalCase.repo}:${p}`) === 'text') text += 1;
      if (!r.evalCase.expected.includes(p)) magnets.set(`${r.evalCase.repo}:${p}`, (magnets.get(`${r.evalCase.repo}:${p}`) ?? 0) + 1);
    }
  }
  const pct = (n: number): string => `${((100 * n) / slots).toFixed(0)}%`;
  console.log(`\n${name}: top-5 slots ${slots}; test files ${pct(tests)}; non-code files ${pct(text)}`);
  for (const [p, n] of [...magnets].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${n} x ${p} (not expected)`);
}
