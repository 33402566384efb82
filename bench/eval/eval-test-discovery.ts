/**
 * Test discovery on real history (issue 25): for every commit that changed
 * a source file and a test together, does the test the module names first
 * for the source file (findTestsFor, through the core's public surface, on
 * an index of the checkout at HEAD, with the runners' configs read) belong
 * to the tests that commit changed? And how often does it claim "no test"
 * for a file whose test the commit changed (target 0)?
 *
 * Pairs: non-merge commits with at most --max-files code files, at least one
 * changed source file and one changed runnable test, both still present at
 * HEAD; type declarations, tool configs, examples, docs, benchmarks and
 * scripts are not source files here (no test is written for them). Three
 * measures, loosest first: per source file, is the first test one that was
 * ever changed together with it; on commits that changed exactly one source
 * file and one test (the pairing is unambiguous), is it that test; per
 * (commit, source file), is it among the tests the commit changed (a commit
 * often changes the test of a caller, so this one reads low). "No test"
 * claims on these files are all false (a test was changed with them).
 * The source files whose first test was never changed with them are written
 * to --misses, for reading by hand.
 *
 *   npx tsx bench/eval/eval-test-discovery.ts /work/repos/gin /work/repos/axios /work/repos/httpx [--misses FILE]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { findTestsFor, IndexStore, indexRepository, loadTestLayout, LocalRepoSource, SqliteCodeIndex } from '../../src/core/index.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-files': { type: 'string', default: '6' },
    commits: { type: 'string', default: '3000' },
    misses: { type: 'string', default: path.join(tmpdir(), 'nanodex-test-discovery-misses.txt') },
  },
});
if (positionals.length === 0) {
  process.stderr.write('usage: eval-test-discovery.ts REPO_DIR... [--max-files N] [--commits N] [--misses FILE]\n');
  process.exit(2);
}

const maxFiles = Number(args['max-files']);
/** Not source a test is written for: type declarations, tool configs, dotfiles, examples, docs, benchmarks, scripts, built bundles (dist/, build/). */
const NOT_PRODUCT =
  /\.d\.[cm]?ts$|(^|\/)\.[^/]+$|(^|\/)([\w-]+\.config|[\w-]+\.conf|gulpfile|Gruntfile)\.[cm]?[jt]s$|(^|\/)(examples?|docs?|bench(mark)?s?|scripts|sandbox|bin|dist|build)\//;
const work = mkdtempSync(path.join(tmpdir(), 'nanodex-test-discovery-'));
const rows = [
  '| repository | source files | first test co-changed with it | files with a test named | of those, co-changed | 1 source + 1 test commits | first test is that test | (commit, source) cases | first test changed in that commit | "no test" claimed | could not tell |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const misses: string[] = [];

for (const repo of positionals) {
  const name = path.basename(repo);
  const store = await IndexStore.openWriter(path.join(work, `${name}.sqlite`));
  const source = new LocalRepoSource(repo);
  await indexRepository(source, store, { workers: 0 });
  store.releaseWriteLock();
  const index = new SqliteCodeIndex(store);
  const layout = await loadTestLayout(index, (p) => source.readFile(p));
  const isCode = (p: string) => {
    const file = index.getFile(p);
    return file !== undefined && file.language !== 'text' && !NOT_PRODUCT.test(p);
  };
  const log = execFileSync('git', ['-C', repo, 'log', '--no-merges', `-n${args.commits}`, '--name-only', '--format=@@%h'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const cases: { sha: string; src: string; tests: Set<string>; sources: number }[] = [];
  for (const block of log.split('@@').slice(1)) {
    const [sha, ...files] = block.split('\n').filter((l) => l.trim() !== '');
    const code = files.filter(isCode);
    if (code.length === 0 || code.length > maxFiles) continue;
    const tests = new Set(code.filter((p) => layout.isTest(p)));
    const sources = code.filter((p) => layout.classify(p) === undefined);
    if (tests.size === 0 || sources.length === 0) continue;
    for (const src of sources) cases.push({ sha: sha!, src, tests, sources: sources.length });
  }
  const coChanged = new Map<string, Set<string>>();
  for (const c of cases) coChanged.set(c.src, new Set([...(coChanged.get(c.src) ?? []), ...c.tests]));
  const named = new Map<string, ReturnType<typeof findTestsFor>>();
  for (const src of coChanged.keys()) named.set(src, findTestsFor(src, { index, layout }));
  const first = (src: string) => {
    const found = named.get(src)!;
    return found.kind === 'found' ? found.tests[0]!.path : undefined;
  };
  const right = cases.filter((c) => c.tests.has(first(c.src) ?? '')).length;
  const strict = cases.filter((c) => c.sources === 1 && c.tests.size === 1);
  const strictRight = strict.filter((c) => c.tests.has(first(c.src) ?? '')).length;
  const sources = [...coChanged.keys()];
  const sourcesRight = sources.filter((src) => coChanged.get(src)!.has(first(src) ?? '')).length;
  const withTest = sources.filter((src) => first(src) !== undefined).length;
  const none = sources.filter((src) => named.get(src)!.kind === 'none');
  const unknown = sources.filter((src) => named.get(src)!.kind === 'unknown').length;
  for (const src of sources) {
    if (coChanged.get(src)!.has(first(src) ?? '')) continue;
    const found = named.get(src)!;
    const said = found.kind === 'found' ? found.tests.map((t) => `${t.path} (${t.how})`).join(', ') : `${found.kind}: ${found.why}`;
    misses.push(`${name} ${src}\n  co-changed: ${[...coChanged.get(src)!].join(', ')}\n  named:      ${said}`);
  }
  const share = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  rows.push(
    `| ${name} | ${sources.length} | ${sourcesRight} (${share(sourcesRight, sources.length)}) | ${withTest} | ${share(sourcesRight, withTest)} | ${strict.length} | ${strictRight} (${share(strictRight, strict.length)}) | ${cases.length} | ${right} (${share(right, cases.length)}) | ${none.length} | ${unknown} |`,
  );
  store.close();
}

writeFileSync(args.misses, `${misses.join('\n')}\n`);
process.stdout.write(`${rows.join('\n')}\n\nmisses written to ${args.misses}\n`);
