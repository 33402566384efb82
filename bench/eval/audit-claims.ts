/**
 * `npm run eval:claims`: every kind of claim nanodex states, checked against
 * ground truth from real commits, through the shipped CLI (a process per
 * command, as a user runs it). For each of the last --commits non-merge
 * commits that change product source, the commit's parent is checked out to
 * a temporary folder and reviewed and planned there:
 *
 * - moved / re-indented blocks (`review --json`, walkthrough.moved): true
 *   when the two ranges hold the same non-blank lines, whitespace aside
 *   (what `git diff -w` calls unchanged);
 * - "no changed test reaches it" (review test gaps): false when the commit
 *   changed (and kept) a test named like the file (`x_test.go`, `test_x.py`,
 *   `x.test.js`…), in the same Go package, or whose text names the file's stem
 *   as a word, in any case (stems of three letters or more);
 * - tests to run (review): each listed test should be related to a changed
 *   file: changed in the commit, named like a changed file (or by its
 *   abbreviation, express' `app.param.js` for `application.js`), changed
 *   together with it anywhere in the history, in a changed Go package or
 *   importing it, or its text names a changed file's stem (a package entry's
 *   folder: `requests` for `requests/__init__.py`, which `import requests`
 *   runs);
 * - the test named for a file to change (`plan --json`, files[].tests[0]):
 *   right when it is a test the commit changed, one named like the file, one
 *   in a folder named after it, or one changed together with it in history;
 * - files to change (`plan --json`, the "Make the change" phase): each one
 *   the commit changed;
 * - "no definition in this repository for NAME" gaps (the plan, and one of
 *   ask / explain / debug per commit in turn, asked the commit's subject at
 *   its parent): false when `find NAME` (or the member of `recv.member`)
 *   resolves it on the same index (not the member of a receiver every import
 *   binds to a package from outside the repository);
 * - call sites (the plan's "N call sites", the review's callers and an
 *   override's base calls that "may run this one"): each site a line that
 *   calls the name on a receiver not known to be another type, and for an
 *   override neither its own `super()` call nor an object built as a class
 *   that does not derive from it (audit-lookup-claims.ts, check-call-site.ts).
 *
 * The truths are conventions, stated above, not an oracle: a listed test the
 * rules cannot relate counts against precision, and is printed for reading.
 *
 *   npx tsx bench/eval/audit-claims.ts /work/repos/chi /work/repos/click --commits 20
 *   npx tsx bench/eval/audit-claims.ts /work/repos/chi --cli /tmp/old/dist/src/cli/main.js   # a baseline
 *   npx tsx bench/eval/audit-claims.ts /work/heldout/requests --review-only   # the review's claims alone (no plan, no question)
 *
 * Recall is measured for tests to run: of the runnable tests the commit itself
 * added or changed (support files aside: conftest, fixtures, helpers, setup;
 * Python files pytest does not collect), the share the review lists.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import {
  checkDefinitionGap,
  checkPlanCallSites,
  checkReviewCallers,
  importSourcesOf,
  namesWithoutDefinition,
} from './audit-lookup-claims.js';
import { cliRunner } from './cli-lookups.js';
import { changedDefinitionNames } from './read-changed-definitions.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    commits: { type: 'string', default: '20' },
    out: { type: 'string' },
    cli: { type: 'string' },
    'review-only': { type: 'boolean', default: false },
  },
});
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// --cli: another build's bin (a baseline: the same audit of an earlier commit's CLI).
const CLI = args.cli ? path.resolve(args.cli) : path.join(ROOT, 'dist/src/cli/main.js');
const TEST_PATH = /(^|\/)(tests?|spec|__tests__)\/|_test\.go$|(^|\/)test_[^/]+\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$|_spec\.rb$/;
const SOURCE = /\.(go|py|js|mjs|cjs|ts|tsx|jsx|rb|rs|java|kt|php)$/;
/** Test support, not tests one runs: pytest's conftest, package entries, fixtures, helpers and setup files. */
const TEST_SUPPORT =
  /(^|\/)(conftest\.py|__init__\.py|setup[^/]*|__helpers?[^/]*|helpers?\.[^/]+|support\.[^/]+)$|(^|\/)(fixtures?|testdata|support|helpers?|__fixtures__|__mocks__)\//;

interface Tally {
  checked: number;
  right: number;
  wrong: string[];
  /** Tests to run only: the runnable tests the commit changed, and the ones the review left out. */
  recall?: { changed: number; listed: number; missed: string[] };
}
const kinds = [
  'moved blocks',
  'no-test claims',
  'tests to run',
  'test named for a file',
  'files to change',
  'no-definition gaps',
  'call sites',
] as const;
const QUESTIONS = ['ask', 'explain', 'debug'] as const;
type Kind = (typeof kinds)[number];
const perRepo = new Map<string, Record<Kind, Tally>>();
const skipped: string[] = [];

const git = (dir: string, ...a: string[]): string => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8', maxBuffer: 64 << 20 });
const dataDir = (dir: string): string => path.join(dir, '..', 'nanodex-data');
const cli = (dir: string, ...a: string[]): unknown => {
  const env = { ...process.env, NANODEX_DATA_DIR: dataDir(dir) };
  const text = execFileSync(process.execPath, [CLI, ...a, '--repo', dir, '--json'], { encoding: 'utf8', env, maxBuffer: 64 << 20 });
  return JSON.parse(text);
};
/** A file's text, or '' for one the commit deleted. */
const readText = (file: string): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
/**
 * A source file's name as tests spell it: a package's entry (`requests/__init__.py`, `lib/index.js`) by its
 * folder's name, since `import requests` runs `requests/__init__.py`.
 */
const stem = (p: string): string => {
  const base = path.basename(p).replace(/\.[^.]+$/, '');
  const folder = path.basename(path.dirname(p));
  return (/^(__init__|index)$/.test(base) && folder !== '.' ? folder : base).replace(/^_+/, '');
};
/**
 * Whether a text names a source file's stem as a word, after any leading underscores (`_termui_impl`); a stem
 * under three letters (`translations/it/it.go`) names nothing a text can be searched for.
 */
const namesStem = (text: string, source: string, options: { anyCase?: boolean } = {}): boolean =>
  stem(source).length > 2 && new RegExp(`(?<![\\w$])_*${stem(source).replace(/[^\w]/g, '.')}\\b`, options.anyCase ? 'i' : '').test(text);
const testStem = (t: string): string =>
  path
    .basename(t)
    .replace(/\.(test|spec)(\.[^.]+)$/, '$2')
    .replace(/\.[^.]+$/, '')
    .replace(/^test_|_test$|_spec$/g, '')
    // JUnit's and PHPUnit's `FooTest`, `FooTests`, `FooIT`, Spock's `FooSpec`, `TestFoo`.
    .replace(/(?<=\w)(Tests?|IT|Spec)$|^Test(?=[A-Z])/, '');
/**
 * Named like the file, in a folder named after it, or by its abbreviation as express names tests after the
 * object a module defines (`test/app.param.js`, `test/req.accepts.js` and `test/res.send.js` for
 * `lib/application.js`, `lib/request.js` and `lib/response.js`: a first part of 3+ letters the stem starts with).
 */
const namedLike = (test: string, source: string): boolean => {
  const parts = testStem(test).split('.');
  const abbreviated = parts.length > 1 && parts[0]!.length >= 3 && stem(source).startsWith(parts[0]!);
  return testStem(test) === stem(source) || abbreviated || path.dirname(test).split('/').includes(stem(source));
};
/**
 * The functions and methods a commit changed in a file, read from `git diff -U0` and the head's text alone
 * (not from nanodex): read-changed-definitions.ts.
 */
function changedDefinitions(dir: string, sha: string, file: string): string[] {
  const lines = readText(path.join(dir, file)).split('\n');
  const changedLines: number[] = [];
  for (const m of git(dir, 'diff', '-U0', `${sha}^`, sha, '--', file).matchAll(/^@@ -\S+ \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(m[1]);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    for (let n = Math.max(1, start); n < start + Math.max(1, count); n++) changedLines.push(n);
  }
  return changedDefinitionNames(lines, changedLines);
}
/** Tests changed in the same commit as the file, anywhere in its history: the real source/test pairs. */
const coChangedCache = new Map<string, Set<string>>();
function coChanged(repo: string, file: string): Set<string> {
  const key = `${repo}\0${file}`;
  if (!coChangedCache.has(key)) {
    const pairs = new Set<string>();
    for (const sha of git(repo, 'log', '--no-merges', '--format=%H', '-n', '400', '--', file).trim().split('\n').filter(Boolean))
      for (const n of git(repo, 'diff-tree', '--no-commit-id', '--name-only', '-r', sha).trim().split('\n'))
        if (TEST_PATH.test(n)) pairs.add(n);
    coChangedCache.set(key, pairs);
  }
  return coChangedCache.get(key)!;
}
/** The Go import path of a file's package, from go.mod (`github.com/go-chi/chi/v5/middleware`). */
function goImportPath(dir: string, file: string): string | undefined {
  try {
    const module = /^module\s+(\S+)/m.exec(readFileSync(path.join(dir, 'go.mod'), 'utf8'))?.[1];
    const folder = path.dirname(file);
    return module && (folder === '.' ? module : `${module}/${folder}`);
  } catch {
    return undefined;
  }
}

for (const repo of positionals) {
  const name = path.basename(repo);
  const tally = Object.fromEntries(kinds.map((k) => [k, { checked: 0, right: 0, wrong: [] }])) as unknown as Record<Kind, Tally>;
  const recall = (tally['tests to run'].recall = { changed: 0, listed: 0, missed: [] as string[] });
  perRepo.set(name, tally);
  const check = (kind: Kind, ok: boolean, what: string): void => {
    tally[kind].checked += 1;
    if (ok) tally[kind].right += 1;
    else tally[kind].wrong.push(what);
  };
  const commits = git(repo, 'log', '--no-merges', '--format=%H', '-n', '200')
    .trim()
    .split('\n')
    .filter((sha) => {
      const changed = git(repo, 'diff-tree', '--no-commit-id', '--name-only', '-r', sha).trim().split('\n');
      return changed.some((f) => SOURCE.test(f) && !TEST_PATH.test(f)) && changed.length <= 8;
    })
    .slice(0, Number(args.commits));
  const work = mkdtempSync(path.join(tmpdir(), `nanodex-claims-${name}-`));
  try {
    for (const [n, sha] of commits.entries()) {
      const changed = git(repo, 'diff-tree', '--no-commit-id', '--name-status', '-r', sha)
        .trim()
        .split('\n')
        .map((l) => l.split('\t'))
        .map(([status, file]) => ({ status: status!, file: file! }));
      const files = changed.map((c) => c.file);
      const sources = files.filter((f) => SOURCE.test(f) && !TEST_PATH.test(f));
      const tests = files.filter((f) => TEST_PATH.test(f));
      // A deleted test runs nothing: it cannot be the changed test that reaches a file.
      const liveTests = changed.filter((c) => c.status !== 'D' && TEST_PATH.test(c.file)).map((c) => c.file);
      let definitions: string[] | undefined;
      const dir = path.join(work, 'head');
      rmSync(dir, { recursive: true, force: true });
      execFileSync('git', ['clone', '-q', '--no-checkout', repo, dir]);
      git(dir, 'checkout', '-q', sha);

      // The review at the commit.
      let reviewed: { output?: { review?: ReviewJson } };
      try {
        reviewed = cli(dir, 'review', '--base', `${sha}^`, '--head', sha) as typeof reviewed;
      } catch (error) {
        // A clone that lacks an object the commit's tree holds (gson's deleted Maven binary, left out of the mirror)
        // cannot be read by git either: the commit is skipped and said so, not counted.
        skipped.push(`${name} ${sha.slice(0, 8)}: ${String((error as { stderr?: string }).stderr ?? error).split('\n')[0]}`);
        continue;
      }
      const review = reviewed.output?.review;
      const lookup = cliRunner(CLI, dir, { NANODEX_DATA_DIR: dataDir(dir) });
      for (const c of checkReviewCallers(lookup, dir, review?.blastRadius ?? [])) check('call sites', c.ok, `${sha.slice(0, 8)} ${c.what}`);
      for (const m of review?.walkthrough.moved ?? []) {
        const before = git(dir, 'show', `${sha}^:${m.from.path}`)
          .split('\n')
          .slice(m.from.startLine - 1, m.from.endLine);
        const after = git(dir, 'show', `${sha}:${m.to.path}`)
          .split('\n')
          .slice(m.to.startLine - 1, m.to.endLine);
        const squash = (ls: string[]) => ls.map((l) => l.replace(/\s+/g, '')).filter(Boolean);
        check('moved blocks', squash(before).join('\n') === squash(after).join('\n'), `${sha.slice(0, 8)} ${JSON.stringify(m)}`);
      }
      for (const gap of review?.tests.gaps ?? []) {
        const alike = liveTests.some((t) => namedLike(t, gap.path));
        const pkg = gap.path.endsWith('.go') && liveTests.some((t) => path.dirname(t) === path.dirname(gap.path));
        // In any case: `axios.create` uses lib/core/Axios.js.
        const stemmed = liveTests.some((t) => namesStem(readText(path.join(dir, t)), gap.path, { anyCase: true }));
        check('no-test claims', !alike && !pkg && !stemmed, `${sha.slice(0, 8)} no test for ${gap.path}`);
      }
      for (const test of review?.tests.testsToRun ?? []) {
        let text = '';
        try {
          text = readFileSync(path.join(dir, test), 'utf8');
        } catch {
          text = '';
        }
        const related =
          files.includes(test) ||
          sources.some(
            (s) =>
              namedLike(test, s) ||
              coChanged(repo, s).has(test) ||
              (s.endsWith('.go') && path.dirname(s) === path.dirname(test)) ||
              (s.endsWith('.go') && text.includes(`"${goImportPath(dir, s)}"`)) ||
              namesStem(text, s),
          ) ||
          // It calls a function or method the commit changed (`click.style(` for a change inside `def style`).
          (definitions ??= sources.flatMap((s) => changedDefinitions(dir, sha, s))).some((name) =>
            new RegExp(`(?<![\\w$])${name}\\s*\\(`).test(text),
          );
        check('tests to run', related, `${sha.slice(0, 8)} ${test} for ${sources.join(', ')}`);
      }
      const listed = new Set(review?.tests.testsToRun ?? []);
      for (const { status, file } of changed) {
        if (status === 'D' || !TEST_PATH.test(file) || !SOURCE.test(file) || TEST_SUPPORT.test(file)) continue;
        // pytest collects test_*.py and *_test.py only: click's tests/typing/typing_edit.py is checked by a type checker.
        if (file.endsWith('.py') && !/(^|\/)test_[^/]*\.py$|_test\.py$/.test(file)) continue;
        recall.changed += 1;
        if (listed.has(file)) recall.listed += 1;
        else recall.missed.push(`${sha.slice(0, 8)} ${file}`);
      }
      if (args['review-only']) continue;

      // The plan at the parent, from the commit's subject.
      git(dir, 'checkout', '-q', `${sha}^`);
      const subject = git(repo, 'log', '-1', '--format=%s', sha).trim();
      const planned = cli(dir, 'plan', subject) as PlanJson;
      // One question command per commit, in turn, asked the same subject on the same index.
      const command = QUESTIONS[n % QUESTIONS.length]!;
      const asked = cli(dir, command, subject);
      for (const [what, output] of [
        ['plan', planned],
        [command, asked],
      ] as const)
        for (const name of namesWithoutDefinition(output)) {
          const c = checkDefinitionGap(lookup, name, (receiver) => importSourcesOf(dir, receiver));
          check(
            'no-definition gaps',
            c.ok,
            `${sha.slice(0, 8)} ${what} "${subject}": no definition for ${name}${c.ok ? '' : `, but ${c.what}`}`,
          );
        }
      for (const c of checkPlanCallSites(lookup, dir, planned.output?.doc?.context?.symbols ?? []))
        check('call sites', c.ok, `${sha.slice(0, 8)} ${c.what}`);
      const phase = planned.output?.doc?.phases?.find((p) => p.name === 'Make the change');
      for (const f of phase?.files ?? []) check('files to change', files.includes(f), `${sha.slice(0, 8)} "${subject}": ${f}`);
      for (const f of planned.files ?? []) {
        if (!(phase?.files ?? []).includes(f.path) || !files.includes(f.path)) continue;
        const named = f.tests?.[0]?.path;
        if (!named) continue;
        const right = tests.includes(named) || namedLike(named, f.path) || coChanged(repo, f.path).has(named);
        check('test named for a file', right, `${sha.slice(0, 8)} ${named} for ${f.path}`);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface ReviewJson {
  walkthrough: { moved: { from: Range; to: Range; lines: number; reindented: boolean }[] };
  tests: { gaps: { path: string }[]; testsToRun: string[] };
  blastRadius?: Parameters<typeof checkReviewCallers>[2];
}
interface Range {
  path: string;
  startLine: number;
  endLine: number;
}
interface PlanJson {
  files?: { path: string; tests?: { path: string }[] }[];
  output?: {
    doc?: {
      phases?: { name: string; files: string[] }[];
      context?: { symbols?: { name: string; callers: number; ref: { path: string; startLine: number } }[] };
    };
  };
}

const rows: string[] = ['| repository | claim | checked | precision | recall |', '| --- | --- | ---: | ---: | ---: |'];
const wrong: string[] = [];
for (const [repo, tally] of perRepo)
  for (const kind of kinds) {
    const t = tally[kind];
    const r = t.recall;
    const recalled = r && r.changed > 0 ? `${(r.listed / r.changed).toFixed(2)} (${r.listed} of ${r.changed})` : '–';
    rows.push(`| ${repo} | ${kind} | ${t.checked} | ${t.checked === 0 ? '–' : (t.right / t.checked).toFixed(2)} | ${recalled} |`);
    wrong.push(...t.wrong.map((w) => `${repo} ${kind}: ${w}`));
    wrong.push(...(r?.missed ?? []).map((m) => `${repo} ${kind}, changed by the commit but not listed: ${m}`));
  }
process.stdout.write(`${rows.join('\n')}\n\nClaims the rules could not confirm:\n${wrong.join('\n')}\n`);
if (skipped.length > 0) process.stdout.write(`\nCommits skipped (the review could not run):\n${skipped.join('\n')}\n`);
if (args.out) writeFileSync(args.out, `${JSON.stringify(Object.fromEntries(perRepo), null, 2)}\n`);
