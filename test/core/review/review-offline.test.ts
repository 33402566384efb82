import { describe, expect, it } from 'vitest';
import { buildLinkTo } from '../../../src/core/render/link-to.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { placeComments } from '../../../src/core/review/place-comments.js';
import { renderReview } from '../../../src/core/review/render-review.js';
import { reviewOffline } from '../../../src/core/review/review-offline.js';
import { makeReviewRepo, type ReviewRepo } from './review-repo.js';
import { BASE_FILES, HEAD_CHANGES } from './review-scenario.js';

async function reviewScenario(): Promise<{
  repo: ReviewRepo;
  review: Awaited<ReturnType<typeof reviewOffline>>;
  files: ReturnType<typeof parseDiff>;
}> {
  const repo = await makeReviewRepo(BASE_FILES, HEAD_CHANGES);
  const files = parseDiff(repo.diff);
  return {
    repo,
    files,
    review: await reviewOffline({ files, index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead }),
  };
}

describe('reviewOffline on a real git diff', () => {
  it('reads every kind of change git reports', async () => {
    const { files } = await reviewScenario();
    expect(files.map((f) => [f.path, f.status, f.binary])).toEqual([
      ['assets/logo.png', 'modified', true],
      ['package-lock.json', 'modified', false],
      ['src/http/headers.ts', 'modified', false],
      ['src/legacy.ts', 'deleted', false],
      ['src/new-name.ts', 'renamed', false],
      ['src/plugins/run-script.ts', 'added', false],
      ['test/http/headers.test.ts', 'modified', false],
    ]);
  });

  it("names the changed function, and the new file's top-level functions", async () => {
    const { review } = await reviewScenario();
    expect(review.changedSymbols.map((c) => [c.symbol.name, c.change])).toEqual([
      ['splitHeaders', 'modified'],
      ['runScript', 'added'],
      ['runTwice', 'added'],
    ]);
    expect(review.summary).toEqual({ files: 7, additions: 14, deletions: 4, changedSymbols: 3 });
  });

  it('follows callers two hops out, and counts those in changed files apart', async () => {
    const { review } = await reviewScenario();
    const split = review.blastRadius.find((b) => b.changed.symbol.name === 'splitHeaders')!;
    expect(split).toMatchObject({ direct: 1, total: 2, files: 2, inChangedFiles: 1 });
    expect(split.topCallers.map((h) => [h.name, h.path, h.line, h.depth])).toEqual([
      ['parseHttpRequest', 'src/http/parse-http-request.ts', 5, 1],
      ['handle', 'src/server.ts', 5, 2],
    ]);
  });

  it('reports the new file no test reaches, not the one whose test changed, and lists the tests to run', async () => {
    const { review } = await reviewScenario();
    expect(review.tests.gaps).toEqual([{ path: 'src/plugins/run-script.ts', reachedBy: [], moreReaching: 0 }]);
    expect(review.tests.testsToRun).toEqual(['test/http/headers.test.ts']);
  });

  it('never counts test code as a changed symbol', async () => {
    const { review } = await reviewScenario();
    expect(review.changedSymbols.filter((c) => c.symbol.path.startsWith('test/'))).toEqual([]);
  });

  it('writes a receipt of what it reviewed and what it skipped, and why', async () => {
    const { review } = await reviewScenario();
    expect(review.receipt.reviewed.map((r) => r.path)).toEqual([
      'src/http/headers.ts',
      'src/plugins/run-script.ts',
      'test/http/headers.test.ts',
    ]);
    expect(review.receipt.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['assets/logo.png', 'binary'],
      ['package-lock.json', 'generated'],
      ['src/legacy.ts', 'deleted'],
      ['src/new-name.ts', 'no-text-change'],
    ]);
    expect(review.receipt.indexAtHead).toBe(true);
  });

  it('places the risky lines inline and sends the repeated one to a person', async () => {
    const { review, files } = await reviewScenario();
    const placed = placeComments(files, review.drafts);
    expect(placed.inline.map((c) => [c.draft.kind, c.path, c.line])).toEqual([
      ['risk:loose-equality', 'src/http/headers.ts', 2],
      ['risk:eval', 'src/plugins/run-script.ts', 4],
    ]);
    expect(placed.needsJudgement.map((n) => [n.draft.kind, n.reason])).toEqual([['risk:debugger', 'quote found 2 times']]);
  });

  it('renders the summary and the inline comments', async () => {
    const { repo, review, files } = await reviewScenario();
    const rendered = renderReview({
      review,
      placed: placeComments(files, review.drafts),
      madeWithModel: false,
      linkTo: buildLinkTo({ htmlUrl: 'https://github.com/o/r', sha: 'HEAD' }),
    });
    const summary = rendered.summary.replace(repo.base.slice(0, 12), 'BASE').replace(repo.head.slice(0, 12), 'HEAD');
    expect(summary).toMatchInlineSnapshot(`
      "## nanodex review

      7 files changed (+14 −4) from \`BASE\` to \`HEAD\`: 2 findings, 3 changed symbols, 2 callers outside the diff, 1 source file no changed test reaches, 2 inline comments, 1 for human judgement.

      Made without a language model: deterministic checks of the diff against the code index.

      ### Findings
      From the code index, without a model: 2 checks.

      - **Check** \`new-api-untested\` at [src/plugins/run-script.ts#L2](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts#L2): New function \`runScript\` is part of the API, and no test reaches it: no test refers to it or calls code that calls it.
        - definition [src/plugins/run-script.ts#L2-L5](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts#L2-L5): \`export function runScript(code: string): unknown\`
      - **Check** \`new-api-untested\` at [src/plugins/run-script.ts#L7](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts#L7): New function \`runTwice\` is part of the API, and no test reaches it: no test refers to it or calls code that calls it.
        - definition [src/plugins/run-script.ts#L7-L10](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts#L7-L10): \`export function runTwice(code: string): unknown\`

      ### Walkthrough
      **Review effort: 3/5** (15 lines changed in 5 files across 4 folders; 3 risky patterns)

      - \`src/plugins/run-script.ts\` (+10 −0, added)
      - \`src/legacy.ts\` (+0 −3, deleted)
      - \`src/http/headers.ts\` (+1 −0)
      - \`src/new-name.ts\` (+0 −0, renamed from \`src/old-name.ts\`)
      - \`test/http/headers.test.ts\` (+1 −0)
      - \`package-lock.json\` (+2 −1)
      - \`assets/logo.png\` (binary)

      **Call path of the change** (from the code index: 2 changed functions and 1 call; changed ones coloured, unchanged direct callers and callees in the changed files plain):

      \`\`\`mermaid
      flowchart LR
        subgraph g1["src/plugins/run-script.ts"]
          n1["runScript()"]
          n2["runTwice()"]
        end
        n2 --> n1
        classDef added fill:#dafbe1,stroke:#1a7f37,color:#1f2328
        class n1,n2 added
      \`\`\`

      Co-change and churn: not available (the index was built from an archive, without git history).

      ### Changed symbols and their callers
      - \`splitHeaders\` (function) [src/http/headers.ts#L1-L4](https://github.com/o/r/blob/HEAD/src/http/headers.ts#L1-L4): 1 direct caller, 2 within 2 hops, in 2 files (and 1 in files this change touches)
        - \`parseHttpRequest\` at [src/http/parse-http-request.ts#L5](https://github.com/o/r/blob/HEAD/src/http/parse-http-request.ts#L5)
        - \`handle\` at [src/server.ts#L5](https://github.com/o/r/blob/HEAD/src/server.ts#L5) (2 hops)
      - New, not called outside the diff: \`runScript\`, \`runTwice\`

      ### Changed code no changed test reaches
      - [src/plugins/run-script.ts](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts): no test in the index imports it or calls what changed

      ### Tests to run
      The change's own tests, then tests named for a changed file, importing it or calling what changed (from the code index):

      - \`test/http/headers.test.ts\`

      ### Risky patterns (commented inline)
      - **Warning** \`risk:loose-equality\` at [src/http/headers.ts#L2](https://github.com/o/r/blob/HEAD/src/http/headers.ts#L2)
      - **Problem** \`risk:eval\` at [src/plugins/run-script.ts#L4](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts#L4)

      ### Needs human judgement
      These could not be tied to exactly one line of the diff, so they are not posted inline.

      - **Warning** \`risk:debugger\` in [src/plugins/run-script.ts](https://github.com/o/r/blob/HEAD/src/plugins/run-script.ts) (quote found 2 times): A breakpoint left in: it stops the program wherever a debugger is attached (pdb waits for input). Remove it.
        \`\`\`ts
        debugger;
        \`\`\`
        Suggested fix: delete the quoted lines.

      <details>
      <summary>Coverage: 3 of 7 changed files reviewed</summary>

      **Reviewed**
      - \`src/http/headers.ts\` (+1 −0)
      - \`src/plugins/run-script.ts\` (+10 −0)
      - \`test/http/headers.test.ts\` (+1 −0)

      **Skipped**
      - \`assets/logo.png\`: binary file
      - \`package-lock.json\`: generated or lock file
      - \`src/legacy.ts\`: deleted, 3 lines removed
      - \`src/new-name.ts\`: renamed from src/old-name.ts without changes
      </details>"
    `);
    expect(rendered.comments).toMatchInlineSnapshot(`
      [
        {
          "body": "\`\`\`ts
      if (head == '') return {};
      \`\`\`

      **Warning:** \`==\` converts types before comparing (\`'' == 0\` is true). Use \`===\` (and \`!==\`), which compare without conversion.

      \`\`\`suggestion
        if (head === '') return {};
      \`\`\`

      <sub>nanodex · risk:loose-equality</sub>",
          "line": 2,
          "path": "src/http/headers.ts",
          "side": "RIGHT",
        },
        {
          "body": "\`\`\`ts
      return eval(code);
      \`\`\`

      **Problem:** Runs a string as code: if any part of it can come from input, that is code injection, and it defeats static analysis. Parse the data instead (\`JSON.parse\`, \`ast.literal_eval\`) or dispatch on a fixed set of names.

      <sub>nanodex · risk:eval</sub>",
          "line": 4,
          "path": "src/plugins/run-script.ts",
          "side": "RIGHT",
        },
      ]
    `);
  });
});
