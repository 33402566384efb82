import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesOf } from '../app/app-harness.js';
import { FIRST_ANSWER_REPO_FILES, firstAnswerRepoFiles } from '../helpers/first-answer-repo.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** Indexing 4.7 MB of Python on a loaded machine, twice: generous. */
const TIMEOUT_MS = 240_000;

function mentionOnDisk(): string {
  const payload = examplesOf('issue_comment').find((e) => e.action === 'created')!;
  (payload.comment as { body: string }).body = '@nanodex explain how is compute_invoice_total rounded';
  const file = path.join(makeTempDir(), 'issue_comment.json');
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

const replay = (repo: string, payload: string, dataDir: string) =>
  spawnCli(['replay', '--event', 'issue_comment', '--payload', payload, '--repo', repo, '--data-dir', dataDir]).done;

describe('nanodex replay of a mention on a repository with no index yet', () => {
  it(
    'answers from the files the question needs, as the App does, then completes the kept index for the next one',
    async () => {
      const repo = makeTempRepo(firstAnswerRepoFiles(), { git: true });
      const payload = mentionOnDisk();
      const dataDir = makeTempDir('nanodex-data-');

      const first = await replay(repo, payload, dataDir);

      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('billing/invoice_total.py');
      expect(first.stdout).toMatch(new RegExp(`partial index of \\d+ of ${FIRST_ANSWER_REPO_FILES} files`));

      const second = await replay(repo, payload, dataDir);

      expect(second.code).toBe(0);
      expect(second.stdout).toContain('billing/invoice_total.py');
      expect(second.stdout).not.toContain('partial index');
    },
    TIMEOUT_MS,
  );
});
