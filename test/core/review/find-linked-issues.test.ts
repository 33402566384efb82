import { describe, expect, it } from 'vitest';
import { findLinkedIssues, formatIssue } from '../../../src/core/review/find-linked-issues.js';

const read = (text: string, self?: string) =>
  findLinkedIssues([{ text, from: 'pull request' }], self).map((i) => `${i.relation} ${formatIssue(i)}`);

describe('findLinkedIssues', () => {
  it('reads closing keywords, other repositories, GH- and URL forms', () => {
    expect(read('Fixes #12. Also closes pallets/werkzeug#3 and resolved: #7')).toEqual([
      'closes #12',
      'closes pallets/werkzeug#3',
      'closes #7',
    ]);
    expect(read('see #40; GH-41 and https://github.com/psf/requests/issues/42 plus https://github.com/psf/requests/pull/43')).toEqual([
      'mentions #40',
      'mentions #41',
      'mentions psf/requests#42',
      'mentions psf/requests#43',
    ]);
    expect(read('fix https://github.com/o/r/issues/9', 'o/r')).toEqual(['closes #9']);
  });

  it("does not take a bare #12 (a squash title's own pull request), words that only contain a keyword, or junk", () => {
    expect(read('Add cobra unique args validator (#2397)')).toEqual([]);
    expect(read('prefixes #3, suffix-GH-4, closes #0, fixes #99999999, color#5')).toEqual([]);
  });

  it('keeps the first relation for an issue, closing first, and where it was read', () => {
    const issues = findLinkedIssues([
      { text: 'see #5', from: 'pull request' },
      { text: 'fixes #5', from: 'abc1234' },
    ]);
    expect(issues).toEqual([{ number: 5, relation: 'closes', from: 'abc1234' }]);
  });
});
