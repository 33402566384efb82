import { describe, expect, it } from 'vitest';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { fixedClock, recordingLogger } from '../../helpers/explore-fixture.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';
import { makeReviewRepo } from '../review/review-repo.js';

const BASE = {
  'src/total.ts': 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n',
  'src/cart.ts':
    "import { total } from './total.js';\n\nexport function checkout(items: number[]): string {\n  return `due: ${total(items)}`;\n}\n",
};
const HEAD = {
  'src/total.ts':
    'export function total(items: number[]): number {\n  const sum = items.reduce((a, b) => a + b, 0);\n  debugger;\n  return eval(String(sum));\n}\n',
};

async function review(model?: ScriptedChatModel) {
  const repo = await makeReviewRepo(BASE, { write: HEAD });
  const ports = { source: new LocalRepoSource(repo.root), index: repo.index, logger: recordingLogger(), clock: fixedClock(), model };
  const result = await run(
    {
      command: 'review',
      prompt: 'Review this change.',
      repo: { kind: 'local', root: repo.root },
      diff: repo.diff,
      pullRequest: { number: 7, title: 'sum', body: '', baseSha: repo.base, headSha: repo.head },
    },
    ports,
  );
  return { result, repo };
}

function done(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

describe('run > review', () => {
  it('offline: reviews the diff with the index — risky patterns inline, blast radius and missing tests in the summary', async () => {
    const result = done((await review()).result);
    expect(result.skill?.name).toBe('nanodex-reviewing');
    const { body, reviewComments } = result.comment;
    expect(reviewComments.map((c) => [c.path, c.line, c.side])).toEqual([
      ['src/total.ts', 3, 'RIGHT'],
      ['src/total.ts', 4, 'RIGHT'],
    ]);
    expect(reviewComments[0]!.body).toContain('```suggestion\n```');
    expect(body).toContain('`total`');
    expect(body).toMatch(/checkout/);
    expect(body).toContain('made without a language model');
  });

  it('with a model: places a comment whose quote is found once, and drops one whose quote is not in the diff, saying so in the notes', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          {
            name: 'emit_review_comment',
            args: {
              path: 'src/total.ts',
              line: 2,
              quote: 'const sum = items.reduce((a, b) => a + b, 0);',
              body: 'Name it `subtotal`, @mallory.',
              suggestion: '  const subtotal = items.reduce((a, b) => a + b, 0);',
            },
          },
          {
            name: 'emit_review_comment',
            args: { path: 'src/total.ts', line: 9, quote: 'return items.map(x => x * 2);', body: 'This doubles everything.' },
          },
          { name: 'emit_answer', args: { text: 'One naming nit; eval must go.', citations: [] } },
        ],
      },
    ]);
    const { result } = await review(model);
    const reviewed = done(result);
    expect(model.calls[0]!.toolNames).toEqual(['emit_answer', 'emit_review_comment']);
    expect(String(model.calls[0]!.messages[1]!.content)).toContain('+  debugger;');
    const placed = reviewed.comment.reviewComments.find((c) => c.line === 2)!;
    expect(placed.body).toContain('```suggestion\n  const subtotal = items.reduce((a, b) => a + b, 0);\n```');
    expect(placed.body).toContain('`@mallory`');
    expect(reviewed.comment.body).toContain('One naming nit; eval must go.');
    expect(reviewed.comment.body).not.toContain('This doubles everything');
    expect(reviewed.notes).toContain('model findings: 2 given, 1 kept; dropped: 1 quote not on the cited lines');
    expect(reviewed.comment.body).toContain('written with a language model');
  });

  it('with a model: keeps the offline facts (walkthrough, tests to run, callers, risky patterns) and adds the model findings on top', async () => {
    const repo = await makeReviewRepo(
      // The test imports the changed file itself: a test reaching it only through cart.ts is no test to run.
      {
        ...BASE,
        'test/cart.test.ts': "import { checkout } from '../src/cart.js';\nimport { total } from '../src/total.js';\ncheckout([1]);\n",
      },
      {
        write: {
          'src/total.ts':
            'export function total(items: number[], tax: number): number {\n  debugger;\n  return items.reduce((a, b) => a + b, 0) * tax;\n}\n',
        },
      },
    );
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          {
            name: 'emit_review_comment',
            args: {
              path: 'src/total.ts',
              line: 3,
              quote: 'return items.reduce((a, b) => a + b, 0) * tax;',
              body: 'A tax of 0 zeroes the total.',
            },
          },
          { name: 'emit_answer', args: { text: 'The new tax parameter breaks every caller.', citations: [] } },
        ],
      },
    ]);
    const ports = { source: new LocalRepoSource(repo.root), index: repo.index, logger: recordingLogger(), clock: fixedClock(), model };
    const reviewed = done(
      await run(
        {
          command: 'review',
          prompt: 'Review this change.',
          repo: { kind: 'local', root: repo.root },
          diff: repo.diff,
          pullRequest: { number: 8, title: 'tax', body: 'Fixes #41', baseSha: repo.base, headSha: repo.head },
        },
        ports,
      ),
    );
    const body = reviewed.comment.body;
    // The model saw the offline facts...
    expect(String(model.calls[0]!.messages[1]!.content)).toContain('signature of total: export function total(items: number[]): number');
    // ...and the summary keeps them beside its own findings.
    expect(body).toContain('The new tax parameter breaks every caller.');
    expect(body).toMatch(/### Walkthrough[\s\S]*`total` \(function\)[^\n]*signature `export function total\(items: number\[\]\): number`/);
    expect(body).toMatch(/### Changed symbols and their callers[\s\S]*`checkout`/);
    expect(body).toMatch(/### Tests to run[\s\S]*`test\/cart\.test\.ts`/);
    expect(body).toMatch(/### Linked issues\n- closes #41 \(pull request\)/);
    expect(reviewed.comment.reviewComments.map((c) => [c.line, c.body.includes('tax of 0') ? 'model' : 'rule'])).toEqual([
      [2, 'rule'],
      [3, 'model'],
    ]);
  });

  it('skips with a reason when there is no diff', async () => {
    const repo = await makeReviewRepo(BASE, { write: HEAD });
    const ports = { source: new LocalRepoSource(repo.root), index: repo.index, logger: recordingLogger(), clock: fixedClock() };
    expect(await run({ command: 'review', prompt: 'review', repo: { kind: 'local', root: repo.root } }, ports)).toEqual({
      kind: 'skipped',
      reason: 'a review needs a diff: give --base and --head, or run it on a pull request',
    });
  });
});
