const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'testdata', 'testing', 'e2e', 'fixtures']);
const TEST_FILE = /(^test_.*\.py|_test\.(py|go|rb|rs)|^conftest\.py|\.(test|spec)\.[cm]?[jt]sx?|Tests?\.java|Tests?\.cs|_spec\.rb)$/;

/** Tests, specs and fixtures, by folder or by the naming conventions of each language. */
export function isTestFile(filePath: string): boolean {
  const parts = filePath.split('/');
  return parts.slice(0, -1).some((d) => TEST_DIRS.has(d.toLowerCase())) || TEST_FILE.test(parts[parts.length - 1] ?? '');
}

const RUNNABLE_NAME = /(^test_.*\.py|_test\.(py|go|rb)|\.(test|spec)\.[cm]?[jt]sx?|Tests?\.java|Tests?\.cs|_spec\.rb)$/;
const SUPPORT_DIRS = new Set([
  'fixtures',
  'fixture',
  'testdata',
  'helpers',
  'helper',
  'utils',
  'support',
  'mocks',
  '__mocks__',
  'test_apps',
  'data',
]);
const TEST_ROOTS = new Set(['test', 'tests', '__tests__', 'spec', 'specs']);

/**
 * A test a runner would run, not a fixture or helper: named as a test, or a
 * source file sitting directly in a test folder (`test/arguments.ts`), never
 * inside fixtures, helpers or test apps, never `conftest.py` or `__init__.py`.
 */
export function isRunnableTest(filePath: string): boolean {
  const parts = filePath.split('/');
  const name = parts[parts.length - 1] ?? '';
  const dirs = parts.slice(0, -1).map((d) => d.toLowerCase());
  if (dirs.some((d) => SUPPORT_DIRS.has(d)) || name === 'conftest.py' || name === '__init__.py') return false;
  if (RUNNABLE_NAME.test(name)) return true;
  return dirs.length > 0 && TEST_ROOTS.has(dirs[dirs.length - 1]!) && /\.[cm]?[jt]sx?$/.test(name);
}
