/**
 * Cold against warm, case by case (issue 28: a first answer's quality within
 * 0.02 of the whole index's):
 *
 *   npx tsx bench/eval/compare-cold-warm.ts WARM.json COLD.json
 *
 * Both files are `npm run eval:outputs` results over the same cases, the
 * second with `--cold`. Prints locate MRR and hunk hit for each (and their
 * difference), then every case where cold and warm differ on either.
 */
import { readFileSync } from 'node:fs';

interface CaseLine {
  set: string;
  repo: string;
  sha: string;
  locate: { nanodex: { rr: number } };
  evidence?: { nanodex: { hunkHit: number; hunkRecall: number } };
}

const [warmFile, coldFile] = process.argv.slice(2);
if (!warmFile || !coldFile)
  throw new Error('usage: compare-cold-warm.ts WARM.json COLD.json (two eval:outputs results, the second with --cold)');
const read = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { cases: CaseLine[] }).cases;
const key = (c: CaseLine) => `${c.set} ${c.repo} ${c.sha}`;
const warm = new Map(read(warmFile).map((c) => [key(c), c]));
const pairs = read(coldFile).flatMap((cold) => {
  const w = warm.get(key(cold));
  return w ? [{ warm: w, cold }] : [];
});
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const rr = (c: CaseLine) => c.locate.nanodex.rr;
const hit = (c: CaseLine) => c.evidence?.nanodex.hunkHit ?? 0;
const figures = (pick: (p: { warm: CaseLine; cold: CaseLine }) => CaseLine) => ({
  mrr: mean(pairs.map((p) => rr(pick(p)))),
  hit: mean(pairs.map((p) => hit(pick(p)))),
});
const w = figures((p) => p.warm);
const c = figures((p) => p.cold);
const f = (x: number) => x.toFixed(3);
process.stdout.write(
  `${pairs.length} cases: MRR warm ${f(w.mrr)} cold ${f(c.mrr)} (${f(c.mrr - w.mrr)}); hunk hit warm ${f(w.hit)} cold ${f(c.hit)} (${f(c.hit - w.hit)})\n`,
);
for (const p of pairs) {
  const dr = rr(p.cold) - rr(p.warm);
  const dh = hit(p.cold) - hit(p.warm);
  if (dr === 0 && dh === 0) continue;
  process.stdout.write(
    `${dr < 0 || dh < 0 ? 'LOSS' : 'gain'} ${p.cold.repo} ${p.cold.sha}: rr ${f(rr(p.warm))} -> ${f(rr(p.cold))}, hunk hit ${hit(p.warm)} -> ${hit(p.cold)}\n`,
  );
}
