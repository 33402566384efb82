/**
 * The cases whose evidence misses every changed hunk, one by one: locate's top 5 (expected files
 * marked), each evidence item (source, lines, relevance) and the changed hunks. For tuning the reads.
 *   npx tsx bench/eval/experiments/miss-cases.ts --cases FILE [--repo owner/name]
 */
import { parseArgs } from 'node:util';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { silentLogger, systemClock } from '../../../src/core/ports.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { run } from '../../../src/core/run.js';
import { CASES_FILE, indexFile, loadCases, snapshotDir } from '../eval-paths.js';
import { mirrorGitDir, readHunks } from '../read-hunks.js';

const { values: args } = parseArgs({ options: { cases: { type: 'string', default: CASES_FILE }, repo: { type: 'string' } } });
for (const c of loadCases(args.cases).filter((x) => !args.repo || x.repo === args.repo)) {
  const store = IndexStore.open(indexFile(c));
  try {
    const index = new SqliteCodeIndex(store);
    const hunks = readHunks(mirrorGitDir(c.repo), c.parentSha, c.sha, c.expected);
    const result = await run(
      { command: 'ask', prompt: c.query, repo: { kind: 'local', root: snapshotDir(c) } },
      { source: new LocalRepoSource(snapshotDir(c)), index, logger: silentLogger, clock: systemClock },
    );
    if (result.kind !== 'done' || result.command !== 'ask') continue;
    const evidence = result.context.evidence;
    const hit = evidence.some((e) => hunks.some((h) => h.path === e.path && e.startLine <= h.endLine + 2 && h.startLine <= e.endLine + 2));
    if (hit) continue;
    const ranked = locateFiles(index, c.query, { limit: 5 });
    const out = [`\n== ${c.repo} ${c.sha.slice(0, 12)}: ${c.query.slice(0, 160).replace(/\n/g, ' ')}`];
    for (const f of ranked) out.push(`  ${c.expected.includes(f.path) ? '*' : ' '} ${f.score.toFixed(2)} ${f.path}`);
    for (const e of evidence)
      out.push(`  ev ${e.source} ${e.path}:${e.startLine}-${e.endLine} r${(e.relevance ?? 0).toFixed(2)} ${e.reason.slice(0, 70)}`);
    for (const h of hunks) out.push(`  hunk ${h.path}:${h.startLine}-${h.endLine}`);
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    store.close();
  }
}
