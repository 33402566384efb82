/**
 * Why locateFiles ranks what it ranks, for every case of one half of a case set (long reports):
 *   npx tsx bench/eval/experiments/explain-half.ts <cases.json> tune [--misses]
 * Prints each case's title, the top 5 with reasons and where each expected file lands.
 */
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { indexFile, loadCases } from '../eval-paths.js';
import { pickHalf, type Half } from '../split-cases.js';

const [file, half, flag] = process.argv.slice(2);
const cases = pickHalf(loadCases(file), half as Half);
for (const c of cases) {
  const store = IndexStore.open(indexFile(c));
  const index = new SqliteCodeIndex(store);
  const all = locateFiles(index, c.query, { limit: 1000 });
  const ranks = c.expected.map((e) => all.findIndex((f) => f.path === e) + 1);
  if (flag === '--misses' && ranks.every((r) => r >= 1 && r <= 5)) {
    store.close();
    continue;
  }
  console.log(`\n== ${(c as { issue?: string }).issue ?? c.sha} ${c.query.split('\n', 1)[0]!.slice(0, 150)}`);
  all
    .slice(0, 5)
    .forEach((f, i) => console.log(`${i + 1}. ${f.score} ${f.path}${c.expected.includes(f.path) ? ' <-' : ''}  ${f.reason.slice(0, 260)}`));
  c.expected.forEach((e, i) => {
    const at = ranks[i]! - 1;
    console.log(`  expected ${e}: rank ${at + 1} ${at >= 0 ? `${all[at]!.score} ${all[at]!.reason.slice(0, 260)}` : ''}`);
  });
  store.close();
}
