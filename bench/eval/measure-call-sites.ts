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
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CALL_SITE_CASES, NAMES_AS_WRITTEN } from './call-site-cases.js';
import { cliRunner, findCallSites, findDefinitions, type RunCli } from './cli-lookups.js';

const MAIN = path.resolve(import.meta.dirname, '../../dist/src/cli/main.js');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dataDir = option('data-dir') ?? mkdtempSync(path.join(tmpdir(), 'nanodex-call-sites-'));

const runners = new Map<string, RunCli>();
function cli(repo: string): RunCli {
  const root = option(repo);
  if (!root) throw new Error(`pass --${repo} <checkout> (a clone of the repository the cases are about)`);
  if (!runners.has(repo)) runners.set(repo, cliRunner(MAIN, root, { NANODEX_DATA_DIR: dataDir }));
  return runners.get(repo)!;
}

let truePositives = 0;
let reportedTotal = 0;
let expectedTotal = 0;
console.log('| repo | method | expected | reported | true | untold | missing | extra |\n| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const c of CALL_SITE_CASES) {
  const sites = findCallSites(cli(c.repo), c.symbol);
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
  const hits = findDefinitions(cli(n.repo), n.name);
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
