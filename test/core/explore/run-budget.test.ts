import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

describe('run, under a budget', () => {
  it('stops at the file limit, names it, shows what it gathered and how to raise it', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('who calls parseHttpRequest? files=1'), ports);
    expect(result).toMatchObject({ kind: 'budget-exceeded', limit: 'files', used: 1, allowed: 1 });
    if (result.kind !== 'budget-exceeded') return;
    expect(result.gathered.map((e) => e.path)).toEqual(['src/http/parse-http-request.ts']);
    expect(result.howToRaise).toBe('add files=2 to the request (at most 100), or narrow it with focus=<folder>');
    expect(result.metrics.filesTouched).toBe(1);
  });

  it('charges bytes before reading: a file bigger than the byte budget is never read', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run({ ...ask('where is parseHttpRequest defined?'), budget: { bytes: 100 } }, ports);
    expect(result).toMatchObject({ kind: 'budget-exceeded', limit: 'bytes', used: 0, allowed: 100 });
    if (result.kind === 'budget-exceeded') expect(result.gathered).toEqual([]);
  });

  it('stops when a required read would pass the token limit', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('where is parseHttpRequest defined? tokens=20'), ports);
    expect(result).toMatchObject({ kind: 'budget-exceeded', limit: 'contextTokens', allowed: 20 });
  });

  it('skips optional reads that would not fit (search hits, glances, deeper rounds) and lists them as gaps', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('how are uploads retried tokens=20'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.knownGaps.some((g) => /to stay within the token budget$/.test(g))).toBe(true);
    expect(result.metrics.tokensInContext).toBeLessThanOrEqual(20);
  });

  it('keeps the user within the configured maxima', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('where is splitHeaders defined? files=5000'), {
      ...ports,
      maxima: { rounds: 5, files: 30, bytes: 1e6, contextTokens: 20000, modelCalls: 5, wallMs: 60000, memoryTokens: 2000 },
    });
    expect(result.kind).toBe('done');
    if (result.kind === 'done') expect(result.metrics.budget.files).toBe(30);
  });

  it('fails with the fix when a budget word cannot be read', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('explain the uploader rounds=many'), ports);
    expect(result).toMatchObject({ kind: 'failed' });
    if (result.kind === 'failed') {
      expect(result.message).toContain('rounds=many is not a positive amount (try rounds=3)');
      expect(result.message).toContain('fix: write limits as');
      expect(result.referenceId).toMatch(/^[0-9a-f]{8}$/);
    }
  });

  it('locates for a pasted bug report whose JUnit XML holds time="0.048": no budget words are read from it', async () => {
    const { ports, repo } = await explorePorts();
    const prompt =
      'parseHttpRequest fails on a request with headers\n<testsuite name="http" time="0.048">\n  <testcase name="splits headers" time=0.048/>\n</testsuite>';
    const result = await run({ command: 'locate', prompt, repo: { kind: 'local', root: repo.root } }, ports);
    expect(result.kind).toBe('done');
    if (result.kind === 'done') expect(result.metrics.budget.wallMs).toBeGreaterThan(1000);
  });

  it('skips a request that is only budget words', async () => {
    const { ports, ask } = await explorePorts();
    expect(await run(ask('rounds=2 files=3'), ports)).toEqual({
      kind: 'skipped',
      reason: 'the request has no question after its budget words',
    });
  });

  it('narrows the search to focus=folder', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('how do requests and retries work focus=tools'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.evidence.every((e) => e.path.startsWith('tools/'))).toBe(true);
  });

  it('refuses a focus folder that leaves the repository, naming the rule', async () => {
    const { ports, ask } = await explorePorts();
    const result = await run(ask('how do retries work focus=../secrets'), ports);
    expect(result).toMatchObject({ kind: 'failed' });
    if (result.kind === 'failed') expect(result.message).toContain('contains a ".." segment');
  });
});
