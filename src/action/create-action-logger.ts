import * as core from '@actions/core';
import { redactCredentials, redactSecrets, type Logger } from '../core/index.js';

/**
 * The core's Logger over the step log. Fields go out as one JSON line,
 * with the step's secrets removed (the runner masks registered secrets too;
 * this also covers tokens it was never told about) and every other secret
 * redacted. Redaction is async, so lines are written in order through a
 * chain; `flush` waits for the last one.
 */
export function createActionLogger(secrets: () => readonly string[]): Logger & { flush(): Promise<void> } {
  let written: Promise<void> = Promise.resolve();
  const log = (write: (line: string) => void) => (message: string, fields?: Record<string, unknown>) => {
    const line = redactCredentials(fields === undefined ? message : `${message} ${JSON.stringify(fields)}`, secrets());
    written = written.then(async () =>
      write(await redactSecrets(line).catch(() => `${message} (details withheld: they could not be checked for secrets)`)),
    );
  };
  return {
    debug: log((line) => core.debug(line)),
    info: log((line) => core.info(line)),
    warn: log((line) => core.warning(line)),
    error: log((line) => core.error(line)),
    flush: () => written,
  };
}
