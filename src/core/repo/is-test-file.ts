const TEST_DIRS = new Set(['test', 'tests', '__tests__', 'spec', 'specs', 'testdata', 'testing', 'e2e', 'fixtures']);
const TEST_FILE = /(^test_.*\.py|_test\.(py|go|rb|rs)|^conftest\.py|\.(test|spec)\.[cm]?[jt]sx?|Tests?\.java|Tests?\.cs|_spec\.rb)$/;

/** Tests, specs and fixtures, by folder or by the naming conventions of each language. */
export function isTestFile(filePath: string): boolean {
  const parts = filePath.split('/');
  return parts.slice(0, -1).some((d) => TEST_DIRS.has(d.toLowerCase())) || TEST_FILE.test(parts[parts.length - 1] ?? '');
}
