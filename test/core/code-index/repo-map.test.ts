import { afterEach, describe, expect, it } from 'vitest';
import { pageRank, toGraph } from '../../../src/core/code-index/page-rank.js';
import { buildRepoMap } from '../../../src/core/code-index/repo-map.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

describe('pageRank', () => {
  it('ranks the node everyone points at highest, and sums to one', () => {
    const rank = pageRank(
      4,
      toGraph([
        { from: 0, to: 3, weight: 1 },
        { from: 1, to: 3, weight: 1 },
        { from: 2, to: 3, weight: 1 },
        { from: 3, to: 0, weight: 1 },
      ]),
    );
    expect(Math.max(...rank)).toBe(rank[3]);
    expect(rank.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it('moves rank towards the personalised nodes', () => {
    const edges = toGraph([
      { from: 0, to: 1, weight: 1 },
      { from: 1, to: 0, weight: 1 },
    ]);
    const plain = pageRank(3, edges);
    const focused = pageRank(3, edges, { personalization: Float64Array.from([0, 0, 1]) });
    expect(focused[2]!).toBeGreaterThan(plain[2]!);
  });
});

describe('buildRepoMap', () => {
  it('outlines the most depended-on files first, with their signatures', async () => {
    repo = await indexSample();
    const map = buildRepoMap(repo.store, { tokens: 4000 });
    // server -> parse-http-request -> headers: rank flows down the chain of uses.
    expect(map.files.slice(0, 3).map((f) => f.path)).toEqual(['src/http/headers.ts', 'src/http/parse-http-request.ts', 'tools/retry.py']);
    expect(map.text).toContain(
      'src/http/parse-http-request.ts:\n│ export function parseHttpRequest(raw: string): Request\n│ export interface Request\n',
    );
    expect(map.text).toContain('src/server.ts:\n│ export class Server\n│ export class LoggingServer extends Server\n│ … 2 more\n');
    expect(map.totalFiles).toBe(7);
  });

  it('fits the token budget, dropping outlines before dropping files', async () => {
    repo = await indexSample();
    const small = buildRepoMap(repo.store, { tokens: 40 });
    expect(small.tokens).toBeLessThanOrEqual(40);
    expect(small.files.length).toBeGreaterThan(0);
    expect(buildRepoMap(repo.store, { tokens: 1 }).files).toEqual([]);
  });

  it('centres on what the prompt mentions', async () => {
    repo = await indexSample();
    const plain = buildRepoMap(repo.store, { tokens: 4000 });
    const focused = buildRepoMap(repo.store, { tokens: 4000, mentions: ['with_retries'] });
    const rankOf = (m: typeof plain) => m.files.findIndex((f) => f.path === 'tools/retry.py');
    expect(rankOf(focused)).toBe(0);
    expect(rankOf(plain)).toBeGreaterThan(0);
    expect(buildRepoMap(repo.store, { tokens: 4000, focusPaths: ['tools'] }).files[0]!.path.startsWith('tools/')).toBe(true);
  });

  it('ranks tests below the code they exercise', async () => {
    const files: Record<string, string> = {
      'src/core.ts': 'export function core() { return 1; }\n',
      'test/helpers.ts': 'export function helper() { return 2; }\n',
    };
    // The test helper is used four times as often as the code; it still ranks below it.
    for (let i = 0; i < 4; i += 1) {
      files[`test/t${i}.test.ts`] =
        i === 0
          ? `import { helper } from './helpers.js';\nimport { core } from '../src/core.js';\nhelper(); core();\n`
          : `import { helper } from './helpers.js';\nhelper();\n`;
    }
    repo = await indexSample(files);
    const map = buildRepoMap(repo.store, { tokens: 4000 });
    expect(map.files[0]!.path).toBe('src/core.ts');
  });
});
