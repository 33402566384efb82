import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';
import { examplesOf } from '../app/app-harness.js';

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
    const payload = savePayload('issue_comment', (p) => {
      (p.comment as { body: string }).body = '@nanodex plan add retries to the uploader';
    });
    const io = captureIo({ cwd: repo });

    const code = await runCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', repo], io);

    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toContain('## reaction on the comment that asked: eyes');
    expect(io.out()).toContain('(sticky comment `mention-492700400`, final state)');
    expect(io.out()).toContain('## Plan: add retries to the uploader');
    expect(io.out()).not.toMatch(/working on/);
  });

  it('replays a pull_request payload as a review of the local base...head', async () => {
    const repo = makeTempRepo(SAMPLE_FILES, { git: true });
    git(repo, ['checkout', '-q', '-b', 'feature']);
    writeFiles(repo, {
      'src/server.ts': `${SAMPLE_FILES['src/server.ts']}\nexport function risky(): void {\n  try { JSON.parse('x'); } catch {}\n}\n`,
    });
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'risky']);
    const payload = savePayload('pull_request', () => undefined);
    const io = captureIo({ cwd: repo });

    const code = await runCli(
      ['replay', '--event', 'pull_request', '--payload', payload, '--repo', repo, '--base', 'main', '--head', 'feature'],
      io,
    );

    expect(code).toBe(0);
    expect(io.out()).toMatch(/\(review, event COMMENT\)/);
    expect(io.out()).toContain('### src/server.ts:');
  });

  it('says so when the event would post nothing', async () => {
    const payload = savePayload('issue_comment', (p) => {
      (p.comment as { body: string }).body = 'no mention here';
    });
    const io = captureIo({ cwd: makeTempDir() });
    await runCli(
      ['replay', '--event', 'issue_comment', '--payload', payload, '--repo', makeTempRepo({ 'a.ts': 'export const a = 1;\n' })],
      io,
    );
    expect(io.out()).toBe('nanodex would post nothing for this event.\n');
  });

  it('reports a payload missing a field the App reads, without a stack trace, and fails', async () => {
    const payload = savePayload('issue_comment', (p) => {
      delete (p.comment as { user?: unknown }).user;
      (p.issue as { title: unknown }).title = 42;
    });
    const io = captureIo({ cwd: makeTempDir() });

    const code = await runCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', makeTempDir()], io);

    expect(code).toBe(3);
    expect(io.out()).toBe('');
    expect(io.err()).toContain(
      'the issue_comment payload does not have the fields the App reads: ' +
        'payload.comment.user: expected an object, got undefined; payload.issue.title: expected a string, got a number\n  fix: ',
    );
    expect(io.err()).not.toMatch(/TypeError|\n\s+at /);
  });

  it('says why an event the App does not act on would post nothing', async () => {
    const payload = savePayload('issue_comment', (p) => {
      p.action = 'deleted';
    });
    const io = captureIo({ cwd: makeTempDir() });
    const code = await runCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', makeTempDir()], io);
    expect(code).toBe(0);
    expect(io.out()).toBe('nanodex does not act on "issue_comment.deleted"; it would post nothing.\n');
  });
});

describe('nanodex replay --permission', () => {
  it('refuses a level GitHub does not have, naming the levels it has', async () => {
    const payload = savePayload('issue_comment', (p) => {
      (p.comment as { body: string }).body = '@nanodex plan add retries';
    });
    const io = captureIo({ cwd: makeTempDir() });
    const code = await runCli(
      [
        'replay',
        '--event',
        'issue_comment',
        '--payload',
        payload,
        '--repo',
        makeTempRepo({ 'a.ts': 'export const a = 1;\n' }),
        '--permission',
        'owner',
      ],
      io,
    );
    expect(code).toBe(3);
    expect(io.err()).toContain('--permission "owner" is not a permission level');
    expect(io.err()).toContain('admin, maintain, write, triage, read, none');
  });

  it('replays a refusal as the App would post it for a reader', async () => {
    const payload = savePayload('issue_comment', (p) => {
      (p.comment as { body: string }).body = '@nanodex plan add retries';
    });
    const io = captureIo({ cwd: makeTempDir() });
    await runCli(
      [
        'replay',
        '--event',
        'issue_comment',
        '--payload',
        payload,
        '--repo',
        makeTempRepo({ 'a.ts': 'export const a = 1;\n' }),
        '--permission',
        'read',
      ],
      io,
    );
    expect(io.out()).toContain('(sticky comment `refused-codertocat`, final state)');
    expect(io.out()).toContain('`plan` needs write access to this repository, and @Codertocat has read access.');
  });
});
