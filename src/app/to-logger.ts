import type { Logger } from '../core/ports.js';

/** The pino logger Probot builds (fields first, message second) as the core's Logger. */
export function toLogger(pino: { [K in 'debug' | 'info' | 'warn' | 'error']: (fields: object, message: string) => void }): Logger {
  return {
    debug: (message, fields) => pino.debug(fields ?? {}, message),
    info: (message, fields) => pino.info(fields ?? {}, message),
    warn: (message, fields) => pino.warn(fields ?? {}, message),
    error: (message, fields) => pino.error(fields ?? {}, message),
  };
}
