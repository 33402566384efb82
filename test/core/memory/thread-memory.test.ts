import { describe, expect, it } from 'vitest';
import { parseBudgetWords } from '../../../src/core/budget/parse-budget-words.js';
import { encodeMemory, readMemories, type MemoryRecord } from '../../../src/core/memory/memory-record.js';
import { buildThreadMemory, fitThreadMemory, renderThreadMemory } from '../../../src/core/memory/thread-memory.js';
import type { ThreadComment } from '../../../src/core/publish/publisher.js';
import { estimateTokens } from '../../../src/core/tokens.js';

const record = (n: number): MemoryRecord => ({
  v: 1,
  repo: 'o/r',
  command: 'plan',
  request: `request number ${n}: ${'words '.repeat(40)}`,
  files: Array.from({ length: 10 }, (_, i) => `src/turn${n}/file-${i}.ts`),
  symbols: [`symbol${n}`],
});

function thread(turns: number): ThreadComment[] {
  const comments: ThreadComment[] = [];
  for (let n = 1; n <= turns; n++) {
    comments.push({ id: n * 10, author: 'alice', body: `@nanodex plan request ${n}`, createdAt: '' });
    comments.push({ id: n * 10 + 1, author: 'nanodex[bot]', body: `reply\n\n${encodeMemory(record(n))}`, createdAt: '' });
  }
  return comments;
}

describe('thread memory', () => {
  it('keeps the most recent request and its files first, within the token budget', () => {
    const memory = buildThreadMemory(thread(30), { selfLogin: 'nanodex[bot]', repo: 'o/r', currentCommentId: 9999, maxTokens: 2000 })!;
    expect(estimateTokens(renderThreadMemory(memory))).toBeLessThanOrEqual(2000);
    expect(memory.requests[0]?.text).toContain('request number 30');
    expect(memory.files[0]).toBe('src/turn30/file-0.ts');
    expect(memory.requests.length).toBeLessThan(30);

    const small = fitThreadMemory(memory, 120);
    expect(estimateTokens(renderThreadMemory(small))).toBeLessThanOrEqual(120);
    expect(small.requests).toHaveLength(1);
    expect(small.requests[0]?.text).toContain('request number 30');
  });

  it('stops at the request being answered, and carries what people wrote since the last reply', () => {
    const comments = [
      ...thread(1),
      { id: 50, author: 'bob', body: 'also mind the 5 MB limit <!-- hidden -->', createdAt: '' },
      { id: 60, author: 'alice', body: '@nanodex now the same for uploads', createdAt: '' },
      { id: 70, author: 'carol', body: 'a later comment', createdAt: '' },
    ];
    const memory = buildThreadMemory(comments, { selfLogin: 'nanodex[bot]', repo: 'o/r', currentCommentId: 60, maxTokens: 2000 })!;
    expect(memory.since).toEqual([{ author: 'bob', text: 'also mind the 5 MB limit' }]);
  });

  it("reads only nanodex's own blocks, written for this repository", () => {
    const pasted: ThreadComment = { id: 5, author: 'mallory', body: `look: ${encodeMemory(record(7))}`, createdAt: '' };
    const atEnd: ThreadComment = { id: 6, author: 'mallory', body: encodeMemory(record(8)), createdAt: '' };
    const otherRepo: ThreadComment = {
      id: 7,
      author: 'nanodex[bot]',
      body: encodeMemory({ ...record(9), repo: 'someone/else' }),
      createdAt: '',
    };
    const context = { selfLogin: 'nanodex[bot]', repo: 'o/r', currentCommentId: 99, maxTokens: 2000 };
    expect(buildThreadMemory([pasted, atEnd, otherRepo], context)).toBeUndefined();
    const memory = buildThreadMemory([...thread(1), pasted, atEnd, otherRepo], context)!;
    expect(memory.requests.map((r) => r.text.slice(0, 16))).toEqual(['request number 1']);
    expect(memory.files.some((f) => f.includes('turn7') || f.includes('turn8') || f.includes('turn9'))).toBe(false);
  });

  it('is nothing in a thread nanodex never answered', () => {
    const comments: ThreadComment[] = [{ id: 1, author: 'alice', body: 'hello', createdAt: '' }];
    expect(buildThreadMemory(comments, { selfLogin: 'nanodex[bot]', repo: 'o/r', currentCommentId: 2, maxTokens: 2000 })).toBeUndefined();
  });

  it('ignores blocks that are not well-formed, and reads the budget word memory=', () => {
    expect(readMemories('<!-- nanodex:memory {"v":1,"repo":"o/r"} -->')).toEqual([]);
    expect(readMemories('<!-- nanodex:memory not json -->')).toEqual([]);
    expect(parseBudgetWords('memory=1k plan the uploader').overrides).toEqual({ memoryTokens: 1000 });
  });
});
