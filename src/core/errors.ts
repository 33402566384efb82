/**
 * Errors that cross the core's boundary. Each carries a stable `code`, a
 * message that says what went wrong and where, and a `hint` that says how to
 * fix it, so every front can show an actionable message without parsing text.
 */
export class NanodexError extends Error {
  readonly code: string;
  readonly hint: string | undefined;

  constructor(code: string, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'NanodexError';
    this.code = code;
    this.hint = options.hint;
  }
}

/** A repository path broke one of the path rules (see repo/repo-path.ts). */
export class PathRejectedError extends NanodexError {
  readonly path: string;
  readonly rule: string;

  constructor(path: string, rule: string, hint?: string) {
    super('path-rejected', `path ${JSON.stringify(path)} rejected: ${rule}`, {
      hint: hint ?? 'use a path relative to the repository root, without "..", that stays inside it',
    });
    this.name = 'PathRejectedError';
    this.path = path;
    this.rule = rule;
  }
}

/** The index file is missing, unreadable or from another schema. */
export class IndexUnavailableError extends NanodexError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super('index-unavailable', message, options);
    this.name = 'IndexUnavailableError';
  }
}

/** Renders an error for a person: message, then the hint, then the causes. */
export function describeError(error: unknown): string {
  if (error instanceof NanodexError) {
    return error.hint === undefined ? error.message : `${error.message}\n  fix: ${error.hint}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
