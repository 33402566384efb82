import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesOf } from '../app/app-harness.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

/** A repository whose `feature` branch changes the server, and GitHub's recorded pull_request.opened payload. */
function pullRequestOnDisk(config?: string): { repo: string; payload: string; head: string } {
  const repo = makeTempRepo({ ...SAMPLE_FILES, ...(config ? { '.github/nanodex.yml': config } : {}) }, { git: true });
  git(repo, ['checkout', '-q', '-b', 'feature']);
  writeFiles(repo, { 'src/server.ts': `${SAMPLE_FILES['src/server.ts']}\nexport const LIMIT = 1_000_000;\n` });
  git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'a limit']);
  const head = git(repo, ['rev-parse', 'HEAD']).trim();
  const payload = path.join(makeTempDir(), 'pull_request.json');
  writeFileSync(payload, JSON.stringify(examplesOf('pull_request').find((e) => e.action === 'opened')));
  return { repo, payload, head };
}

const replay = (repo: string, payload: string) =>
  spawnCli(['replay', '--event', 'pull_request', '--payload', payload, '--repo', repo, '--base', 'main', '--head', 'feature']).done;

describe('nanodex replay of a pull request (the CLI as a process)', () => {
  it('prints the "nanodex review" check run it would create on the head, with the request that would post it', async () => {
    const { repo, payload, head } = pullRequestOnDisk();

    const { code, stdout, stderr } = await replay(repo, payload);

    expect(stderr).not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(stdout).toContain(`## check run "nanodex review" on ${head.slice(0, 12)}: success`);
    expect(stdout).toContain(
      '- POST /repos/{owner}/{repo}/check-runs: external_id=nanodex-review status=completed conclusion=success details_url=#2/review-2, 0 annotations',
    );
    expect(stdout).toContain('### No findings');
    expect(stdout).toContain('nanodex reviewed the whole pull request');
  });

  it('prints none when the config turns review.checkRun off', async () => {
    const { repo, payload } = pullRequestOnDisk('review:\n  checkRun: false\n');

    const { code, stdout } = await replay(repo, payload);

    expect(code).toBe(0);
    expect(stdout).toMatch(/\(sticky comment `review-2`, final state\)/);
    expect(stdout).not.toContain('## check run');
  });
});
