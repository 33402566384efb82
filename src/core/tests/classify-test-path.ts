import { anyOf } from '../repo/path-patterns.js';

/** What a path is to a test runner: a test it runs, or support (fixtures, helpers, setup, data) for tests. */
export type TestRole = 'test' | 'support';

/** Folders that hold tests (any depth). `testing` and `e2e` are kept for the demotion of test code in searches. */
export const TEST_ROOTS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'e2e', 'testing']);
/** Data and fixture folders: nothing in them is a test, whatever its name (`test/fixtures/b.test.ts` is a fixture). */
const DATA_DIRS = new Set([
  'fixtures',
  'fixture',
  '__fixtures__',
  'testdata',
  '__mocks__',
  '__snapshots__',
  'test_apps',
  // Test support kept beside the tests rather than in them (koa's test-helpers/stream.js). Not `test_utils`: pytest
  // collects test_*.py in a folder of that name (click's tests/test_utils/).
  'test-helpers',
  'test_helpers',
  'testhelpers',
  'test-utils',
  'testutils',
  'test-support',
]);
/**
 * Inside a test folder, a mock is a stand-in a test uses, whatever it is called (Slim's
 * tests/Mocks/InvocationStrategyTest.php is a mock strategy, not a test). Elsewhere such a folder may be product
 * code (testify's mock/).
 */
const MOCK_DIRS = new Set(['mocks', 'mock']);
/** Helper folders inside a test root: a file named as a test still is one (axios' test/specs/helpers/buildURL.spec.js). */
const HELPER_DIRS = new Set(['helpers', 'helper', 'support', 'utils', 'util', 'data', 'common', 'shared', 'setup']);
const SCRIPT = /\.[cm]?[jt]sx?$/;
const NAMED_TEST = anyOf([
  /_test\.go$/,
  /^test_.*\.py$|_test\.py$/,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  // tsd's type tests (commander's typings/index.test-d.ts): checked by the type checker, not product code.
  /\.test-d\.[cm]?tsx?$/,
  /^Test.*\.java$|(Tests?|IT|TestCase)\.(java|kt|kts|scala|groovy)$|Spec\.(kt|scala|groovy)$/,
  /Tests?\.(cs|fs|vb|php|swift)$/,
  /_spec\.rb$|_test\.rb$|_test\.rs$/,
]);
/**
 * Minitest's other form, `test_*.rb`, is a test only in a test folder (Rake's `test/**\/test_*.rb`): under `lib/`
 * it is a library for tests (sinatra-contrib's lib/sinatra/test_helpers.rb, Sinatra::TestHelpers), product code.
 */
const RUBY_PREFIXED_TEST = /^test_.*\.rb$/;
/** Files a runner loads to set tests up, wherever they are. */
const SETUP_NAME =
  /^(conftest\.py|spec_helper\.rb|rails_helper\.rb|test_helper\.rb|(jest|vitest|karma|mocha)[.-]setup\.[cm]?[jt]sx?|setupTests\.[cm]?[jt]sx?|\.mocharc\..*)$/;
/** Inside a test folder: helpers and setup (`__helpers.js`, `setup.ts`, `test-utils.ts`, `common/mod.rs`, `__init__.py`). */
const SUPPORT_NAME =
  /^(__init__\.py|_.*\.[cm]?[jt]sx?|helpers?\.[cm]?[jt]sx?|(test|tests|global)?[.-]?setup([.-].*)?\.[cm]?[jt]sx?|setup(Tests?|Files?)\.[cm]?[jt]sx?|test[-_]?utils?\.[cm]?[jt]sx?|(jest|vitest|karma|mocha)\.conf(ig)?\..*|mod\.rs)$/i;

/**
 * A path's role for tests by the conventions of each ecosystem, from the
 * path alone: Go `_test.go`, pytest's `test_*.py` / `*_test.py`, JS/TS
 * `*.test.*` / `*.spec.*` and anything in `__tests__`, JUnit's `*Test.java`,
 * RSpec's `*_spec.rb` and minitest's `*_test.rb`, Rust's `tests/*.rs`; a
 * script directly in a test folder runs under mocha or tape
 * (`test/unit/core/Axios.js`). Fixtures, test data, setup and helper files
 * are support. Undefined: product code.
 */
export function classifyTestPath(path: string): TestRole | undefined {
  const cut = path.lastIndexOf('/') + 1;
  return classifyTestName(path.slice(cut), readTestFolders(path.slice(0, cut)));
}

/** What a path's folders say to classifyTestPath; the same for every file of a folder. */
export interface TestFolders {
  /** A test root (TEST_ROOTS) among the folders. */
  inRoot: boolean;
  /** A data or fixture folder among them. */
  data: boolean;
  /** A mock folder below the first test root. */
  mock: boolean;
  /** A helper folder below the first test root. */
  helper: boolean;
  /** The file's own folder is `tests` (Rust's integration tests). */
  rustTests: boolean;
}

/** classifyTestPath's reading of a folder (`a/tests/` with its slash, `` for the root), for classifyTestName. */
export function readTestFolders(folder: string): TestFolders {
  const dirs =
    folder === ''
      ? []
      : folder
          .slice(0, -1)
          .split('/')
          .map((d) => d.toLowerCase());
  const rootAt = dirs.findIndex((d) => TEST_ROOTS.has(d));
  const below = rootAt < 0 ? [] : dirs.slice(rootAt + 1);
  return {
    inRoot: rootAt >= 0,
    data: dirs.some((d) => DATA_DIRS.has(d)),
    mock: below.some((d) => MOCK_DIRS.has(d)),
    helper: below.some((d) => HELPER_DIRS.has(d)),
    rustTests: dirs[dirs.length - 1] === 'tests',
  };
}

/** classifyTestPath for a file name in a folder already read (readTestFolders): a listing reads each folder once. */
export function classifyTestName(name: string, folders: TestFolders): TestRole | undefined {
  if (folders.data || SETUP_NAME.test(name)) return 'support';
  if (folders.inRoot && (SUPPORT_NAME.test(name) || folders.mock)) return 'support';
  if (NAMED_TEST.test(name)) return 'test';
  if (folders.inRoot && RUBY_PREFIXED_TEST.test(name)) return 'test';
  if (name.endsWith('.rs') && folders.rustTests) return 'test';
  if (!folders.inRoot) return undefined;
  if (SCRIPT.test(name) && !name.endsWith('.d.ts') && !folders.helper) return 'test';
  return 'support';
}
