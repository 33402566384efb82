import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { firstAnswerRepoFiles } from '../helpers/first-answer-repo.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** The `nanodex` bin as npm installs it, a real process; the background build it starts outlives it. */
function nanodex(args: string[], home: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [ensureBuilt('src/cli/main.js'), ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function waitForFile(file: string, text: string, timeoutMs: number): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const content = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (content.includes(text) || Date.now() > until) return content;
    await sleep(250);
  }
}

describe('nanodex ask on a repository with no index yet', () => {
  it('answers from the files the question needs, says the index is partial, and the next run reads the full index', async () => {
    const repo = makeTempRepo(firstAnswerRepoFiles(), { git: true });
    const home = makeTempDir('nanodex-home-');
    const index = path.join(makeTempDir('nanodex-first-index-'), 'index.sqlite');
    const question = ['ask', 'how is compute_invoice_total rounded', '--repo', repo, '--index', index];

    const first = nanodex(question, home);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^> ⚠️ This reply was answered from a partial index of \d+ of 321 files, picked for this question before the full index was built; the full index is built after this reply, for the next question\.\n/,
    );
    expect(first.stdout).toContain('billing/invoice_total.py');
    expect(first.stderr).toContain(`the full index is built in the background after the answer (log: ${index}.build.log)`);

    // The detached `nanodex index` prints its summary to the log when it is done.
    const log = await waitForFile(`${index}.build.log`, 'indexed 321 files', 110_000);
    expect(log).toContain('indexed 321 files');
    const stats = JSON.parse(nanodex(['stats', '--json', '--repo', repo, '--index', index], home).stdout) as {
      state: unknown;
      files: number;
    };
    expect(stats).toMatchObject({ state: { complete: true }, files: 321 });

    const next = nanodex(question, home);
    expect(next.code).toBe(0);
    expect(next.stdout).not.toContain('partial index');
    expect(next.stderr).not.toContain('background');
    expect(next.stdout).toContain('billing/invoice_total.py');
  });

  it('finds a file by another form of a word of the question, as the full index would (retried: retry)', () => {
    const files = firstAnswerRepoFiles();
    files['net/transport.py'] = 'def send_with_retry(request):\n    """Tries again after a failure."""\n    return request.send()\n';
    const repo = makeTempRepo(files, { git: true });
    const index = path.join(makeTempDir('nanodex-first-index-'), 'index.sqlite');

    const question = ['ask', 'where are failed requests retried', '--repo', repo, '--index', index];
    const first = nanodex(question, makeTempDir('nanodex-home-'), { NANODEX_BACKGROUND_INDEX: '0' });
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^> ⚠️ This reply was answered from a partial index of \d+ of 322 files/);
    expect(first.stdout).toContain('net/transport.py');
  });
});
