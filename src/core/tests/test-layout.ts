import path from 'node:path';
import { findLanguage } from '../code-index/languages.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import { classifyTestPath, type TestRole } from './classify-test-path.js';
import type { RunnerScope, TestRunnerConfig } from './read-test-runner-config.js';
import { toModuleFolders, toNameWords, toTestStem } from './test-stems.js';

const SCRIPT = /\.[cm]?[jt]sx?$/;
const NAMED_SCRIPT_TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const PYTEST_DEFAULT_FILES = ['test_*.py', '*_test.py'];

/** A test named after a feature of a file (TestLayout.testsSharingWords). */
export interface WordMatch {
  test: string;
  /** The words the two names share. */
  words: string[];
  /** How many words one name has that the other lacks. */
  extra: number;
  /** Named after the implementation of the interface the file declares (`RouteCollectorTest`). */
  implementation: boolean;
}

/**
 * The tests of one tree: every path's role by the conventions of its
 * ecosystem (classifyTestPath), overruled where a runner's config says
 * otherwise (its globs decide what it runs; its setup files are support),
 * and by the tree itself: in a test folder that holds `*.test.*` or
 * `*.spec.*` files, a script named otherwise is a helper, not a test.
 */
export class TestLayout {
  private readonly roles = new Map<string, TestRole>();
  private readonly byStem = new Map<string, string[]>();
  private readonly byDir = new Map<string, string[]>();
  private readonly byFolderStem = new Map<string, string[]>();
  /** Tests by each word of their name (toNameWords). */
  private readonly byWord = new Map<string, string[]>();
  /** The stems of product files outside examples and docs (folded as toTestStem folds a test's), per language family. */
  private readonly sourceStems = new Map<string, Set<string>>();
  /** Product files by stem (folded), examples and docs aside. */
  private readonly sourcesByStem = new Map<string, string[]>();
  /** The same per folder and family (`lib/\0js`). */
  private readonly siblingStems = new Map<string, Set<string>>();
  readonly config: TestRunnerConfig;

  constructor(paths: readonly string[], config: TestRunnerConfig = { scopes: [], unreadable: [] }) {
    this.config = config;
    const setup = new Set(config.scopes.flatMap((s) => s.setup));
    const base = new Map<string, TestRole>();
    for (const p of paths) {
      const role = classifyTestPath(p);
      if (role) base.set(p, role);
    }
    // Test folders (the outermost test root of each path) that hold named JS/TS tests.
    const namedRoots = new Set<string>();
    for (const [p, role] of base) if (role === 'test' && NAMED_SCRIPT_TEST.test(p)) namedRoots.add(testRootOf(p) ?? '');
    for (const p of paths) {
      const role = setup.has(p) ? 'support' : this.decide(p, base.get(p), namedRoots);
      const family = toFamily(p);
      if (!role && family !== undefined && !/\.d\.[cm]?ts$/.test(p) && findNonProductFolder(p) === undefined) {
        const stem = toTestStem(p);
        this.sourceStems.set(family, (this.sourceStems.get(family) ?? new Set<string>()).add(stem));
        append(this.sourcesByStem, stem, p);
        const key = `${dirOf(p)}\0${family}`;
        this.siblingStems.set(key, (this.siblingStems.get(key) ?? new Set<string>()).add(stem));
      }
      if (!role) continue;
      this.roles.set(p, role);
      if (role !== 'test') continue;
      append(this.byStem, toTestStem(p), p);
      append(this.byDir, dirOf(p), p);
      for (const word of new Set(toNameWords(p))) append(this.byWord, word, p);
      for (const folder of new Set(toModuleFolders(p).map((d) => toTestStem(`${d}.x`)))) append(this.byFolderStem, folder, p);
    }
  }

  /** `test` (a runner runs it), `support` (fixtures, helpers, setup, data) or undefined (product code). */
  classify(p: string): TestRole | undefined {
    return this.roles.has(p) ? this.roles.get(p) : classifyTestPath(p);
  }

  isTest(p: string): boolean {
    return this.classify(p) === 'test';
  }

  /** Tests named after `stem` (toTestStem). */
  testsNamed(stem: string): string[] {
    return this.byStem.get(stem) ?? [];
  }

  /**
   * Tests named after an abbreviation of a source file's stem (`req.accepts.js`, `app.render.js` for
   * `request.js`, `application.js`; `interceptors.spec.js` for `InterceptorManager.js`): the prefix, at least
   * three letters, is no product file's stem in its language and starts no other file's stem in its folder.
   */
  testsAbbreviating(sourcePath: string): { prefix: string; tests: string[] }[] {
    const family = toFamily(sourcePath);
    const stems = family === undefined ? undefined : this.sourceStems.get(family);
    const siblings = this.siblingStems.get(`${dirOf(sourcePath)}\0${family}`);
    const stem = toTestStem(sourcePath);
    if (!stems || !siblings || family === 'go') return [];
    const found: { prefix: string; tests: string[] }[] = [];
    for (let n = stem.length - MIN_REST; n >= MIN_ABBREVIATION; n--) {
      const prefix = stem.slice(0, n);
      const tests = (this.byStem.get(prefix) ?? []).filter((t) => toFamily(t) === family);
      if (tests.length === 0 || stems.has(prefix)) continue;
      let sharing = 0;
      for (const other of siblings) if (other.startsWith(prefix)) sharing++;
      if (sharing === 1) found.push({ prefix, tests });
    }
    return found;
  }

  /**
   * Tests of the source's language named after a feature of it, no file's: the words of one name are among the
   * other's (got's `test/retry.ts` and `calculate-retry-delay.ts`, `test/timer-utils.ts` and `utils/timer.ts`,
   * gson's `ExposeFieldsTest` and `Expose.java`), sharing at least four letters, and the test named after no
   * product file. `extra`: the words one has and the other lacks (the fewer, the closer). Go tests in the
   * source's folder only. The name of an interface without its `Interface` (Slim's `RouteCollectorTest` for
   * `RouteCollectorInterface.php`) names the test of its implementation, which tests it too.
   */
  testsSharingWords(sourcePath: string): WordMatch[] {
    const family = toFamily(sourcePath);
    const stems = family === undefined ? undefined : this.sourceStems.get(family);
    const words = [...new Set(toNameWords(sourcePath))];
    if (!stems || words.length === 0) return [];
    const own = new Set(words);
    const iface = words.length > 1 && words.at(-1) === 'interface' ? words.slice(0, -1).join('') : undefined;
    const found = new Map<string, WordMatch>();
    for (const test of new Set(words.flatMap((w) => this.byWord.get(w) ?? []))) {
      if (toFamily(test) !== family || (family === 'go' && dirOf(test) !== dirOf(sourcePath))) continue;
      const theirs = new Set(toNameWords(test));
      const shared = words.filter((w) => theirs.has(w));
      const stem = toTestStem(test);
      if (iface !== undefined && stem === iface) {
        found.set(test, { test, extra: 1, words: shared, implementation: true });
        continue;
      }
      const subset = shared.length === theirs.size || shared.length === own.size;
      if (!subset || theirs.size === own.size || shared.join('').length < MIN_SHARED_LETTERS || stems.has(stem)) continue;
      found.set(test, { test, extra: theirs.size + own.size - 2 * shared.length, words: shared, implementation: false });
    }
    return [...found.values()];
  }

  /** Product files (examples and docs aside) in the language of `like` whose stem is `stem`. */
  sourcesNamed(stem: string, like: string): string[] {
    const family = toFamily(like);
    return (this.sourcesByStem.get(stem) ?? []).filter((p) => toFamily(p) === family);
  }

  /** The name of the Go package in `dir`: its folder's, or at the root go.mod's module's last element (no `/vN`). */
  goPackageName(dir: string): string | undefined {
    if (dir !== '') return dir.slice(dir.lastIndexOf('/') + 1);
    return this.config.goModule
      ?.split('/')
      .filter((part) => !/^v\d+$/.test(part))
      .at(-1);
  }

  /** Tests under a folder whose name, test affixes aside, is `stem` (`tests/test_utils/` for `util`). */
  testsUnderFolderNamed(stem: string): string[] {
    return this.byFolderStem.get(stem) ?? [];
  }

  /** Tests directly in a folder ('' for the root). */
  testsIn(dir: string): string[] {
    return this.byDir.get(dir) ?? [];
  }

  /** How many tests the tree holds. */
  get testCount(): number {
    let n = 0;
    for (const role of this.roles.values()) if (role === 'test') n++;
    return n;
  }

  private decide(p: string, role: TestRole | undefined, namedRoots: Set<string>): TestRole | undefined {
    if (SCRIPT.test(p) && !p.endsWith('.d.ts')) {
      const scopes = this.scopesFor(p, (s) => s.runner !== 'pytest' && s.testGlobs.length > 0);
      if (scopes.length > 0) {
        // A `!glob` leaves out what it matches (ava's `"!test/*.types.ts"`, jest's `testMatch` negations).
        const runs = scopes.some((s) => {
          const rel = relativeTo(s.dir, p);
          const left = s.testGlobs.filter((g) => g.startsWith('!')).some((g) => matches(rel, g.slice(1)));
          return !left && s.testGlobs.some((g) => !g.startsWith('!') && matches(rel, g));
        });
        return runs && !isDataPath(p) ? 'test' : role ? 'support' : undefined;
      }
      if (role === 'test' && !NAMED_SCRIPT_TEST.test(p) && namedRoots.has(testRootOf(p) ?? '\0') && !isUnderTestsFolder(p))
        return 'support';
      return role;
    }
    const scope = p.endsWith('.py') ? this.scopesFor(p, (s) => s.runner === 'pytest')[0] : undefined;
    if (scope) {
      const name = p.slice(p.lastIndexOf('/') + 1);
      if (isDataPath(p) || name === 'conftest.py' || name === '__init__.py') return role;
      const rel = relativeTo(scope.dir, p);
      const underTestpaths = scope.testGlobs.some((t) => rel === t || rel.startsWith(`${t.replace(/\/$/, '')}/`));
      // Product code stays product code unless it lies under testpaths: python_files = *.py does not make a package a test.
      if (role === undefined && !underTestpaths) return undefined;
      const named = (scope.nameGlobs ?? PYTEST_DEFAULT_FILES).some((g) => path.posix.matchesGlob(name, g));
      return named && (scope.testGlobs.length === 0 || underTestpaths) ? 'test' : 'support';
    }
    return role;
  }

  /** The scopes that hold a path, the innermost folder's only (a package's own config overrides the root's). */
  private scopesFor(p: string, keep: (s: RunnerScope) => boolean): RunnerScope[] {
    const holding = this.config.scopes.filter((s) => keep(s) && (s.dir === '' || p.startsWith(`${s.dir}/`)));
    const deepest = Math.max(-1, ...holding.map((s) => s.dir.length));
    return holding.filter((s) => s.dir.length === deepest);
  }
}

function dirOf(p: string): string {
  return p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
}

function append(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** An abbreviation is at least this long: `req`, `res`, `app`, `ctx`. */
const MIN_ABBREVIATION = 3;
/** Words a test's name shares with a file's, at least this many letters: `retry`, `timer`, not `io`. */
const MIN_SHARED_LETTERS = 4;
/** What an abbreviation leaves out is a word, not a digit or a plural (`http` is not `http2`'s, `https`'s). */
const MIN_REST = 3;

/** The language family of a path (JavaScript and TypeScript are one), undefined for files of no language. */
function toFamily(p: string): string | undefined {
  const language = findLanguage(p);
  return language === 'typescript' || language === 'tsx' || language === 'javascript' ? 'js' : language;
}

function relativeTo(dir: string, p: string): string {
  return dir === '' ? p : p.slice(dir.length + 1);
}

function matches(p: string, glob: string): boolean {
  const pattern = glob.replace(/^\.\//, '');
  return path.posix.matchesGlob(p, pattern) || (pattern.startsWith('**/') && path.posix.matchesGlob(p, pattern.slice(3)));
}

const DATA_DIRS = /(^|\/)(fixtures|fixture|__fixtures__|testdata|__mocks__|__snapshots__)\//;
function isDataPath(p: string): boolean {
  return DATA_DIRS.test(p);
}

const ROOT = /(^|\/)(test|tests|__tests__|spec|specs)\//;
/** The path up to and including its outermost test folder (`test/` of `test/unit/a.js`). */
function testRootOf(p: string): string | undefined {
  const m = ROOT.exec(p);
  return m ? p.slice(0, m.index + m[0].length) : undefined;
}

/** Inside `__tests__`, every script is a test (jest's default). */
function isUnderTestsFolder(p: string): boolean {
  return p.includes('__tests__/');
}
