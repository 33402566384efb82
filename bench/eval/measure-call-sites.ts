/**
 * Call sites and names as written, on real checkouts, through the shipped CLI
 * (`node dist/src/cli/main.js` as a process): `refs Scope.name --json` gives a
 * method's callers by the one rule every output uses; each case lists the
 * callers found by hand (grep for `.name(`, then reading each receiver).
 * Precision: reported callers that are true; recall: true callers reported.
 * `find` must resolve each name as users write it (no false "no definition").
 *
 *   npx tsc -p tsconfig.build.json && npx tsx bench/eval/measure-call-sites.ts \
 *     --gin /work/repos/gin --axios /work/repos/axios --httpx /work/repos/httpx [--data-dir DIR]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CALL_SITE_CASES, NAMES_AS_WRITTEN } from './call-site-cases.js';

const MAIN = path.resolve(import.meta.dirname, '../../dist/src/cli/main.js');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dataDir = option('data-dir') ?? mkdtempSync(path.join(tmpdir(), 'nanodex-call-sites-'));

function cli(repo: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const root = option(repo);
  if (!root) throw new Error(`pass --${repo} <checkout> (a clone of the repository the cases are about)`);
  const run = spawnSync(process.execPath, [MAIN, ...args, '--repo', root, '--data-dir', dataDir], { encoding: 'utf8', timeout: 300_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let truePositives = 0;
let reportedTotal = 0;
let expectedTotal = 0;
console.log('| repo | method | expected | reported | true | untold | missing | extra |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const c of CALL_SITE_CASES) {
  const run = cli(c.repo, ['refs', c.symbol, '--json']);
  const sites = JSON.parse(run.stdout || '[]') as {
    definition: { path: string };
    callers: { path: string; name?: string }[];
    unresolved: number;
  }[];
  const site = sites.find((s) => s.definition.path === c.path);
  const reported = new Set((site?.callers ?? []).map((h) => `${h.path}:${h.name ?? '(module)'}`));
  const expected = new Set(c.callers);
  const hits = [...reported].filter((r) => expected.has(r));
  truePositives += hits.length;
  reportedTotal += reported.size;
  expectedTotal += expected.size;
  const missing = [...expected].filter((e) => !reported.has(e));
  const extra = [...reported].filter((r) => !expected.has(r));
  console.log(
    `| ${c.repo} | ${c.symbol} | ${expected.size} | ${reported.size} | ${hits.length} | ${site?.unresolved ?? '-'} | ${missing.join(', ')} | ${extra.join(', ')} |`,
  );
}
const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
console.log(
  `\nCallers: precision ${pct(truePositives, reportedTotal)} (${truePositives}/${reportedTotal}), recall ${pct(truePositives, expectedTotal)} (${truePositives}/${expectedTotal})`,
);

let resolved = 0;
for (const n of NAMES_AS_WRITTEN) {
  const run = cli(n.repo, ['find', n.name, '--json']);
  const hits = JSON.parse(run.stdout || '[]') as { path: string; name: string; scope: string }[];
  const ok = hits.some((h) => h.path === n.path && `${h.scope}.${h.name}`.endsWith(n.expect));
  if (ok) resolved += 1;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} find ${n.name} (${n.repo}) -> ${
      hits
        .slice(0, 2)
        .map((h) => `${h.scope ? `${h.scope}.` : ''}${h.name} ${h.path}`)
        .join('; ') || 'nothing'
    }`,
  );
}
console.log(`Names as written: ${resolved}/${NAMES_AS_WRITTEN.length} resolved`);
process.exitCode = resolved === NAMES_AS_WRITTEN.length && truePositives === reportedTotal ? 0 : 1;
