import { describe, expect, it } from 'vitest';
import { placeFindings } from '../../../../src/core/review/findings/place-findings.js';
import type { ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../../src/core/review/parse-diff.js';
import { fingerprintFinding } from '../../../../src/core/review/review-state.js';

const DIFF = [
  'diff --git a/src/url.ts b/src/url.ts',
  '--- a/src/url.ts',
  '+++ b/src/url.ts',
  '@@ -1,2 +1,4 @@',
  ' const a = 1;',
  '+const b = 2;',
  '+const c = 3;',
  ' const d = 4;',
  '',
].join('\n');
const cite = ({ path, startLine }: { path: string; startLine?: number }) => `[${path}#L${startLine}](${path}#L${startLine})`;

function finding(over: Partial<ReviewFinding>): ReviewFinding {
  return {
    rule: 'callers-not-updated',
    severity: 'error',
    path: 'src/url.ts',
    line: 2,
    message: '`f` now requires `x`.',
    evidence: [{ label: 'call site', path: 'src/url.ts', startLine: 2, code: 'f(1)' }],
    key: 'callers-not-updated:src/lib.ts:f@src/url.ts:module#1',
    ...over,
  };
}

describe('placeFindings', () => {
  it('posts a finding on a new-side line of a hunk inline and leaves one outside the hunks to the summary', () => {
    const inside = finding({});
    const outside = finding({ line: 40 });
    const placed = placeFindings(parseDiff(DIFF), [inside, outside], cite);
    expect(placed.inline.map((c) => `${c.path}:${c.line}`)).toEqual(['src/url.ts:2']);
    expect([...placed.placed]).toEqual([inside]);
    expect(placed.inline[0]!.body).toBe(
      '**Error:** `f` now requires `x`.\n\n- call site [src/url.ts#L2](src/url.ts#L2): `f(1)`\n\n<sub>nanodex · callers-not-updated</sub>',
    );
  });

  it('gives the same fingerprint when the finding moves to another line: rule, path and symbol, not the line', () => {
    const [first] = placeFindings(parseDiff(DIFF), [finding({ line: 2 })], cite).inline;
    const [moved] = placeFindings(parseDiff(DIFF), [finding({ line: 3 })], cite).inline;
    const [other] = placeFindings(
      parseDiff(DIFF),
      [finding({ line: 3, key: 'callers-not-updated:src/lib.ts:g@src/url.ts:module#1' })],
      cite,
    ).inline;
    expect(fingerprintFinding(first!.draft)).toBe(fingerprintFinding(moved!.draft));
    expect(fingerprintFinding(other!.draft)).not.toBe(fingerprintFinding(first!.draft));
  });

  it('offers a fix as a suggestion block when every line it replaces is in the hunk', () => {
    const [comment] = placeFindings(parseDiff(DIFF), [finding({ startLine: 2, line: 3, suggestion: 'const bc = 5;' })], cite).inline;
    expect(comment).toMatchObject({ startLine: 2, line: 3 });
    expect(comment!.body).toContain('```suggestion\nconst bc = 5;\n```');
  });
});
