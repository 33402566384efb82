import { describe, expect, it } from 'vitest';
import { buildLinkTo } from '../../../src/core/render/link-to.js';
import { renderReview } from '../../../src/core/review/render-review.js';
import type { OfflineReview } from '../../../src/core/review/review-offline.js';

const quietReview = (overrides: Partial<OfflineReview> = {}): OfflineReview => ({
  base: 'aaaaaaaaaaaaaaaa',
  head: 'bbbbbbbbbbbbbbbb',
  summary: { files: 1, additions: 2, deletions: 1, changedSymbols: 0 },
  walkthrough: { files: [], moved: [] },
  history: { window: 0, skippedLarge: 0, files: [] },
  linkedIssues: [],
  changedSymbols: [],
  blastRadius: [],
  tests: { gaps: [], testsToRun: [], moreTests: 0, indirectTests: 0 },
  findings: [],
  drafts: [],
  receipt: { reviewed: [{ path: 'README.md', additions: 2, deletions: 1 }], skipped: [], indexAtHead: true },
  ...overrides,
});

const linkTo = buildLinkTo({});

describe('renderReview', () => {
  it('keeps a quiet review short: overview and receipt only', () => {
    const { summary, comments } = renderReview({
      review: quietReview(),
      placed: { inline: [], needsJudgement: [] },
      linkTo,
      madeWithModel: false,
    });
    expect(comments).toEqual([]);
    expect(summary).toMatchInlineSnapshot(`
      "## nanodex review

      1 file changed (+2 −1) from \`aaaaaaaaaaaa\` to \`bbbbbbbbbbbb\`: 0 changed symbols, 0 callers outside the diff, 0 source files no changed test reaches, 0 inline comments, 0 for human judgement.

      Made without a language model: deterministic checks of the diff against the code index.

      <details>
      <summary>Coverage: 1 of 1 changed files reviewed</summary>

      **Reviewed**
      - \`README.md\` (+2 −1)
      </details>"
    `);
  });

  it('says a model wrote the summary, puts its text after the overview, and warns about a stale index', () => {
    const review = quietReview({ receipt: { reviewed: [], skipped: [], indexAtHead: false } });
    const { summary } = renderReview({
      review,
      placed: { inline: [], needsJudgement: [] },
      linkTo,
      madeWithModel: true,
      modelSummary: 'Tightens header parsing.\n',
    });
    expect(summary).toContain('The summary was written with a language model; the findings come from the diff and the code index.');
    expect(summary).toContain('> [!WARNING]\n> The code index was not built at the head commit');
    expect(summary.indexOf('Tightens header parsing.')).toBeGreaterThan(summary.indexOf('## nanodex review'));
    expect(summary).toContain('- none');
  });

  it('fences quoted code with more backticks than the code holds', () => {
    const draft = { path: 'src/a.md.ts', quote: 'const s = ```x``` + "y";', body: 'Odd.', kind: 'model' };
    const { summary } = renderReview({
      review: quietReview(),
      linkTo,
      madeWithModel: true,
      placed: { inline: [], needsJudgement: [{ draft, reason: 'quote not found in the diff' }] },
    });
    const section = summary.slice(summary.indexOf('### Needs human judgement'), summary.indexOf('<details>'));
    expect(section).toMatchInlineSnapshot(`
      "### Needs human judgement
      These could not be tied to exactly one line of the diff, so they are not posted inline.

      - \`model\` in [src/a.md.ts](src/a.md.ts) (quote not found in the diff): Odd.
        \`\`\`\`ts
        const s = \`\`\`x\`\`\` + "y";
        \`\`\`\`

      "
    `);
  });

  it('lists the tests to run, then counts apart the tests that reach the change only indirectly, without claiming they run it', () => {
    const review = quietReview({ tests: { gaps: [], testsToRun: ['tests/test_models.py'], moreTests: 2, indirectTests: 5 } });
    const { summary } = renderReview({ review, placed: { inline: [], needsJudgement: [] }, linkTo, madeWithModel: false });
    expect(summary).toContain('- `tests/test_models.py`\n- and 2 more test files like these\n');
    expect(summary).toContain(
      '5 other test files reach the changed files only indirectly (through other modules, or code that calls what changed); they may not run the changed lines.',
    );
    expect(summary).not.toContain('further from the change');
  });
});
