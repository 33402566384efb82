import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { findLeaks } from '../helpers/find-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { buildLeakyChange, buildSecretRepoFiles } from '../helpers/secret-repo.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

const KEY = 'sk-test-nanodex-0000000000000000000000000sec1';
const corpus = buildSecretCorpus();
/**
 * What a model repeating the repository's secrets would write: each in its line of code, and bare where
 * the value alone says it is a secret (see CorpusSecret.selfEvident for the others).
 */
const ECHO = corpus
  .map((s) => `- ${s.name}: \`${s.inCode.split('\n').slice(0, 3).join('\n')}\`${s.selfEvident ? ` ${s.value}` : ''}`)
  .join('\n');

const ONE_LINE_ECHO = corpus
  .filter((s) => !s.value.includes('\n'))
  .map((s) => `- \`${s.inCode}\`${s.selfEvident ? ` ${s.value}` : ''}`)
  .join('\n');

type Body = { tools?: { function: { name: string } }[]; messages: unknown[] };

/** An OpenAI chat completion carrying text or tool calls. */
function completion(message: { content?: string; tools?: { name: string; args: unknown }[] }) {
  const calls = message.tools ?? [];
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1763683200,
    model: 'gpt-4o-mini',
    choices: [
      {
        index: 0,
        finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        logprobs: null,
        message: {
          role: 'assistant',
          content: message.content ?? null,
          refusal: null,
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((c, i) => ({
                  id: `call_${i}`,
                  type: 'function',
                  function: { name: c.name, arguments: JSON.stringify(c.args) },
                })),
              }
            : {}),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

/**
 * A provider that plays a model gone wrong: it plans to read the key file
 * and .env, asks for them with its tools, and then repeats every secret of
 * the corpus in whatever output tool it is given.
 */
function scriptLeakyModel(bodies: Body[]) {
  nock('https://api.openai.com')
    .post('/v1/chat/completions')
    .times(20)
    .reply(200, (_uri, raw) => {
      const body = raw as Body;
      bodies.push(body);
      const tools = (body.tools ?? []).map((t) => t.function.name);
      const cite = [{ path: 'src/aws/credentials.ts', startLine: 1, endLine: 5 }];
      if (tools.length === 0) {
        return completion({
          content: JSON.stringify({
            intent: 'definition',
            questions: ['What is AWS_KEY?'],
            candidates: [],
            maxRounds: 1,
            operations: [
              { kind: 'definition', symbol: 'AWS_KEY' },
              { kind: 'head', path: 'keys/AWS_KEY.txt', maxLines: 40 },
              { kind: 'head', path: 'config/settings.py', maxLines: 40 },
            ],
          }),
        });
      }
      if (tools.includes('read_file_head')) {
        const asked = bodies.filter((b) => (b.tools ?? []).some((t) => t.function.name === 'read_file_head')).length;
        return asked > 1
          ? completion({ content: 'I have what I need.' })
          : completion({
              tools: [
                { name: 'read_file_head', args: { path: 'keys/AWS_KEY.txt', maxLines: 60 } },
                { name: 'read_file_head', args: { path: '.env', maxLines: 60 } },
                { name: 'read_file_head', args: { path: 'src/integrations/clients.ts', maxLines: 60 } },
              ],
            });
      }
      const out: { name: string; args: unknown }[] = [];
      if (tools.includes('emit_review_comment')) {
        const line = corpus.find((s) => s.name === 'GitHub token ghp_')!;
        out.push({
          name: 'emit_review_comment',
          args: {
            // A review comment takes at most 5,000 characters: the one-line secrets, each in its line and bare.
            path: 'src/integrations/new-config.ts',
            line: 8,
            quote: line.inCode,
            body: `This leaks ${line.value}.\n${ONE_LINE_ECHO}`,
            suggestion: `const token = '${line.value}'; // keep`,
            severity: 'error',
          },
        });
      }
      if (tools.includes('emit_plan_section')) {
        for (const title of ['Goal', 'Phases', 'Acceptance criteria', 'Risks and mitigations'])
          out.push({ name: 'emit_plan_section', args: { title, body: ECHO, citations: cite } });
      }
      if (tools.includes('emit_answer'))
        out.push({ name: 'emit_answer', args: { text: `AWS_KEY is set like this:\n${ECHO}`, citations: cite } });
      return completion({ tools: out });
    })
    .persist(false);
}

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

function setUp() {
  const repo = makeTempRepo(buildSecretRepoFiles(corpus), { git: true });
  const dataDir = makeTempDir();
  const run = async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir, NANODEX_OPENAI_API_KEY: KEY } });
    const code = await runCli([...args, '--provider', 'openai'], io);
    return { code, printed: io.out() + io.err(), out: io.out() };
  };
  return { repo, run };
}

describe('the CLI with a model that repeats every secret it can', () => {
  it.each([
    ['explain', 'what is AWS_KEY'],
    ['ask', 'what is AWS_KEY'],
    ['plan', 'rotate AWS_KEY'],
  ])('`%s %s` prints none of them, and sends none to the model', async (command, prompt) => {
    const { run } = setUp();
    const bodies: Body[] = [];
    scriptLeakyModel(bodies);
    const result = await run(command, '--json', '--verbose', prompt);
    expect(result.code, result.printed).toBe(EXIT.ok);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    expect(findLeaks(result.printed, corpus)).toEqual([]);
    expect(findLeaks(JSON.stringify(bodies), corpus)).toEqual([]);
    expect(JSON.stringify(bodies)).not.toContain('-----BEGIN');
  });

  it('reviews a leaky change: no secret in the comments, and no one-click suggestion that would commit the marker', async () => {
    const { repo, run } = setUp();
    git(repo, ['checkout', '-q', '-b', 'feature']);
    writeFiles(repo, buildLeakyChange(corpus));
    git(repo, ['add', '-A']);
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'add config']);
    const bodies: Body[] = [];
    scriptLeakyModel(bodies);
    const result = await run('review', '--base', 'main', '--json');
    expect(result.code, result.printed).toBe(EXIT.ok);
    expect(findLeaks(result.printed, corpus)).toEqual([]);
    expect(findLeaks(JSON.stringify(bodies), corpus)).toEqual([]);
    const json = JSON.parse(result.out);
    const fromModel = json.comment.reviewComments.filter((c: { body: string }) => c.body.includes('nanodex · model'));
    expect(fromModel).toHaveLength(1);
    expect(fromModel[0].body).not.toContain('```suggestion');
    expect(fromModel[0].body).toContain('A suggested change was left out');
  });
});
