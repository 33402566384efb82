import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS } from '../../../src/core/config/repo-config.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';
import { fixedClock, recordingLogger } from '../../helpers/explore-fixture.js';
import { makeReviewRepo } from '../review/review-repo.js';

const BASE = {
  'src/total.ts': 'export function total(items: number[]): number {\n  return items.reduce((a, b) => a + b, 0);\n}\n',
  'src/cart.ts':
    "import { total } from './total.js';\n\nexport function checkout(items: number[]): string {\n  return `due: ${total(items)}`;\n}\n",
};
const HEAD = {
  'src/total.ts':
    'export function total(items: number[], tax: number): number {\n  const sum = items.reduce((a, b) => a + b, 0);\n  debugger;\n  return sum * tax;\n}\n',
};

type Comment = { path: string; line: number; quote: string; body: string; severity?: string; evidence?: unknown[] };

/** Reviews the change with a model that emits these comments, then a one-line summary. */
async function reviewWith(comments: Comment[], maxComments = DEFAULT_REVIEW_SETTINGS.maxComments) {
  const repo = await makeReviewRepo(BASE, { write: HEAD });
  const model = new ScriptedChatModel([
    {
      toolCalls: [
        ...comments.map((args) => ({ name: 'emit_review_comment', args })),
        { name: 'emit_answer', args: { text: 'Reviewed.', citations: [] } },
      ],
    },
  ]);
  const ports = { source: new LocalRepoSource(repo.root), index: repo.index, logger: recordingLogger(), clock: fixedClock(), model };
  const result = await run(
    {
      command: 'review',
      prompt: 'Review this change.',
      repo: { kind: 'local', root: repo.root },
      diff: repo.diff,
      pullRequest: { number: 9, title: 'tax', body: '', baseSha: repo.base, headSha: repo.head },
      review: { ...DEFAULT_REVIEW_SETTINGS, maxComments },
    },
    ports,
  );
  if (result.kind !== 'done' || !('comment' in result) || result.output.kind !== 'review') {
    throw new Error(`expected a review, got ${JSON.stringify(result).slice(0, 300)}`);
  }
  return { result, output: result.output };
}

const inline = (result: Extract<RunResult, { kind: 'done'; comment: unknown }>) =>
  result.comment.reviewComments.map((c) => [c.line, c.body]);

const TAX = { path: 'src/total.ts', line: 4, quote: 'return sum * tax;' };

describe('review with a model: verified findings', () => {
  it('keeps a finding whose quote is on the cited line and whose named identifiers are in its code and evidence, as a `model` finding', async () => {
    const { result, output } = await reviewWith([
      {
        ...TAX,
        severity: 'error',
        body: 'The new `tax` parameter is required, and `checkout` still calls `total(items)` with one argument.',
        evidence: [{ path: 'src/cart.ts', line: 4, code: 'return `due: ${total(items)}`;' }],
      },
    ]);
    expect(output.modelFindings).toEqual([
      {
        rule: 'model',
        severity: 'error',
        path: 'src/total.ts',
        line: 4,
        message: 'The new `tax` parameter is required, and `checkout` still calls `total(items)` with one argument.',
        evidence: [
          { label: 'cited code', path: 'src/total.ts', startLine: 4, endLine: 4, code: 'return sum * tax;' },
          { label: 'evidence', path: 'src/cart.ts', startLine: 4, code: 'return `due: ${total(items)}`;' },
        ],
      },
    ]);
    expect(inline(result).some(([line, body]) => line === 4 && String(body).includes('still calls'))).toBe(true);
    expect(result.notes).toContain('model findings: 1 given, 1 kept');
  });

  it('drops a finding whose quoted code is not in the diff', async () => {
    const { result, output } = await reviewWith([
      { path: 'src/total.ts', line: 4, quote: 'return items.map((x) => x * 2);', body: 'This doubles every item.' },
    ]);
    expect(output.modelFindings).toEqual([]);
    expect(result.comment.body).not.toContain('doubles every item');
    expect(result.notes).toContain('model findings: 1 given, 0 kept; dropped: 1 quote not on the cited lines');
  });

  it('drops a finding that names an identifier its cited code and evidence do not contain', async () => {
    const { result, output } = await reviewWith([{ ...TAX, body: '`applyDiscount` is skipped when `tax` is 0.' }]);
    expect(output.modelFindings).toEqual([]);
    expect(result.comment.body).not.toContain('applyDiscount');
    expect(result.notes).toContain('model findings: 1 given, 0 kept; dropped: 1 names what the code does not');
  });

  it('drops a finding whose evidence quotes code that is not at the line it cites', async () => {
    const { result } = await reviewWith([
      { ...TAX, body: 'Callers pass no tax.', evidence: [{ path: 'src/cart.ts', line: 1, code: 'total(items, 0)' }] },
    ]);
    expect(result.notes).toContain('model findings: 1 given, 0 kept; dropped: 1 evidence misquoted');
  });

  it('keeps at most review.maxComments findings, the most severe first', async () => {
    const { result, output } = await reviewWith(
      [
        {
          path: 'src/total.ts',
          line: 2,
          quote: 'const sum = items.reduce((a, b) => a + b, 0);',
          body: 'Name it subtotal.',
          severity: 'info',
        },
        { ...TAX, body: 'A tax of 0 zeroes the total.', severity: 'warning' },
        { path: 'src/total.ts', line: 1, quote: 'tax: number', body: 'Every caller breaks: tax is required.', severity: 'error' },
      ],
      2,
    );
    expect(output.modelFindings?.map((f) => [f.severity, f.line])).toEqual([
      ['error', 1],
      ['warning', 4],
    ]);
    expect(result.comment.body).not.toContain('Name it subtotal');
    expect(result.notes).toContain('model findings: 3 given, 2 kept; dropped: 1 over the cap');
  });

  it('never contradicts an offline finding: a comment dismissing the risky pattern on the same line is dropped, the pattern stays', async () => {
    const { result, output } = await reviewWith([
      { path: 'src/total.ts', line: 3, quote: 'debugger;', body: 'This `debugger` is harmless here; not a problem.' },
    ]);
    expect(output.modelFindings).toEqual([]);
    expect(result.notes).toContain('model findings: 1 given, 0 kept; dropped: 1 contradicts an offline finding');
    const atLine3 = inline(result).filter(([line]) => line === 3);
    expect(atLine3).toHaveLength(1);
    expect(String(atLine3[0]![1])).toContain('risk:debugger');
  });
});
