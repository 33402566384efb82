import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { findLeaks } from '../helpers/find-leaks.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { buildLeakyChange, buildSecretRepoFiles } from '../helpers/secret-repo.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

const corpus = buildSecretCorpus();

function setUp() {
  const repo = makeTempRepo(buildSecretRepoFiles(corpus), { git: true });
  const dataDir = makeTempDir();
  const run = async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir } });
    const code = await runCli(args, io);
    return { code, printed: io.out() + io.err(), out: io.out() };
  };
  return { repo, run };
}

describe('the CLI on a repository full of secrets, offline', () => {
  it.each([
    ['explain', 'what is AWS_KEY'],
    ['ask', 'what is AWS_KEY'],
    ['plan', 'rotate AWS_KEY and the other credentials'],
  ])('prints no secret for `%s %s`, in Markdown or --json', async (command, prompt) => {
    const { run } = setUp();
    for (const args of [
      [command, prompt],
      [command, '--json', prompt],
      [command, '--verbose', prompt],
    ]) {
      const result = await run(...args);
      expect(result.code, result.printed).not.toBe(EXIT.failed);
      expect(findLeaks(result.printed, corpus)).toEqual([]);
    }
  });

  it('explains AWS_KEY from its definition, with the key itself redacted and the key file not shown', async () => {
    const { run } = setUp();
    const result = await run('explain', '--json', 'what is AWS_KEY');
    const json = JSON.parse(result.out);
    expect(json.comment.body).toContain('AWS_KEY');
    expect(json.comment.body).toContain('[redacted]');
    expect(JSON.stringify(json)).not.toContain('-----BEGIN');
  });

  it('reviews a change that adds secrets: flags each line, quotes none of them', async () => {
    const { repo, run } = setUp();
    git(repo, ['checkout', '-q', '-b', 'feature']);
    writeFiles(repo, buildLeakyChange(corpus));
    git(repo, ['add', '-A']);
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'add config']);
    for (const args of [
      ['review', '--base', 'main'],
      ['review', '--base', 'main', '--json'],
    ]) {
      const result = await run(...args);
      expect(result.code, result.printed).toBe(EXIT.ok);
      expect(findLeaks(result.printed, corpus)).toEqual([]);
    }
    const json = JSON.parse((await run('review', '--base', 'main', '--json')).out);
    const flagged = json.output.review.drafts.filter((d: { kind: string }) => d.kind === 'risk:secret');
    expect(flagged.length).toBeGreaterThanOrEqual(corpus.filter((s) => !s.value.includes('\n')).length);
  });
});
