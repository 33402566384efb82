import { describe, expect, it } from 'vitest';
import { findNodeProblem } from '../../../src/core/runtime/find-node-problem.js';

describe('findNodeProblem', () => {
  it.each(['v22.20.0', 'v22.23.3', 'v24.0.0', 'v24.21.0', 'v26.1.0'])('accepts %s', (version) => {
    expect(findNodeProblem(version)).toBeUndefined();
  });

  it.each(['v20.20.2', 'v22.12.0', 'v18.0.0', 'v23.11.0'])('refuses %s, naming the version needed and the fix', (version) => {
    expect(findNodeProblem(version)).toMatch(
      new RegExp(`needs Node\\.js 22\\.20 or later .*this is Node\\.js ${version.replace(/\./g, '\\.')}\\. Fix: install Node\\.js 24 LTS`),
    );
  });
});
