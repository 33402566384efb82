import { describe, expect, it } from 'vitest';
import type { CodeIndex } from '../../../src/core/code-index/code-index.js';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

function done(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

/** An index that counts one line too many in every file, as it once did for files ending in a newline. */
function overCounting(index: CodeIndex): CodeIndex {
  return new Proxy(index, {
    get(target, key, receiver) {
      if (key === 'getFile') {
        return (path: string) => {
          const file = target.getFile(path);
          return file && { ...file, lines: file.lines + 1 };
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('citation check > line counts', () => {
  it('removes a citation one line past the end of a file even when the index counts that line', async () => {
    const { ports, repo } = await explorePorts();
    // src/http/headers.ts has 3 lines and ends in a newline.
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
              text: 'splitHeaders is at src/http/headers.ts#L1-L3 and ends at src/http/headers.ts#L4.',
              citations: [{ path: 'src/http/headers.ts', startLine: 1, endLine: 3 }],
            },
          },
        ],
      },
    ]);
    const result = done(
      await run(
        { command: 'explain', prompt: 'how are headers split?', repo: { kind: 'local', root: repo.root } },
        { ...ports, index: overCounting(ports.index), model },
      ),
    );
    expect(result.comment.body).toContain('splitHeaders is at src/http/headers.ts#L1-L3 and ends at src/http/headers.ts.');
    expect(result.check.citationProblems).toContain('src/http/headers.ts#L4-L4: outside its 3 lines');
  });

  it('keeps a citation of the last line', async () => {
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
              text: 'It closes at src/http/headers.ts#L3.',
              citations: [{ path: 'src/http/headers.ts', startLine: 1, endLine: 3 }],
            },
          },
        ],
      },
    ]);
    const result = done(
      await run({ command: 'explain', prompt: 'how are headers split?', repo: { kind: 'local', root: repo.root } }, { ...ports, model }),
    );
    expect(result.comment.body).toContain('It closes at src/http/headers.ts#L3.');
    expect(result.check.citationsRemoved).toBe(0);
  });
});
