import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './cli-context.js';

/**
 * Finishes an index that holds only a first answer's files: `nanodex index`
 * for the same repository and index file, as a detached process that
 * outlives this one (it waits for the write lock like any writer, and parses
 * only the files not indexed yet). Its output goes to `<index>.build.log`.
 * Returns the log's path, or undefined when the process could not start
 * (then the next run that updates the index finishes it).
 */
export function startBackgroundIndex(
  target: { root: string; file: string; maxFileBytes?: number; workers?: number },
  io: CliIo,
): string | undefined {
  const log = `${target.file}.build.log`;
  const here = fileURLToPath(import.meta.url);
  // Built code runs main.js; from the TypeScript sources (tests, tsx) main.ts runs through tsx.
  const fromSources = path.extname(here) === '.ts';
  const entry = path.join(path.dirname(here), fromSources ? 'main.ts' : 'main.js');
  const args = [
    ...(fromSources ? ['--import', 'tsx'] : []),
    entry,
    'index',
    '--repo',
    target.root,
    '--index',
    target.file,
    ...(target.maxFileBytes === undefined ? [] : ['--max-file-bytes', String(target.maxFileBytes)]),
    ...(target.workers === undefined ? [] : ['--workers', String(target.workers)]),
  ];
  let out: number | undefined;
  try {
    out = openSync(log, 'w');
    // The working directory is this process's (from the sources, `--import tsx` resolves from it).
    const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', out, out], env: io.env });
    child.on('error', () => undefined); // reported below from the missing pid; the next update finishes the index
    child.unref();
    return child.pid === undefined ? undefined : log;
  } catch {
    return undefined;
  } finally {
    if (out !== undefined) closeSync(out);
  }
}
