import * as core from '@actions/core';
import { redactCredentials } from '../core/llm/redact.js';
import type { Logger } from '../core/ports.js';

/**
 * The core's Logger over the step log. Fields go out as one JSON line,
 * with the step's secrets removed (the runner masks registered secrets too;
 * this also covers tokens it was never told about).
 */
export function createActionLogger(secrets: () => readonly string[]): Logger {
  const line = (message: string, fields?: Record<string, unknown>) =>
    redactCredentials(fields === undefined ? message : `${message} ${JSON.stringify(fields)}`, secrets());
  return {
    debug: (message, fields) => core.debug(line(message, fields)),
    info: (message, fields) => core.info(line(message, fields)),
    warn: (message, fields) => core.warning(line(message, fields)),
    error: (message, fields) => core.error(line(message, fields)),
  };
}
