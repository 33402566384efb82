import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

function done(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

describe('run > explain, debug and routing', () => {
  it('explains offline with findings, linked excerpts, confidence, and says no model was used', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(
      await run(
        { command: 'explain', prompt: 'how does parseHttpRequest split headers?', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    const body = result.comment.body;
    expect(body).toContain('## Explanation: how does parseHttpRequest split headers?');
    expect(body).toMatch(/Confidence: \*\*(high|medium)\*\*/);
    expect(body).toContain('no language model was used');
    expect(body).toMatch(/#### \[src\/http\/parse-http-request\.ts#L\d+-L\d+\]/);
  });

  it('with a model: posts the answer, sanitised, with its backed citations linked and unbacked ones removed', async () => {
    const { ports, repo } = await explorePorts();
    const model = new ScriptedChatModel([
      JSON.stringify({
        intent: 'flow',
        questions: ['How are headers split?'],
        candidates: [],
        operations: [{ kind: 'definition', symbol: 'splitHeaders' }],
        maxRounds: 2,
      }),
      'Enough.',
      {
        toolCalls: [
          {
            name: 'emit_answer',
            args: {
              text: 'splitHeaders splits on newlines (src/http/headers.ts#L1-L3, src/http/headers.ts#L40-L41).<!-- hidden --> <script>x</script>',
              citations: [
                { path: 'src/http/headers.ts', startLine: 1, endLine: 3 },
                { path: 'src/nowhere.ts', startLine: 1, endLine: 1 },
              ],
            },
          },
        ],
      },
    ]);
    const result = done(
      await run({ command: 'explain', prompt: 'how are headers split?', repo: { kind: 'local', root: repo.root } }, { ...ports, model }),
    );
    const body = result.comment.body;
    expect(body).toContain('splitHeaders splits on newlines (src/http/headers.ts#L1-L3, src/http/headers.ts).');
    expect(body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(body).not.toContain('<!--');
    expect(body).toContain('Sources: [src/http/headers.ts#L1-L3](src/http/headers.ts#L1-L3)');
    expect(result.check.citationsRemoved).toBe(1);
    expect(result.check.sanitized).toMatchObject({ htmlComments: 1, html: 2 });
    expect(body).toContain('Citations or evidence removed because they did not resolve: 2.');
  });

  it('routes free text to a skill and records how', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(
      await run({ command: 'auto', prompt: 'draw the module dependency graph', repo: { kind: 'local', root: repo.root } }, ports),
    );
    expect(result.command).toBe('diagram');
    expect(result.skill).toMatchObject({ name: 'nanodex-diagramming', routedBy: 'scored' });
  });

  it("uses the repository's own skill when it overrides a built-in, and the reply says so", async () => {
    const { ports, repo } = await explorePorts({
      ...SAMPLE_FILES,
      '.github/skills/nanodex-debugging/SKILL.md':
        '---\nname: nanodex-debugging\ndescription: Our debugging. Triggers on "debug", "crash".\nallowed-tools: emit_answer\nmetadata:\n  command: debug\n---\n# Debug the house way\n',
    });
    const result = done(
      await run(
        { command: 'auto', prompt: 'debug why parseHttpRequest crashes on empty input', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    expect(result.skill).toMatchObject({ name: 'nanodex-debugging', source: 'repository', overrides: 'skills/nanodex-debugging/SKILL.md' });
    expect(result.comment.body).toContain(
      "Using this repository's nanodex-debugging skill (.github/skills/nanodex-debugging/SKILL.md) instead of the built-in one.",
    );
    expect(result.comment.body).toContain('## Debugging:');
  });

  it('never quotes a token-shaped secret from the source, in the evidence or the comment', async () => {
    const token = `ghp_${'A1b2'.repeat(9)}`;
    const { ports, repo } = await explorePorts({
      ...SAMPLE_FILES,
      'src/client.ts': `export function makeClient() {\n  return { token: '${token}' };\n}\n`,
    });
    const result = done(
      await run({ command: 'explain', prompt: 'what does makeClient return?', repo: { kind: 'local', root: repo.root } }, ports),
    );
    if (result.output.kind !== 'answer') throw new Error('expected an answer');
    expect(result.output.doc.context.evidence.some((e) => e.path === 'src/client.ts')).toBe(true);
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it("keeps a comment within GitHub's size limit", async () => {
    const big = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `src/big${i}.ts`,
        `export function handler${i}(x: number) {\n${'  x += 1; // handler work\n'.repeat(400)}  return x;\n}\n`,
      ]),
    );
    const { ports, repo } = await explorePorts({ ...SAMPLE_FILES, ...big });
    const result = done(
      await run(
        {
          command: 'explain',
          prompt: 'what does handler work do? files=30 budget=200k bytes=2048',
          repo: { kind: 'local', root: repo.root },
        },
        ports,
      ),
    );
    expect(result.comment.body.length).toBeLessThanOrEqual(65_536);
  });
});
