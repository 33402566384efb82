import { describe, expect, it } from 'vitest';
import { DEFAULT_REPO_CONFIG, parseRepoConfig } from '../../../src/core/config/repo-config.js';

describe('review settings in .github/nanodex.yml', () => {
  it('fill in a neutral check, five model comments and no rule switches by default', () => {
    const parsed = parseRepoConfig('review:\n  auto: false\n');
    expect(parsed.ok && parsed.config.review).toEqual({
      ...DEFAULT_REPO_CONFIG.review,
      auto: false,
      failOn: 'never',
      maxComments: 5,
      checkRun: true,
      rules: { enable: [], disable: [] },
      paths: [],
    });
  });

  it('read path instructions and rule switches, with defaults inside each entry', () => {
    const parsed = parseRepoConfig(
      [
        'review:',
        '  failOn: error',
        '  rules: { disable: [new-api-untested] }',
        '  paths:',
        '    - path: "src/api/**"',
        '      instructions: Every handler validates its input.',
        '      rules: { enable: [py-bare-except] }',
        '    - path: "docs/"',
      ].join('\n'),
    );
    expect(parsed.ok && parsed.config.review).toMatchObject({
      failOn: 'error',
      rules: { enable: [], disable: ['new-api-untested'] },
      paths: [
        { path: 'src/api/**', instructions: 'Every handler validates its input.', rules: { enable: ['py-bare-except'], disable: [] } },
        { path: 'docs/', rules: { enable: [], disable: [] } },
      ],
    });
  });

  it('read `reviews:` as `review:`, the way other review bots spell it', () => {
    const parsed = parseRepoConfig('reviews:\n  failOn: warning\n  maxComments: 2\n');
    expect(parsed.ok && parsed.config.review).toMatchObject({ failOn: 'warning', maxComments: 2, include: ['**'] });
  });

  it('name the `reviews:` key and its line when a setting under it is wrong', () => {
    const parsed = parseRepoConfig('budget:\n  rounds: 2\nreviews:\n  failOn: sometimes\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([expect.objectContaining({ path: 'reviews.failOn', line: 4 })]);
    expect(parsed.problems[0]!.message).toMatch(/"error", "warning", "never"/);
  });

  it('refuse `review:` and `reviews:` together, since one would silently win', () => {
    const parsed = parseRepoConfig('review:\n  auto: false\nreviews:\n  failOn: error\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([expect.objectContaining({ path: 'reviews', fix: expect.stringContaining('merge') })]);
  });

  it('refuse a rule id that is not one and a comment cap above 50', () => {
    const parsed = parseRepoConfig('review:\n  maxComments: 500\n  rules:\n    enable: ["no spaces allowed"]\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.path)).toEqual(['review.maxComments', 'review.rules.enable[0]']);
  });
});
