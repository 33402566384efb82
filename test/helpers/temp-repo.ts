import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanUpAfterTest } from './clean-up-after-test.js';

/** A fresh temporary folder, removed after the test (made in a hook: after the next test). */
export function makeTempDir(prefix = 'nanodex-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanUpAfterTest(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `files` (repo-relative path -> content) into a new temporary repository. */
export function makeTempRepo(files: Record<string, string | Uint8Array>, options: { git?: boolean } = {}): string {
  const root = makeTempDir();
  writeFiles(root, files);
  if (options.git) {
    git(root, ['init', '-q', '-b', 'main']);
    git(root, ['add', '-A']);
    git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'init']);
  }
  return root;
}

export function writeFiles(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [file, content] of Object.entries(files)) {
    const absolute = path.join(root, file);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
}

/** Copies a fixture repository (test/fixtures/repos/NAME) to a temporary folder. */
export function copyFixtureRepo(name: string): string {
  const root = makeTempDir();
  cpSync(fileURLToPath(new URL(`../fixtures/repos/${name}`, import.meta.url)), root, { recursive: true });
  return root;
}

export function git(root: string, args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
