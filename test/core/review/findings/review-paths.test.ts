import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS, type ReviewSettings } from '../../../../src/core/config/repo-config.js';
import { findPathInstructions, isRuleOn } from '../../../../src/core/review/findings/review-paths.js';

const none = { enable: [], disable: [] };
const SETTINGS: ReviewSettings = {
  ...DEFAULT_REVIEW_SETTINGS,
  rules: { enable: ['loud'], disable: ['py-assert'] },
  paths: [
    { path: 'src/api/**', instructions: 'Check auth.', rules: { enable: [], disable: ['loud'] } },
    { path: 'src/api/public/', instructions: '  ', rules: { enable: ['rule:loud'], disable: [] } },
    { path: '*.py', instructions: 'Type hints everywhere.', rules: none },
  ],
};

describe('isRuleOn', () => {
  it('keeps a rule at its default when nothing names it', () => {
    expect(isRuleOn('quiet', 'a.ts', SETTINGS)).toBe(true);
    expect(isRuleOn('quiet', 'a.ts', SETTINGS, true)).toBe(false);
    expect(isRuleOn('quiet', 'a.ts', undefined)).toBe(true);
  });

  it('lets review.rules switch a rule for the whole repository', () => {
    expect(isRuleOn('loud', 'a.ts', SETTINGS, true)).toBe(true);
    expect(isRuleOn('py-assert', 'a.py', SETTINGS)).toBe(false);
  });

  it('lets the last matching review.paths entry win', () => {
    expect(isRuleOn('loud', 'src/api/users.ts', SETTINGS)).toBe(false);
    expect(isRuleOn('loud', 'src/api/public/index.ts', SETTINGS)).toBe(true);
  });
});

describe('findPathInstructions', () => {
  it("gives a file every matching entry's instructions in order, and skips blank ones", () => {
    expect(findPathInstructions('src/api/public/x.py', SETTINGS)).toEqual(['Check auth.', 'Type hints everywhere.']);
    expect(findPathInstructions('docs/a.md', SETTINGS)).toEqual([]);
  });
});
