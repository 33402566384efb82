import { classifyTestPath } from '../tests/classify-test-path.js';

/**
 * Tests and their support (fixtures, helpers, setup, test data), by folder
 * or by the naming conventions of each language: what locate, the map and
 * diagrams demote or leave out. The conventions live in src/core/tests.
 */
export function isTestFile(filePath: string): boolean {
  return classifyTestPath(filePath) !== undefined;
}

/**
 * A test a runner would run, not a fixture, helper or setup file, by the
 * path alone. Where the tree is known, TestLayout (src/core/tests) also
 * reads the runners' configs and the test folders' own conventions.
 */
export function isRunnableTest(filePath: string): boolean {
  return classifyTestPath(filePath) === 'test';
}
