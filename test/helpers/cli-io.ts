import { Writable } from 'node:stream';
import type { CliIo } from '../../src/cli/cli-context.js';

export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

/** In-memory stdout/stderr for running the CLI in-process. */
export function captureIo(options: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean }): CapturedIo {
  let out = '';
  let err = '';
  const stdout = new Writable({
    write: (chunk, _enc, done) => {
      out += String(chunk);
      done();
    },
  });
  const stderr = new Writable({
    write: (chunk, _enc, done) => {
      err += String(chunk);
      done();
    },
  });
  return {
    stdout: Object.assign(stdout, { isTTY: options.tty ?? false }),
    stderr: Object.assign(stderr, { isTTY: options.tty ?? false }),
    env: options.env ?? {},
    cwd: options.cwd,
    out: () => out,
    err: () => err,
  };
}
