import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findLeaks } from '../helpers/find-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { buildSecretRepoFiles } from '../helpers/secret-repo.js';
import { makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, runAction } from './action-harness.js';

const corpus = buildSecretCorpus();

afterEach(() => vi.restoreAllMocks());

describe('run (the Action) on a repository full of secrets', () => {
  it.each(['explain', 'ask'])(
    'writes no secret for `%s what is AWS_KEY`: not in the summary, the outputs, the result file or the log',
    async (command) => {
      const log: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        log.push(String(chunk));
        return true;
      });
      const workspace = makeTempRepo(buildSecretRepoFiles(corpus), { git: true });
      const action = await runAction({
        event: 'workflow_dispatch',
        payload: examplePayload('workflow_dispatch', undefined),
        workspace,
        inputs: { command, prompt: 'what is AWS_KEY' },
      });
      vi.restoreAllMocks();
      expect(action.failed, action.summary).toBe(false);
      expect(action.summary).toContain(`Ran \`${command}\``);
      const written = [
        action.summary,
        JSON.stringify(action.outputs),
        readFileSync(action.outputs['result-path'] ?? '', 'utf8'),
        log.join(''),
      ].join('\n');
      expect(findLeaks(written, corpus)).toEqual([]);
    },
  );
});
