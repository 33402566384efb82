/**
 * `nanodex locate` as a user runs it, for the outputs evaluation: the built
 * CLI as a process, the question one argument with its lines (never `--`
 * before it: a report whose first line starts with `--` is refused as the
 * CLI refuses it). Warm, the case's index; cold (no index), a fresh data
 * folder, so the CLI takes its own first answer's path.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type CliLocate = { files: string[] } | { error: string };

export function locateThroughCli(main: string, root: string, index: string | undefined, query: string): CliLocate {
  const dataDir = index ? undefined : mkdtempSync(path.join(tmpdir(), 'nanodex-cli-'));
  const where = index ? ['--index', index] : ['--data-dir', dataDir!];
  try {
    const child = spawnSync(process.execPath, [main, 'locate', query, '--repo', root, ...where, '--json'], {
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, NANODEX_BACKGROUND_INDEX: '0' },
    });
    if (child.status !== 0) return { error: `exit ${child.status ?? child.signal}: ${(child.stderr ?? '').trim().slice(0, 200)}` };
    try {
      return { files: (JSON.parse(child.stdout) as { files: { path: string }[] }).files.map((f) => f.path) };
    } catch (error) {
      return { error: `unreadable JSON: ${String(error).slice(0, 200)}` };
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
