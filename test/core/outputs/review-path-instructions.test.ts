import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS } from '../../../src/core/config/repo-config.js';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { run } from '../../../src/core/run.js';
import { fixedClock, recordingLogger } from '../../helpers/explore-fixture.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';
import { makeReviewRepo } from '../review/review-repo.js';

const BASE = {
  'src/api/users.ts': 'export function user(id: string): string {\n  return id;\n}\n',
  'src/util.ts': 'export const one = 1;\n',
};
const HEAD = {
  'src/api/users.ts': 'export function user(id: string): string {\n  return id.trim();\n}\n',
  'src/util.ts': 'export const one = 1;\nexport const two = 2;\n',
};

describe('a review with review.paths instructions', () => {
  it('gives the model the instructions of each file beside that file, and none to a file no entry matches', async () => {
    const repo = await makeReviewRepo(BASE, { write: HEAD });
    const model = new ScriptedChatModel([{ toolCalls: [{ name: 'emit_answer', args: { text: 'Fine.', citations: [] } }] }]);
    await run(
      {
        command: 'review',
        prompt: 'Review this change.',
        repo: { kind: 'local', root: repo.root },
        diff: repo.diff,
        pullRequest: { number: 3, title: 'trim', body: '', baseSha: repo.base, headSha: repo.head },
        review: {
          ...DEFAULT_REVIEW_SETTINGS,
          paths: [
            { path: 'src/api/**', instructions: 'Every handler must check the caller is signed in.', rules: { enable: [], disable: [] } },
            { path: 'docs/', instructions: 'Keep the tone friendly.', rules: { enable: [], disable: [] } },
            { path: '*.ts', instructions: 'No default exports.', rules: { enable: [], disable: [] } },
          ],
        },
      },
      { source: new LocalRepoSource(repo.root), index: repo.index, logger: recordingLogger(), clock: fixedClock(), model },
    );

    const material = String(model.calls[0]!.messages[1]!.content);
    const section = (path: string) => material.slice(material.indexOf(`--- ${path}`)).split('\n--- ')[0]!;
    expect(section('src/api/users.ts')).toContain(
      "The repository's instructions for this file (review.paths):\nEvery handler must check the caller is signed in.\nNo default exports.\n@@",
    );
    expect(section('src/util.ts')).toContain('(review.paths):\nNo default exports.\n@@');
    expect(material).not.toContain('Keep the tone friendly.');
  });
});
