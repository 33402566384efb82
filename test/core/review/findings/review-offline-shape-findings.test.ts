import { describe, expect, it } from 'vitest';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../../../src/core/review/review-offline.js';
import { makeReviewRepo } from '../review-repo.js';
import { lines } from './review-findings.js';

describe('reviewOffline with the index rules', () => {
  it('carries return-shape-changed and new-api-untested findings, most severe first', async () => {
    const repo = await makeReviewRepo(
      {
        'src/user.ts': lines('export function loadUser(id: string): { name: string } {', '  return { name: id };', '}'),
        'src/greet.ts': lines(
          "import { loadUser } from './user.js';",
          'export function greet(id: string): string {',
          '  return loadUser(id).name;',
          '}',
        ),
        'test/greet.test.ts': lines("import { greet } from '../src/greet.js';", "greet('a');"),
      },
      {
        write: {
          'src/user.ts': lines('export async function loadUser(id: string): Promise<{ name: string }> {', '  return { name: id };', '}'),
          'src/shout.ts': lines(
            'export function shout(text: string): string {',
            '  const loud = text.toUpperCase();',
            "  return loud + '!';",
            '}',
          ),
        },
      },
    );
    const files = parseDiff(repo.diff);
    const review = await reviewOffline({ files, index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead });
    expect(review.findings.map((f) => [f.rule, f.severity, f.path, f.line])).toEqual([
      ['return-shape-changed', 'error', 'src/greet.ts', 3],
      ['new-api-untested', 'check', 'src/shout.ts', 1],
    ]);
  });
});
