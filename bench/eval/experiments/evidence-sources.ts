/**
 * Which kinds of evidence land near the change: per evidence source (definition, chunk, search, references,
 * head), lines used and lines within 30 of a changed hunk, over a case file. For tuning the offline reads.
 *   npx tsx bench/eval/experiments/evidence-sources.ts --cases FILE [--repo owner/name]
 */
import { parseArgs } from 'node:util';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { indexRepository } from '../../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { silentLogger, systemClock } from '../../../src/core/ports.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { run } from '../../../src/core/run.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { CASES_FILE, indexFile, loadCases, snapshotDir } from '../eval-paths.js';
import { mirrorGitDir, readHunks } from '../read-hunks.js';

const { values: args } = parseArgs({ options: { cases: { type: 'string', default: CASES_FILE }, repo: { type: 'string' } } });
const totals = new Map<string, { lines: number; near: number; items: number }>();
for (const c of loadCases(args.cases).filter((x) => !args.repo || x.repo === args.repo)) {
  const store = await IndexStore.openWriter(indexFile(c));
  try {
    const source = new LocalRepoSource(snapshotDir(c));
    await indexRepository(source, store, {});
    store.releaseWriteLock();
    const hunks = readHunks(mirrorGitDir(c.repo), c.parentSha, c.sha, c.expected);
    const result = await run(
      { command: 'ask', prompt: c.query, repo: { kind: 'local', root: snapshotDir(c) } },
      { source, index: new SqliteCodeIndex(store), logger: silentLogger, clock: systemClock },
    );
    if (result.kind !== 'done' || result.command !== 'ask') continue;
    const ranked = locateFiles(new SqliteCodeIndex(store), c.query, { limit: 8 }).map((f) => f.path);
    for (const e of result.context.evidence) {
      const key = `${e.source}${e.reason.startsWith('matches the question') ? ` (match, file #${ranked.indexOf(e.path) + 1}, r${Math.floor((e.relevance ?? 0) * 4) / 4})` : ''}`;
      const t = totals.get(key) ?? { lines: 0, near: 0, items: 0 };
      t.items += 1;
      for (let l = e.startLine; l <= e.endLine; l += 1) {
        t.lines += 1;
        if (hunks.some((h) => h.path === e.path && l >= h.startLine - 30 && l <= h.endLine + 30)) t.near += 1;
      }
      totals.set(key, t);
    }
  } finally {
    store.close();
  }
}
for (const [k, t] of totals)
  process.stdout.write(`${k.padEnd(28)} items ${t.items} lines ${t.lines} near ${t.near} (${(t.near / t.lines).toFixed(3)})\n`);
