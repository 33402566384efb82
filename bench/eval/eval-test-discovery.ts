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
 *
 * History is a convention, not an oracle: a commit that fixes `response.js`
 * often changes the test of the feature rather than the file's own test. So
 * the per-file measure is printed twice: strictly (co-changed), and counting
 * as right a first test named after the file (`<stem>_test.go` in its folder,
 * `<stem>.spec.js`, `test_<stem>.py`, `<stem>.<method>.test.js`, its folders
 * flattened in, `test_json_tag.py` for `json/tag.py`, or under a test folder
 * named after it: `__tests__/request/`) that imports it at any
 * depth; this check is the eval's own, not the module's. The source files
 * whose first test was never changed with them are written to --misses, for
 * reading by hand, marked `[named]` when the second measure counts them.
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
/**
 * Not source a test is written for: type declarations, tool configs (Python's setup.py and noxfile.py too, Ruby's
 * Gemfile, Rakefile and gemspec),
 * dotfiles, examples (Go's `_examples/`, which the go tool skips), docs, benchmarks (in a folder of their own, or
 * a JMH class named for it: gson's metrics/ParseBenchmark.java), scripts, built bundles.
 */
const NOT_PRODUCT =
  /\.d\.[cm]?ts$|(^|\/)\w*Benchmarks?\.(java|kt|scala)$|(^|\/)\.[^/]+$|(^|\/)([\w-]+\.config|[\w-]+\.conf|gulpfile|Gruntfile)\.[cm]?[jt]s$|(^|\/)(setup|noxfile)\.py$|(^|\/)(Gemfile|Rakefile|Guardfile|[\w-]+\.gemspec)$|(^|\/)_?(examples?|docs?|bench(mark)?s?|scripts|sandbox|bin|dist|build)\//;
const work = mkdtempSync(path.join(tmpdir(), 'nanodex-test-discovery-'));
const rows = [
  '| repository | source files | first test co-changed with it | co-changed, or named after it and importing it | files with a test named | of those, co-changed | 1 source + 1 test commits | first test is that test | (commit, source) cases | first test changed in that commit | changed in it, or named after it and importing it | "no test" claimed | could not tell |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const TEST_AFFIXES = /^test_|_test$|_spec$|^test(?=[A-Z])|(?<=[a-z])(Tests?|Spec)$/;
const TEST_ROOTS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'unit', 'integration']);
const SOURCE_ROOTS = new Set(['src', 'lib', 'source', 'pkg', 'internal']);
/** A name as tests are named after it: lower case, no leading or trailing underscore (`_models`, `ssl_`), no plural `s`. */
const fold = (name: string) =>
  name
    .replace(/^_+|(?<=.)_+$/g, '')
    .toLowerCase()
    .replace(/(?<=\w{3})s$/, '');
/** The eval's own naming check: the first dotted part of the test's name, affixes gone, or a test folder's name, is the file's. */
function isNamedAfter(test: string, src: string): boolean {
  const parts = src.split('/');
  const base = parts.at(-1)!.split('.')[0]!;
  const stem = fold(/^(index|__init__|mod)$/.test(base) && parts.length > 1 ? parts.at(-2)! : base);
  const testParts = test.split('/');
  const testStem = fold(testParts.at(-1)!.split('.')[0]!.replace(TEST_AFFIXES, ''));
  if (src.endsWith('.go')) return testStem === stem && testParts.slice(0, -1).join('/') === parts.slice(0, -1).join('/');
  const folders = testParts
    .slice(0, -1)
    .filter((d) => !TEST_ROOTS.has(d))
    .map((d) => fold(d.replace(TEST_AFFIXES, '')));
  // Its folders flattened into the name: flask's tests/test_json_tag.py for src/flask/json/tag.py.
  const flattened = parts
    .slice(0, -1)
    .filter((d) => !SOURCE_ROOTS.has(d))
    .slice(-2)
    .map((_, i, folders) => fold([...folders.slice(i), base].join('_')));
  return (
    testStem === stem || folders.includes(stem) || flattened.includes(fold(testParts.at(-1)!.split('.')[0]!.replace(TEST_AFFIXES, '')))
  );
}
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
  const namedRight = (src: string) => {
    const test = first(src);
    if (test === undefined || !isNamedAfter(test, src)) return false;
    return src.endsWith('.go') || index.importers(src, 5).some((h) => h.path === test);
  };
  const casesRightOrNamed = cases.filter((c) => c.tests.has(first(c.src) ?? '') || namedRight(c.src)).length;
  const sourcesRightOrNamed = sources.filter((src) => coChanged.get(src)!.has(first(src) ?? '') || namedRight(src)).length;
  const withTest = sources.filter((src) => first(src) !== undefined).length;
  const none = sources.filter((src) => named.get(src)!.kind === 'none');
  const unknown = sources.filter((src) => named.get(src)!.kind === 'unknown').length;
  for (const src of sources) {
    if (coChanged.get(src)!.has(first(src) ?? '')) continue;
    const found = named.get(src)!;
    const said = found.kind === 'found' ? found.tests.map((t) => `${t.path} (${t.how})`).join(', ') : `${found.kind}: ${found.why}`;
    misses.push(
      `${name} ${src}${namedRight(src) ? ' [named]' : ''}\n  co-changed: ${[...coChanged.get(src)!].join(', ')}\n  named:      ${said}`,
    );
  }
  const share = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  rows.push(
    `| ${name} | ${sources.length} | ${sourcesRight} (${share(sourcesRight, sources.length)}) | ${sourcesRightOrNamed} (${share(sourcesRightOrNamed, sources.length)}) | ${withTest} | ${share(sourcesRight, withTest)} | ${strict.length} | ${strictRight} (${share(strictRight, strict.length)}) | ${cases.length} | ${right} (${share(right, cases.length)}) | ${casesRightOrNamed} (${share(casesRightOrNamed, cases.length)}) | ${none.length} | ${unknown} |`,
  );
  store.close();
}

writeFileSync(args.misses, `${misses.join('\n')}\n`);
process.stdout.write(`${rows.join('\n')}\n\nmisses written to ${args.misses}\n`);
