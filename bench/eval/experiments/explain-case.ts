/**
 * Shows why locateFiles ranks what it ranks for one case:
 *   npx tsx bench/eval/experiments/explain-case.ts <sha-prefix> [...]
 * Prints the top 10 with reasons, where each expected file lands, and the
 * best chunk hits of the full-text search.
 */
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { toFtsQuery } from '../../../src/core/code-index/search-chunks.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { readPrompt } from '../../../src/core/explore/read-prompt.js';
import { indexFile, loadCases } from '../eval-paths.js';

const cases = loadCases();
for (const prefix of process.argv.slice(2)) {
  const c = cases.find((x) => x.sha.startsWith(prefix));
  if (!c) throw new Error(`no case ${prefix}`);
  const store = IndexStore.open(indexFile(c));
  const index = new SqliteCodeIndex(store);
  console.log(`\n== ${c.repo} ${c.sha.slice(0, 10)}: ${c.query.slice(0, 300)}\nexpected: ${c.expected.join(', ')}`);
  const reading = readPrompt(c.query);
  console.log(`identifiers: ${reading.identifiers.join(' ')}\nfts strict: ${toFtsQuery(c.query)?.strict.slice(0, 300)}`);
  const all = locateFiles(index, c.query, { limit: 1000 });
  all
    .slice(0, 10)
    .forEach((f, i) => console.log(`${i + 1}. ${f.score} ${f.path}${c.expected.includes(f.path) ? ' <-' : ''}  ${f.reason.slice(0, 200)}`));
  for (const e of c.expected) {
    const at = all.findIndex((f) => f.path === e);
    console.log(`expected ${e}: rank ${at + 1} ${at >= 0 ? `${all[at]!.score} ${all[at]!.reason.slice(0, 200)}` : ''}`);
  }
  index
    .search(c.query, { limit: 200 })
    .slice(0, 12)
    .forEach((h) => console.log(`   chunk ${h.score.toFixed(2)} ${h.path}:${h.startLine} ${h.kind} ${h.context.slice(0, 60)}`));
  store.close();
}
