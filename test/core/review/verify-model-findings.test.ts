import { describe, expect, it } from 'vitest';
import { findUnnamedIdentifier } from '../../../src/core/review/check-model-finding.js';
import type { ReviewFinding } from '../../../src/core/review/findings/review-finding.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import type { OfflineReview } from '../../../src/core/review/review-offline.js';
import { verifyModelFindings, type ModelComment } from '../../../src/core/review/verify-model-findings.js';

const DIFF = [
  'diff --git a/lib/build.js b/lib/build.js',
  '--- a/lib/build.js',
  '+++ b/lib/build.js',
  '@@ -1,3 +1,3 @@',
  '-export default function buildFullPath(baseURL, requestedURL) {',
  '+export default function buildFullPath(baseURL, requestedURL, allowAbsoluteUrls) {',
  '   return requestedURL;',
  ' }',
  '',
].join('\n');

const CALLERS_NOT_UPDATED: ReviewFinding = {
  rule: 'callers-not-updated',
  severity: 'check',
  path: 'lib/build.js',
  line: 1,
  message: '`buildFullPath` gained `allowAbsoluteUrls`; 2 call sites pass two arguments and will get the default.',
  evidence: [{ label: 'call site', path: 'lib/http.js', startLine: 231, code: 'buildFullPath(config.baseURL, config.url)' }],
};

function review(findings: ReviewFinding[]): OfflineReview {
  return { walkthrough: { files: [], moved: [] }, findings, drafts: [], blastRadius: [] } as unknown as OfflineReview;
}

const SIGNATURE = { path: 'lib/build.js', line: 1, quote: 'function buildFullPath(baseURL, requestedURL, allowAbsoluteUrls)' };

async function verify(comments: ModelComment[], findings: ReviewFinding[] = [CALLERS_NOT_UPDATED]) {
  const head: Record<string, string> = {
    'lib/http.js': `${'\n'.repeat(230)}    const fullPath = buildFullPath(config.baseURL, config.url);\n`,
  };
  return verifyModelFindings(comments, {
    files: parseDiff(DIFF),
    review: review(findings),
    readHead: (path) => (head[path] === undefined ? Promise.reject(new Error('no such file')) : Promise.resolve(head[path])),
    maxComments: 5,
  });
}

describe('verifyModelFindings', () => {
  it('drops a comment that says the opposite of an index finding at the same line, and keeps one that agrees', async () => {
    const result = await verify([
      { ...SIGNATURE, body: 'Adding `allowAbsoluteUrls` is fine: no callers need updating.' },
      { ...SIGNATURE, body: 'The http adapter still calls `buildFullPath` with two arguments.', severity: 'warning' },
    ]);
    expect(result.dropped.map((d) => [d.reason, d.detail])).toEqual([
      ['contradicts an offline finding', 'dismisses the `callers-not-updated` finding at lib/build.js:1'],
    ]);
    expect(result.findings.map((f) => [f.rule, f.severity, f.line])).toEqual([['model', 'warning', 1]]);
  });

  it('keeps evidence that reads as quoted within two lines of the cited one, and drops evidence in a file that does not exist', async () => {
    const body = 'The adapter passes two arguments to `buildFullPath`.';
    const kept = await verify([
      { ...SIGNATURE, body, evidence: [{ path: 'lib/http.js', line: 230, code: 'buildFullPath(config.baseURL, config.url)' }] },
    ]);
    expect(kept.findings).toHaveLength(1);
    const gone = await verify([{ ...SIGNATURE, body, evidence: [{ path: 'lib/fetch.js', line: 3, code: 'buildFullPath(x)' }] }]);
    expect(gone.dropped.map((d) => d.detail)).toEqual(['its evidence cites lib/fetch.js, which is not in the repository']);
  });

  it('drops a comment on a file the diff does not change', async () => {
    const result = await verify([{ path: 'lib/other.js', line: 1, quote: 'x', body: 'y' }]);
    expect(result.dropped.map((d) => d.reason)).toEqual(['not in the diff']);
  });
});

describe('findUnnamedIdentifier', () => {
  it('checks every identifier of a code span, but not keywords, literals or one-letter names', () => {
    expect(findUnnamedIdentifier('`await fetchUser(id)` returns `null`', 'const u = await fetchUser(id);')).toBeUndefined();
    expect(findUnnamedIdentifier('`fetchUser(id).name` may be `None`', 'fetchUser(id)')).toBe('name');
    expect(findUnnamedIdentifier('`x` is reassigned', 'y = 1')).toBeUndefined();
  });
});
