import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';
import { examplePayload, FolderIndexCache, OWNER, REPO, runAction, SAMPLE_FILES, TOKEN } from './action-harness.js';

const dispatchPayload = () => examplePayload('workflow_dispatch', undefined);

describe('run (the Action)', () => {
  describe('on workflow_dispatch', () => {
    it('runs the command and prompt from the inputs and writes the answer to the summary and the outputs', async () => {
      const action = await runAction({
        event: 'workflow_dispatch',
        payload: dispatchPayload(),
        inputs: { command: 'find', prompt: 'greet' },
      });

      expect(action.failed).toBe(false);
      expect(action.summary).toContain('Ran `find`');
      expect(action.summary).toContain('src/greet.ts');
      expect(action.summary).toContain('### Metrics');
      expect(action.outputs['comment-url']).toBe('');
      const metrics = JSON.parse(action.outputs.metrics ?? '{}');
      expect(metrics.run.command).toBe('find');
      expect(metrics.index.files).toBe(3);
      const record = JSON.parse(readFileSync(action.outputs['result-path'] ?? '', 'utf8'));
      expect(record).toMatchObject({ handled: 'dispatch', result: { kind: 'done', command: 'find' } });
      expect(action.github.calls).toEqual([]);
    });

    it('with command index only brings the index up to date', async () => {
      const action = await runAction({ event: 'workflow_dispatch', payload: dispatchPayload(), inputs: { command: 'index' } });

      expect(action.failed).toBe(false);
      expect(action.summary).toContain('Indexed Codertocat/Hello-World (workflow_dispatch): 3 files');
      expect(JSON.parse(action.outputs.metrics ?? '{}')).toMatchObject({ run: null, index: { files: 3, added: 3 } });
    });
  });

  describe.each(['schedule', 'push'])('on %s', (event) => {
    it('indexes the checkout and saves the index to the cache under its tree sha', async () => {
      const payload = event === 'push' ? examplePayload('push', undefined) : { schedule: '0 3 * * *' };
      const action = await runAction({ event, payload });

      const tree = git(action.workspace, ['rev-parse', 'HEAD^{tree}']).trim();
      expect(action.failed).toBe(false);
      expect(action.cache.saved).toEqual([`nanodex-index-${OWNER}/${REPO}-${tree}`]);
      expect(action.cache.restores).toEqual([
        { primaryKey: `nanodex-index-${OWNER}/${REPO}-${tree}`, restoreKeys: [`nanodex-index-${OWNER}/${REPO}-`], matched: undefined },
      ]);
      expect(action.summary).toMatch(
        /\| 3 \| 3 \| 0 \| 0 \| 0 \| \d+ ms \| miss, saved `nanodex-index-Codertocat\/Hello-World-[0-9a-f]{40}` \|/,
      );
    });
  });

  describe('with the Actions cache', () => {
    it('on a hit for the same tree restores the index, parses nothing and saves nothing', async () => {
      const workspace = makeTempRepo(SAMPLE_FILES, { git: true });
      const cache = new FolderIndexCache(makeTempDir('nanodex-cache-'));
      await runAction({ event: 'schedule', payload: {}, workspace, cache });
      const second = await runAction({ event: 'schedule', payload: {}, workspace, cache });

      expect(second.cache.saved).toHaveLength(1);
      expect(second.summary).toContain('| 3 | 0 | 0 | 0 | 3 |');
      expect(second.summary).toMatch(/hit from `nanodex-index-Codertocat\/Hello-World-[0-9a-f]{40}`/);
    });

    it('after a new commit restores the newest index by its prefix, applies the delta and saves the new tree', async () => {
      const workspace = makeTempRepo(SAMPLE_FILES, { git: true });
      const cache = new FolderIndexCache(makeTempDir('nanodex-cache-'));
      await runAction({ event: 'push', payload: examplePayload('push', undefined), workspace, cache });
      writeFiles(workspace, { 'src/farewell.ts': 'export function farewell(): string {\n  return "bye";\n}\n' });
      git(workspace, ['add', '-A']);
      git(workspace, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'farewell']);
      const second = await runAction({ event: 'push', payload: examplePayload('push', undefined), workspace, cache });

      expect(second.cache.restores[1]?.matched).toBe(second.cache.saved[0]);
      expect(second.cache.saved).toHaveLength(2);
      expect(second.summary).toContain('| 4 | 1 | 0 | 0 | 3 |');
      expect(second.summary).toContain('restored-older');
    });

    it('off a runner (no cache service) indexes from scratch and says the cache was unavailable', async () => {
      const cache = new FolderIndexCache(makeTempDir('nanodex-cache-'), false);
      const action = await runAction({ event: 'schedule', payload: {}, cache });

      expect(action.failed).toBe(false);
      expect(action.cache.restores).toEqual([]);
      expect(action.summary).toContain('| unavailable |');
    });

    it('with index-cache false neither restores nor saves', async () => {
      const action = await runAction({ event: 'schedule', payload: {}, inputs: { 'index-cache': 'false' } });

      expect(action.cache.restores).toEqual([]);
      expect(action.cache.saved).toEqual([]);
      expect(action.summary).toContain('| disabled |');
    });
  });

  describe('when something is wrong', () => {
    it('reports every bad input at once, fails the step and still writes the summary', async () => {
      const action = await runAction({
        event: 'workflow_dispatch',
        payload: dispatchPayload(),
        inputs: { command: 'dance', 'index-cache': 'maybe', budget: 'rounds=lots' },
      });

      expect(action.failed).toBe(true);
      expect(action.summary).toContain('The step failed');
      for (const name of ['command', 'index-cache', 'budget']) expect(action.summary).toContain(`- ${name}:`);
      expect(existsSync(action.outputs['result-path'] ?? '')).toBe(true);
    });

    it('fails the step on an invalid config file, listing its problems', async () => {
      const workspace = makeTempRepo({ ...SAMPLE_FILES, '.github/nanodex.yml': 'review:\n  auot: true\n' }, { git: true });
      const action = await runAction({ event: 'schedule', payload: {}, workspace });

      expect(action.failed).toBe(true);
      expect(action.summary).toContain('nanodex cannot use `.github/nanodex.yml`');
    });

    it('fails the step on a config file over 32 KB, saying how big it is and what the limit is', async () => {
      const workspace = makeTempRepo({ ...SAMPLE_FILES, '.github/nanodex.yml': `# ${'x'.repeat(100_000)}\n` }, { git: true });
      const action = await runAction({ event: 'schedule', payload: {}, workspace });

      expect(action.failed).toBe(true);
      expect(action.summary).toContain('.github/nanodex.yml is 100,003 bytes, over the 32,768-byte (32 KB) limit for a settings file');
    });

    it('never shows the token, even when an error message carries it', async () => {
      const action = await runAction({ event: 'workflow_dispatch', payload: dispatchPayload(), inputs: { 'config-path': `../${TOKEN}` } });

      expect(action.failed).toBe(true);
      expect(action.summary).not.toContain(TOKEN);
      expect(action.summary).toContain('[redacted]');
    });

    it('leaves an event it does not handle alone, with a notice', async () => {
      const action = await runAction({ event: 'release', payload: examplePayload('release', undefined) });

      expect(action.failed).toBe(false);
      expect(action.summary).toContain('nanodex does not act on `release` events.');
    });
  });
});
