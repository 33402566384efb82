import { describe, expect, it } from 'vitest';
import { parseWithMermaid } from '../../../src/core/diagram/validate-mermaid.js';
import { buildChangeFlow } from '../../../src/core/review/build-change-flow.js';
import { findChangedSymbols } from '../../../src/core/review/find-changed-symbols.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { makeReviewRepo } from './review-repo.js';

const BASE = {
  'src/http.ts': [
    "import { buildPath } from './build-path.js';",
    "import { log } from './log.js';",
    '',
    'export function sendRequest(base: string, url: string) {',
    "  log('send');",
    '  return buildPath(base, url);',
    '}',
    '',
    'export function retryRequest(base: string, url: string) {',
    '  return sendRequest(base, url);',
    '}',
    '',
  ].join('\n'),
  'src/build-path.ts': 'export function buildPath(base: string, url: string) {\n  return base + url;\n}\n',
  'src/log.ts': 'export function log(message: string) {\n  return message;\n}\n',
};

async function flowOf(write: Record<string, string>) {
  const repo = await makeReviewRepo(BASE, { write });
  const files = parseDiff(repo.diff);
  return buildChangeFlow({ files, changedSymbols: findChangedSymbols(files, repo.index), index: repo.index });
}

describe('buildChangeFlow', () => {
  it('draws the calls between changed functions across files, with an unchanged direct caller in a changed file, and Mermaid parses it', async () => {
    const { flow, problem } = await flowOf({
      'src/http.ts': BASE['src/http.ts']!.replace("log('send')", "log('send again')"),
      'src/build-path.ts':
        'export function buildPath(base: string, url: string, absolute = true) {\n  return absolute ? url : base + url;\n}\n',
    });
    expect(problem).toBeUndefined();
    expect(flow?.nodes.map((n) => [n.name, n.path, n.change])).toEqual([
      ['buildPath', 'src/build-path.ts', 'modified'],
      ['sendRequest', 'src/http.ts', 'modified'],
      ['retryRequest', 'src/http.ts', 'unchanged'],
    ]);
    expect(flow?.edges).toEqual([
      { from: 1, to: 0 },
      { from: 2, to: 1 },
    ]);
    // log() is in a file the change does not touch: not drawn.
    expect(flow?.mermaid).toBe(
      [
        'flowchart LR',
        '  subgraph g1["src/build-path.ts"]',
        '    n1["buildPath()"]',
        '  end',
        '  subgraph g2["src/http.ts"]',
        '    n2["sendRequest()"]',
        '    n3["retryRequest()"]',
        '  end',
        '  n2 --> n1',
        '  n3 --> n2',
        '  classDef changed fill:#fff8c5,stroke:#9a6700,color:#1f2328',
        '  class n1,n2 changed',
      ].join('\n'),
    );
    expect(await parseWithMermaid(flow!.mermaid)).toEqual({ ok: true, diagramType: 'flowchart-v2' });
  });

  it('draws nothing for a change to one file', async () => {
    expect(await flowOf({ 'src/http.ts': BASE['src/http.ts']!.replace("'send'", "'sending'") })).toEqual({});
  });

  it('draws nothing when the changed functions do not call each other or a neighbour in a changed file', async () => {
    expect(
      await flowOf({
        'src/build-path.ts': BASE['src/build-path.ts']!.replace('base + url', 'base + "/" + url'),
        'src/log.ts': BASE['src/log.ts']!.replace('return message', 'return message.trim()'),
      }),
    ).toEqual({});
  });
});
