import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

const KEY = 'sk-test-nanodex-0000000000000000000000000cli1';

/** An OpenAI chat completion carrying text or one tool call. */
function completion(message: { content?: string; tool?: { name: string; args: unknown } }) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1763683200,
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        finish_reason: message.tool ? 'tool_calls' : 'stop',
        logprobs: null,
        message: {
          role: 'assistant',
          content: message.content ?? null,
          refusal: null,
          ...(message.tool
            ? {
                tool_calls: [
                  { id: 'call_1', type: 'function', function: { name: message.tool.name, arguments: JSON.stringify(message.tool.args) } },
                ],
              }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('nanodex ask with a model', () => {
  it('plans, explores and answers through the provider, citing only evidence', async () => {
    const bodies: { tools?: { function: { name: string } }[] }[] = [];
    const plan = {
      intent: 'definition',
      questions: ['Where is splitHeaders?'],
      candidates: [],
      operations: [{ kind: 'definition', symbol: 'splitHeaders' }],
      maxRounds: 2,
    };
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .times(3)
      .reply(200, (_uri, body) => {
        bodies.push(body as never);
        const n = bodies.length;
        if (n === 1) return completion({ content: JSON.stringify(plan) });
        if (n === 2) return completion({ content: 'I have what I need.' });
        return completion({
          tool: {
            name: 'emit_answer',
            args: {
              text: 'splitHeaders is in src/http/headers.ts.',
              citations: [
                { path: 'src/http/headers.ts', startLine: 1, endLine: 3 },
                { path: 'made/up.ts', startLine: 1, endLine: 2 },
              ],
            },
          },
        });
      });
    const repo = makeTempRepo(SAMPLE_FILES);
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: makeTempDir(), NANODEX_OPENAI_API_KEY: KEY } });
    const code = await runCli(['ask', '--json', '--provider', 'openai', 'where is splitHeaders defined?'], io);
    expect(code).toBe(EXIT.ok);
    const result = JSON.parse(io.out());
    expect(result.answer).toEqual({
      text: 'splitHeaders is in src/http/headers.ts.',
      citations: [{ path: 'src/http/headers.ts', startLine: 1, endLine: 3 }],
      removedCitations: 1,
    });
    expect(result.metrics).toMatchObject({ planPath: 'planner', modelCalls: 3 });
    expect(bodies.map((b) => (b.tools ?? []).map((t) => t.function.name))).toEqual([
      [],
      ['read_file_head', 'read_lines', 'search_code', 'find_definition', 'find_references', 'repo_map'],
      ['emit_answer'],
    ]);
    expect(io.out()).not.toContain(KEY);
  });

  it('fails with a key-free message when the provider rejects the key', async () => {
    nock('https://api.openai.com')
      .post('/v1/chat/completions')
      .times(3)
      .reply(401, {
        error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    const repo = makeTempRepo(SAMPLE_FILES);
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: makeTempDir(), NANODEX_OPENAI_API_KEY: KEY } });
    const code = await runCli(['ask', '--provider', 'openai', 'how are uploads retried'], io);
    expect(code).toBe(EXIT.failed);
    expect(io.out()).toMatch(/model request to openai \(gpt-4o-mini\) failed with HTTP 401/);
    expect(io.out() + io.err()).not.toContain(KEY);
  });

  it('says how to fix a missing key before doing any work', async () => {
    const repo = makeTempRepo(SAMPLE_FILES);
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: makeTempDir() } });
    expect(await runCli(['ask', '--provider', 'openai', 'x'], io)).toBe(EXIT.failed);
    expect(io.err()).toContain('openai needs an API key (fix: set NANODEX_OPENAI_API_KEY or pass --api-key)');
  });
});
