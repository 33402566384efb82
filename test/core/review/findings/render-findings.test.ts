import { describe, expect, it } from 'vitest';
import { renderFindings } from '../../../../src/core/review/findings/render-findings.js';
import type { ReviewFinding } from '../../../../src/core/review/findings/review-finding.js';

const cite = ({ path, startLine }: { path: string; startLine?: number }) => `[${path}#L${startLine}](https://x/${path}#L${startLine})`;

describe('renderFindings', () => {
  it('lists errors before checks, links head evidence, names base evidence without a link, and marks inline ones', () => {
    const check: ReviewFinding = {
      rule: 'callers-not-updated',
      severity: 'check',
      path: 'src/url.ts',
      line: 1,
      message: 'callers get the default: is that intended?',
      evidence: [],
    };
    const error: ReviewFinding = {
      rule: 'removed-still-used',
      severity: 'error',
      path: 'src/use.ts',
      line: 1,
      message: '`src/url.ts` no longer defines `f`.',
      evidence: [
        { label: 'definition before', path: 'src/url.ts', startLine: 4, side: 'base', code: 'export function f() {\n}' },
        { label: 'import', path: 'src/use.ts', startLine: 1, code: "import { f } from './url.js';" },
      ],
    };
    expect(renderFindings([check, error], { cite, inline: new Set([check]) })).toBe(
      [
        '### Findings',
        'From the code index, without a model: 1 error, 1 check.',
        '',
        '- **Error** `removed-still-used` at [src/use.ts#L1](https://x/src/use.ts#L1): `src/url.ts` no longer defines `f`.',
        '  - definition before `src/url.ts#L4`: `export function f() {`',
        "  - import [src/use.ts#L1](https://x/src/use.ts#L1): `import { f } from './url.js';`",
        '- **Check** `callers-not-updated` at [src/url.ts#L1](https://x/src/url.ts#L1) (commented inline): callers get the default: is that intended?',
      ].join('\n'),
    );
  });
});
