import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';
import { examplesOf } from './app-harness.js';

function savePayload(name: string, edit: (payload: Record<string, unknown>) => void): string {
  const payload = examplesOf(name).find((e) => e.action === (name === 'issue_comment' ? 'created' : 'opened'))!;
  edit(payload);
  const file = path.join(makeTempDir(), `${name}.json`);
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

describe('nanodex replay', () => {
  it('runs the App on a recorded issue_comment payload offline and prints the reply it would post', async () => {
    const repo = makeTempRepo(SAMPLE_FILES, { git: true });
    const payload = savePayload('issue_comment', (p) => { (p.comment as { body: string }).body = '@nanodex plan add retries to the uploader'; });
    const io = captureIo({ cwd: repo });

    const code = await runCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', repo], io);

    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toContain('/issues/comments/492700400/reactions: eyes');
    expect(io.out()).toContain('(sticky comment, final state)');
    expect(io.out()).toContain('## Plan: add retries to the uploader');
    expect(io.out()).not.toMatch(/working on/);
  });

  it('replays a pull_request payload as a review of the local base...head', async () => {
    const repo = makeTempRepo(SAMPLE_FILES, { git: true });
    git(repo, ['checkout', '-q', '-b', 'feature']);
    writeFiles(repo, { 'src/server.ts': `${SAMPLE_FILES['src/server.ts']}\nexport function risky(): void {\n  try { JSON.parse('x'); } catch {}\n}\n` });
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'risky']);
    const payload = savePayload('pull_request', () => undefined);
    const io = captureIo({ cwd: repo });

    const code = await runCli(['replay', '--event', 'pull_request', '--payload', payload, '--repo', repo, '--base', 'main', '--head', 'feature'], io);

    expect(code).toBe(0);
    expect(io.out()).toMatch(/\(review, event COMMENT\)/);
    expect(io.out()).toContain('### src/server.ts:');
  });

  it('says so when the event would post nothing', async () => {
    const payload = savePayload('issue_comment', (p) => { (p.comment as { body: string }).body = 'no mention here'; });
    const io = captureIo({ cwd: makeTempDir() });
    await runCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', makeTempRepo({ 'a.ts': 'export const a = 1;\n' })], io);
    expect(io.out()).toBe('nanodex would post nothing for this event.\n');
  });
});
