import { describe, expect, it } from 'vitest';
import type { RunMetrics, RunResult } from '../../../src/core/request.js';
import { renderReply, renderWorking } from '../../../src/core/render/render-reply.js';

const metrics = {} as RunMetrics;

function evidence(path: string, startLine: number, endLine: number) {
  return { path, startLine, endLine, snippet: '', reason: 'r', source: 'head' as const, blobSha: 'x', round: 1 };
}

describe('renderReply', () => {
  it("posts a finished command's verified comment as it is", async () => {
    const result = {
      kind: 'done',
      command: 'plan',
      comment: { body: '## Plan\n…', reviewComments: [], issueDraft: undefined },
    } as unknown as RunResult;
    expect(await renderReply(result)).toBe('## Plan\n…');
  });

  describe('when a budget was reached', () => {
    it('names the limit, what was used, what was gathered and how to raise it', async () => {
      const result: RunResult = {
        kind: 'budget-exceeded',
        limit: 'bytes',
        used: 540_000,
        allowed: 532_480,
        metrics,
        gathered: [evidence('src/a.ts', 1, 20), evidence('src/a.ts', 40, 60), evidence('src/b.ts', 3, 9)],
        howToRaise: 'add bytes=1024kb to the request (at most 4096kb), or narrow it with focus=<folder>',
      };
      expect(await renderReply(result)).toMatchInlineSnapshot(`
        "**nanodex stopped: the bytes fetched budget was reached** (527 KB of 520 KB).
        The analysis is incomplete, so no answer is given.

        **To go further:** add bytes=1024kb to the request (at most 4096kb), or narrow it with focus=&lt;folder&gt;.

        <details><summary>Gathered before the limit: 2 files</summary>

        - \`src/a.ts\` lines 1-20, 40-60
        - \`src/b.ts\` lines 3-9

        </details>"
      `);
    });

    it('says so when nothing was gathered, and counts what it does not list', async () => {
      const none: RunResult = {
        kind: 'budget-exceeded',
        limit: 'rounds',
        used: 5,
        allowed: 5,
        gathered: [],
        howToRaise: 'add rounds=10',
        metrics,
      };
      expect(await renderReply(none)).toContain('Nothing was gathered before the limit.');
      const many: RunResult = { ...none, gathered: Array.from({ length: 25 }, (_, i) => evidence(`f${i}.ts`, 1, 2)) };
      expect(await renderReply(many)).toContain('- and 5 more files');
    });
  });

  describe('when the index the run read is partial', () => {
    const partial = { ...metrics, index: { complete: false, reason: 'interrupted', startedAt: '2026-11-24T10:00:00.000Z' } } as RunMetrics;

    it('opens an answer without a comment (ask, locate, a budget stop) with the warning', async () => {
      const result: RunResult = {
        kind: 'budget-exceeded',
        limit: 'rounds',
        used: 5,
        allowed: 5,
        gathered: [],
        howToRaise: 'add rounds=10',
        metrics: partial,
      };
      expect((await renderReply(result)).split('\n\n')[0]).toBe(
        '> ⚠️ The code index is partial: its last build (started 2026-11-24T10:00:00.000Z) stopped before it finished, ' +
          'so some files, symbols and links are missing from this reply. The next index update finishes it.',
      );
    });

    it('leaves a comment as it is: composeComment has put the warning in it', async () => {
      const result = {
        kind: 'done',
        command: 'plan',
        metrics: partial,
        comment: { body: '## Plan\n…', reviewComments: [] },
      } as unknown as RunResult;
      expect(await renderReply(result)).toBe('## Plan\n…');
    });
  });

  it('gives the reason a request was skipped', async () => {
    expect(await renderReply({ kind: 'skipped', reason: 'the request has no question after its budget words' })).toBe(
      'nanodex did nothing: the request has no question after its budget words',
    );
  });

  describe('when the run failed', () => {
    it('gives the message, the fix and the reference id, and pings nobody', async () => {
      const result: RunResult = {
        kind: 'failed',
        referenceId: 'ab12cd34',
        message: 'GitHub denied access (HTTP 403) while reading src/a.ts for @octocat\n  fix: give the App "contents: read"',
      };
      expect(await renderReply(result, { requester: 'alice' })).toMatchInlineSnapshot(`
        "nanodex could not finish: GitHub denied access (HTTP 403) while reading src/a.ts for \`@octocat\` (reference \`ab12cd34\`)

        **How to fix:** give the App "contents: read""
      `);
    });
  });
});

describe('renderWorking', () => {
  it('says which command is running', async () => {
    expect(renderWorking('plan')).toBe('⏳ nanodex is working on `plan` …');
  });
});
