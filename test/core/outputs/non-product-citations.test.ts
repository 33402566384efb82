import { describe, expect, it } from 'vitest';
import type { RepoContext } from '../../../src/core/explore/types.js';
import { buildOfflinePlan } from '../../../src/core/plan/build-offline-plan.js';
import type { FileToChange } from '../../../src/core/plan/find-files-to-change.js';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

function body(result: RunResult): string {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result.comment.body;
}

/** Headings of the evidence excerpts, in the order the reply shows them. */
const cited = (text: string) => [...text.matchAll(/^#### \[([^\]#]+)#L/gm)].map((m) => m[1]);

/** An implementation with its declarations beside it (`foo.ts`, `foo.d.ts`) and at the root, as axios ships them. */
const DECLARED = {
  'src/headers.ts': [
    'export class AxiosHeaders {',
    '  private values = new Map<string, string>();',
    '',
    '  /** Normalizes a header name: trimmed, lower case. */',
    '  normalize(name: string): string {',
    '    return name.trim().toLowerCase();',
    '  }',
    '',
    '  set(name: string, value: string): void {',
    '    this.values.set(this.normalize(name), value);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/headers.d.ts': [
    'export declare class AxiosHeaders {',
    '  /** Normalizes a header name: trimmed, lower case. */',
    '  normalize(name: string): string;',
    '  set(name: string, value: string): void;',
    '}',
    '',
  ].join('\n'),
  'index.d.cts':
    'declare class AxiosHeaders {\n  normalize(name: string): string;\n  set(name: string, value: string): void;\n}\nexport = AxiosHeaders;\n',
  'src/client.ts':
    "import { AxiosHeaders } from './headers.js';\nexport function send(): AxiosHeaders {\n  return new AxiosHeaders();\n}\n",
};

describe('citations of type declarations', () => {
  for (const command of ['explain', 'debug'] as const) {
    it(`${command} cites the implementation before its declarations`, async () => {
      const { ports, repo } = await explorePorts(DECLARED);
      const text = body(
        await run({ command, prompt: 'how does AxiosHeaders normalize header names?', repo: { kind: 'local', root: repo.root } }, ports),
      );
      expect(cited(text)[0]).toBe('src/headers.ts');
      expect(text).toMatch(/AxiosHeaders is defined in 3 places: class AxiosHeaders \(src\/headers\.ts:1\)/);
    });
  }

  it('still finds a declaration when nothing implements it', async () => {
    const { ports, repo } = await explorePorts({ 'types/headers.d.ts': DECLARED['src/headers.d.ts'] });
    const text = body(
      await run(
        { command: 'explain', prompt: 'how does AxiosHeaders normalize header names?', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    expect(cited(text)).toContain('types/headers.d.ts');
  });
});

/** A change's evidence as an exploration that reads builds would gather it: the code, a bundle, config, declarations. */
const FOLLOWED = {
  'src/request.ts': 'export function send(url: string) {\n  return retry(() => fetch(url));\n}\n',
  'src/retry.ts': 'export function retry(run: () => unknown) {\n  return run();\n}\n',
  'dist/app.js': 'function retry(run) {\n  return run();\n}\nfunction send(url) {\n  return retry(() => fetch(url));\n}\n',
  'eslint.config.js': 'export default [{ rules: { retry: "off" } }];\n',
  'index.d.ts': 'export declare function retry(run: () => unknown): unknown;\n',
};

describe('existing code to follow', () => {
  it('is never a bundle, a config file or a declaration, only the product code', async () => {
    const { ports } = await explorePorts(FOLLOWED);
    const evidence = Object.keys(FOLLOWED).map((path) => ({
      path,
      startLine: 1,
      endLine: 2,
      snippet: '',
      reason: 'matches the question',
      source: 'definition' as const,
      blobSha: '',
      round: 1,
      relevance: 1,
    }));
    const context: RepoContext = {
      repo: 'local',
      headSha: undefined,
      intent: 'change',
      questions: [],
      summary: '',
      keyFindings: [],
      evidence,
      confidence: 'medium',
      confidenceReason: 'the evidence comes from text search',
      knownGaps: [],
      tokens: 0,
    };
    const files: FileToChange[] = [
      { path: 'src/request.ts', why: 'sends', symbols: [], ref: undefined, tests: [], certainty: 'named', role: 'related' },
    ];
    const plan = buildOfflinePlan({ prompt: 'retry the build', context, index: ports.index, flavour: 'plan', files });
    // src/retry.ts defines the retries the request asks for: named as already in the repository, not repeated below.
    const cited = [...(plan.context.existing ?? []), ...plan.context.patterns].map((p) => p.ref.path);
    expect(cited).toEqual(['src/retry.ts']);
  });
});
