import { describe, expect, it } from 'vitest';
import { findLeaks } from '../helpers/find-leaks.js';
import { ScriptedChatModel } from '../helpers/scripted-chat-model.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { buildSecretRepoFiles } from '../helpers/secret-repo.js';
import { createHarness, mentionPayload } from './app-harness.js';

const corpus = buildSecretCorpus();
/** Each secret in its line of code, and bare where the value alone says it is one (CorpusSecret.selfEvident). */
const ECHO = corpus.map((s) => `- \`${s.inCode.split('\n').slice(0, 3).join('\n')}\`${s.selfEvident ? ` ${s.value}` : ''}`).join('\n');

/** Everything the App sent to GitHub, as one text. */
const sentText = (app: Awaited<ReturnType<typeof createHarness>>) => JSON.stringify(app.github.sent.map((r) => r.body));

describe('the App answering a mention in a repository full of secrets', () => {
  it('posts no secret when it explains AWS_KEY offline', async () => {
    const app = await createHarness({ files: buildSecretRepoFiles(corpus) });
    app.github.permissions.set('Codertocat', 'admin');
    await app.receive('issue_comment', mentionPayload('@nanodex explain what is AWS_KEY'));
    expect(app.github.bodies('POST', /\/issues\/1\/comments$/)).toHaveLength(1);
    expect(sentText(app)).toContain('AWS_KEY');
    expect(findLeaks(sentText(app), corpus)).toEqual([]);
  });

  it('posts no secret when its model repeats every one, and sends the model none', async () => {
    const model = new ScriptedChatModel([
      {
        toolCalls: [
          { name: 'read_file_head', args: { path: 'src/integrations/clients.ts', maxLines: 80 } },
          { name: 'read_file_head', args: { path: 'keys/AWS_KEY.txt', maxLines: 40 } },
          { name: 'read_file_head', args: { path: '.env', maxLines: 20 } },
        ],
      },
      'I have what I need.',
      {
        toolCalls: [
          {
            name: 'emit_answer',
            args: { text: `AWS_KEY and friends:\n${ECHO}`, citations: [{ path: 'src/aws/credentials.ts', startLine: 1, endLine: 4 }] },
          },
        ],
      },
    ]);
    const app = await createHarness({ files: buildSecretRepoFiles(corpus), model });
    app.github.permissions.set('Codertocat', 'admin');
    await app.receive('issue_comment', mentionPayload('@nanodex explain what is AWS_KEY'));
    expect(model.remaining).toBe(0);
    expect(sentText(app)).toContain('AWS_KEY and friends');
    expect(findLeaks(sentText(app), corpus)).toEqual([]);
    expect(findLeaks(JSON.stringify(model.calls.map((c) => c.messages)), corpus)).toEqual([]);
  });
});
