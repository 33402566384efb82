import { describe, expect, it } from 'vitest';
import { buildCheckRun, CHECK_SUMMARY_LIMIT, selectCarried, toCheckConclusion } from '../../../src/core/review/build-check-run.js';
import type { FindingSeverity, ReviewFinding } from '../../../src/core/review/findings/review-finding.js';

const HEAD = 'c'.repeat(40);
const INPUT = { headSha: HEAD, htmlUrl: 'https://github.com/o/r', detailsUrl: 'https://github.com/o/r/pull/5#issuecomment-1' };

function finding(severity: FindingSeverity, line = 3, extra: Partial<ReviewFinding> = {}): ReviewFinding {
  return {
    rule: 'callers-not-updated',
    severity,
    path: 'lib/adapters/http.js',
    line,
    message: `buildFullPath takes 3 parameters now; this call passes 2 (line ${line}).`,
    evidence: [{ label: 'definition after', path: 'lib/core/buildFullPath.js', startLine: 4, code: 'function buildFullPath(a, b, c) {' }],
    ...extra,
  };
}

describe('toCheckConclusion', () => {
  const cases: [string, FindingSeverity[], 'error' | 'warning' | 'never', string][] = [
    ['no finding at all', [], 'error', 'success'],
    ['no finding, failOn never', [], 'never', 'success'],
    ['an error with failOn error', ['error'], 'error', 'failure'],
    ['a warning with failOn error', ['warning', 'check'], 'error', 'neutral'],
    ['a warning with failOn warning', ['warning'], 'warning', 'failure'],
    ['an error with failOn warning', ['error'], 'warning', 'failure'],
    ['an error with failOn never', ['error'], 'never', 'neutral'],
    ['only checks with failOn warning', ['check', 'check'], 'warning', 'neutral'],
  ];
  for (const [what, severities, failOn, expected] of cases) {
    it(`is ${expected} for ${what}`, () => {
      expect(
        toCheckConclusion(
          severities.map((severity) => ({ severity })),
          failOn,
        ),
      ).toBe(expected);
    });
  }
});

describe('buildCheckRun', () => {
  describe('for a finished review', () => {
    it('names the check "nanodex review", counts findings by severity in the title and annotates each finding on its lines', () => {
      const run = buildCheckRun(
        { kind: 'reviewed', scope: 'the whole pull request', findings: [finding('check', 9), finding('error', 3, { startLine: 2 })] },
        { ...INPUT, failOn: 'error' },
      );
      expect(run).toMatchObject({ name: 'nanodex review', headSha: HEAD, conclusion: 'failure', title: '1 error, 1 check' });
      expect(run.detailsUrl).toBe(INPUT.detailsUrl);
      expect(run.annotations).toEqual([
        {
          path: 'lib/adapters/http.js',
          startLine: 2,
          endLine: 3,
          level: 'failure',
          title: 'callers-not-updated',
          message: 'buildFullPath takes 3 parameters now; this call passes 2 (line 3).',
          details: 'definition after: lib/core/buildFullPath.js:4\nfunction buildFullPath(a, b, c) {',
        },
        expect.objectContaining({ startLine: 9, endLine: 9, level: 'notice' }),
      ]);
    });

    it('writes a summary with the counts, why the conclusion is what it is, and the top findings linked at the head', () => {
      const run = buildCheckRun(
        { kind: 'reviewed', scope: 'the whole pull request', findings: [finding('warning', 7)] },
        { ...INPUT, failOn: 'never' },
      );
      expect(run.summary).toMatchInlineSnapshot(`
        "nanodex reviewed the whole pull request at \`ccccccc\`.

        | Severity | Findings |
        | --- | ---: |
        | error | 0 |
        | warning | 1 |
        | check | 0 |

        **neutral**: \`review.failOn\` is \`never\` (set it to \`error\` or \`warning\` to fail the check on findings).

        ### Top findings

        - **warning** \`callers-not-updated\` at [lib/adapters/http.js:7](https://github.com/o/r/blob/cccccccccccccccccccccccccccccccccccccccc/lib/adapters/http.js#L7): buildFullPath takes 3 parameters now; this call passes 2 (line 7)."
      `);
    });

    it('is success with the title "No findings" when the review found nothing', () => {
      const run = buildCheckRun({ kind: 'reviewed', scope: 'the whole pull request', findings: [] }, { ...INPUT, failOn: 'warning' });
      expect(run).toMatchObject({ conclusion: 'success', title: 'No findings', annotations: [] });
    });

    it("keeps the summary within GitHub's 65,535 characters however long the messages are, and counts what it leaves out", () => {
      const long = Array.from({ length: 300 }, (_, i) => finding('error', i + 1, { message: 'x'.repeat(5_000) }));
      const run = buildCheckRun({ kind: 'reviewed', scope: 'the whole pull request', findings: long }, { ...INPUT, failOn: 'never' });
      expect(run.summary.length).toBeLessThanOrEqual(CHECK_SUMMARY_LIMIT);
      expect(run.summary).toContain('… and 280 more findings, each an annotation on its line.');
      expect(run.annotations).toHaveLength(300);
      expect(run.annotations.every((a) => a.message.length <= 4_000)).toBe(true);
    });
  });

  describe('for a review that did not finish', () => {
    it('is neutral, never success, when failOn is never', () => {
      const run = buildCheckRun({ kind: 'incomplete', reason: 'it reached its budget' }, { ...INPUT, failOn: 'never' });
      expect(run).toMatchObject({ conclusion: 'neutral', title: 'Review incomplete', annotations: [] });
    });

    it('fails when failOn gates on findings it could not look for, and says how to update it', () => {
      const run = buildCheckRun({ kind: 'incomplete', reason: 'it failed', referenceId: 'ndx-1' }, { ...INPUT, failOn: 'error' });
      expect(run.conclusion).toBe('failure');
      expect(run.summary).toContain('reference `ndx-1`');
      expect(run.summary).toContain('review the head again');
    });
  });

  it('is skipped when no file was reviewed', () => {
    const run = buildCheckRun({ kind: 'skipped', reason: 'no changed file matches.' }, { ...INPUT, failOn: 'error' });
    expect(run).toMatchObject({ conclusion: 'skipped', title: 'Nothing to review' });
  });
});

describe('findings carried from the last reviewed head', () => {
  const earlier = buildCheckRun(
    {
      kind: 'reviewed',
      scope: 'the whole pull request',
      findings: [finding('error', 3), finding('warning', 9, { path: 'src/other.ts', evidence: [] })],
    },
    { ...INPUT, failOn: 'error' },
  ).annotations;

  it('keeps those whose file and evidence files the new commits did not change', () => {
    expect(selectCarried(earlier, new Set(['src/unrelated.ts'])).map((a) => a.path)).toEqual(['lib/adapters/http.js', 'src/other.ts']);
  });

  it('drops those whose own file changed, or whose evidence (the definition) changed: the new review decides again', () => {
    expect(selectCarried(earlier, new Set(['src/other.ts'])).map((a) => a.path)).toEqual(['lib/adapters/http.js']);
    expect(selectCarried(earlier, new Set(['lib/core/buildFullPath.js'])).map((a) => a.path)).toEqual(['src/other.ts']);
  });

  it('counts them in the title and the conclusion, annotates them again on the new head, and says where they came from', () => {
    const run = buildCheckRun(
      { kind: 'reviewed', scope: 'the commits since `bbbbbbb`', findings: [], carried: { from: 'b'.repeat(40), annotations: earlier } },
      { ...INPUT, failOn: 'error' },
    );
    expect(run).toMatchObject({ conclusion: 'failure', title: '1 error, 1 warning' });
    expect(run.annotations).toEqual(earlier);
    expect(run.summary).toContain('2 findings carried from `bbbbbbb`');
  });

  it('does not annotate a carried finding twice when the new review raises it again', () => {
    const run = buildCheckRun(
      {
        kind: 'reviewed',
        scope: 'the commits since `bbbbbbb`',
        findings: [finding('error', 3)],
        carried: { from: 'b'.repeat(40), annotations: earlier },
      },
      { ...INPUT, failOn: 'never' },
    );
    expect(run.annotations).toHaveLength(2);
    expect(run.title).toBe('1 error, 1 warning');
  });
});
