/**
 * Locate figures (R@1, R@5, All@5, MRR) per half of case sets, from the cached indexes opened read-only, with each
 * case's ranks of its expected files (to compare two versions case by case):
 *   npx tsx bench/eval/experiments/score-halves.ts <tag> <cases.json>... [--half tune|held-out]
 * Writes /tmp/score-<tag>.json.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { IndexStore } from '../../../src/core/code-index/index-store.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { indexFile, loadCases } from '../eval-paths.js';
import { scoreCase } from '../metrics.js';
import { halfOf, type Half } from '../split-cases.js';

const args = process.argv.slice(2);
const halfAt = args.indexOf('--half');
const only = halfAt >= 0 ? (args.splice(halfAt, 2)[1] as Half) : undefined;
const [tag, ...files] = args;
const out: Record<string, Record<string, number[]>> = {};
for (const file of files) {
  const set = path.basename(file, '.json');
  const byHalf = new Map<string, { r1: number; r5: number; all5: number; rr: number }[]>();
  out[set] = {};
  for (const c of loadCases(file)) {
    const half = halfOf(c as typeof c & { issue?: string });
    if (only && half !== only) continue;
    const store = IndexStore.open(indexFile(c));
    const ranked = locateFiles(new SqliteCodeIndex(store), c.query, { limit: 50 }).map((f) => f.path);
    store.close();
    const s = scoreCase(c.expected, ranked);
    const row = { r1: c.expected.includes(ranked[0] ?? '') ? 1 : 0, r5: s.recall5, all5: s.allIn5, rr: s.rr };
    byHalf.set(half, [...(byHalf.get(half) ?? []), row]);
    out[set]![(c as { issue?: string }).issue ?? c.sha] = c.expected.map((e) => ranked.indexOf(e) + 1);
  }
  byHalf.set('all', [...byHalf.values()].flat());
  for (const [half, rows] of byHalf) {
    const mean = (k: keyof (typeof rows)[0]): string => (rows.reduce((a, r) => a + r[k], 0) / rows.length).toFixed(3);
    console.log(`${tag} ${set} ${half} (${rows.length}): ${mean('r1')} / ${mean('r5')} / ${mean('all5')} / ${mean('rr')}`);
  }
}
writeFileSync(`/tmp/score-${tag}.json`, JSON.stringify(out, null, 1));
