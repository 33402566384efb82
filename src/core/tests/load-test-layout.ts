import type { CodeIndex } from '../code-index/code-index.js';
import { readTestRunnerConfig } from './read-test-runner-config.js';
import { TestLayout } from './test-layout.js';

/**
 * The tree's test layout: the index's paths, classified by each
 * ecosystem's conventions and by the runners' own configs, read through
 * `readFile` (the repository's files at the indexed commit). Without
 * `readFile`, the conventions alone.
 */
export async function loadTestLayout(index: CodeIndex, readFile?: (path: string) => Promise<string>): Promise<TestLayout> {
  const paths = index.listFiles().map((f) => f.path);
  if (!readFile) return new TestLayout(paths);
  return new TestLayout(paths, await readTestRunnerConfig(paths, readFile));
}
