import type { Logger } from '../core/index.js';
import type { CliIo } from './cli-context.js';

/** Structured log lines on stderr when asked for (--verbose); silent otherwise. */
export function createCliLogger(io: CliIo, verbose: boolean): Logger {
  const write = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    if (verbose || level === 'error') io.stderr.write(`${JSON.stringify({ level, message, ...fields })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
