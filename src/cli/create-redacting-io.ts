import { Writable } from 'node:stream';
import { redactSecrets } from '../core/lookups.js';
import type { CliIo } from './cli-context.js';

type Target = CliIo['stdout'];

/**
 * The CLI's process streams with every write redacted: Markdown, `--json`,
 * lookups, errors and log lines all pass here, the last step before the
 * terminal. A Writable calls `write` one chunk at a time, so order is kept
 * while each chunk waits for the (async) redactor. `flush` ends the wrappers
 * and waits for the last chunk to reach the real stream.
 */
export function createRedactingIo(io: CliIo): CliIo & { flush(): Promise<void> } {
  const stdout = redacting(io.stdout);
  const stderr = redacting(io.stderr);
  return {
    ...io,
    stdout,
    stderr,
    flush: async () => {
      await Promise.all([stdout, stderr].map((s) => new Promise<void>((resolve) => s.end(resolve))));
    },
  };
}

function redacting(target: Target): Writable & { isTTY?: boolean } {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      redactSecrets(String(chunk))
        .catch(() => '(output withheld: it could not be checked for secrets)\n')
        .then((text) => target.write(text, () => done()), done);
    },
  });
  // The progress bar draws only on a terminal and sizes itself to it: both are the real stream's.
  return Object.defineProperties(stream, {
    isTTY: { get: () => target.isTTY },
    columns: { get: () => (target as { columns?: number }).columns },
  });
}
