import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SqliteCodeIndex } from './src/core/code-index/code-index.js';
import { indexRepository } from './src/core/code-index/index-repository.js';
import { IndexStore } from './src/core/code-index/index-store.js';
import { LocalRepoSource } from './src/core/repo/local-repo-source.js';
import { parseDiff } from './src/core/review/parse-diff.js';
import { buildWalkthrough } from './src/core/review/build-walkthrough.js';
import { findReturnShapeChanges } from './src/core/review/findings/find-return-shape-changes.js';
import { findUntestedApi } from './src/core/review/findings/find-untested-api.js';
import { loadTestLayout } from './src/core/tests/load-test-layout.js';
import { buildCoverageReceipt } from './src/core/review/build-coverage-receipt.js';

const [dir, countArg, ...explicit] = process.argv.slice(2);
const git = (args: string[]) => execFileSync('git', ['-C', dir!, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const commits = explicit.length > 0 ? explicit : git(['log', '--no-merges', '--first-parent', `-${countArg ?? 10}`, '--format=%H', 'origin/HEAD']).trim().split('\n');
const store = await IndexStore.openWriter(path.join('/tmp/shape-eval', `${path.basename(dir!)}.sqlite`));
let total = 0;
for (const c of commits) {
  git(['checkout', '-q', '--force', c]);
  await indexRepository(new LocalRepoSource(dir!), store, { workers: 0 });
  const index = new SqliteCodeIndex(store);
  const all = parseDiff(git(['diff', `${c}^`, c]));
  const receipt = buildCoverageReceipt(all, { index, head: c });
  const reviewed = new Set(receipt.reviewed.map((r) => r.path));
  const files = all.filter((f) => reviewed.has(f.path));
  const readHead = (p: string) => Promise.resolve(readFileSync(path.join(dir!, p), 'utf8'));
  const walkthrough = await buildWalkthrough(all, readHead);
  const layout = await loadTestLayout(index, readHead);
  const context = { files, walkthrough, index, readHead, layout };
  const found = [...(await findReturnShapeChanges(context)), ...(await findUntestedApi(context))];
  total += found.length;
  const subject = git(['log', '-1', '--format=%s', c]).trim();
  console.log(`${c.slice(0, 8)} ${found.length} ${subject.slice(0, 70)}`);
  for (const f of found) console.log(`   ${f.rule} ${f.severity} ${f.path}:${f.line} ${f.message}`);
}
console.log(`TOTAL ${total} in ${commits.length}`);
store.close();
