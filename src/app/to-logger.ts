import { redactStrings, type Logger } from '../core/index.js';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * The pino logger Probot builds (fields first, message second) as the core's
 * Logger, with secrets redacted from the message and every field. Redaction
 * is async, so lines are written in order through a chain.
 */
export function toLogger(pino: { [K in Level]: (fields: object, message: string) => void }): Logger & { flushed(): Promise<void> } {
  let written: Promise<void> = Promise.resolve();
  const log = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    written = written
      .then(async () => {
        const safe = await redactStrings({ message, fields: fields ?? {} }).catch(() => ({
          message: `${message} (fields withheld: they could not be checked for secrets)`,
          fields: {},
        }));
        pino[level](safe.fields, safe.message);
        // A logger that throws must not end the process (an unhandled rejection) or silence every later line.
      })
      .catch(() => undefined);
  };
  // Before the process exits: every line logged so far has been written.
  const flushed = (): Promise<void> => written;
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), flushed };
}
