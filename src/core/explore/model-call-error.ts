/** A provider call failed; run() translates the cause into a user-safe NanodexError. */
export class ModelCallError extends Error {
  constructor(cause: unknown) {
    super('the model call failed', { cause });
    this.name = 'ModelCallError';
  }
}
