/**
 * Calls are linked to definitions by name, so for names this common (`get`,
 * `slice`, `run`, constructors) a caller count mixes in unrelated calls of
 * other types' methods. Outputs state no caller count for them rather than a
 * wrong one.
 */
export const AMBIGUOUS_NAMES: ReadonlySet<string> = new Set([
  'constructor', 'init', '__init__', 'new', 'get', 'set', 'has', 'add', 'put', 'run', 'call', 'apply', 'bind', 'map', 'filter',
  'reduce', 'slice', 'split', 'join', 'push', 'pop', 'next', 'read', 'write', 'open', 'close', 'start', 'stop', 'load', 'save',
  'send', 'emit', 'on', 'off', 'update', 'delete', 'remove', 'create', 'list', 'find', 'parse', 'render', 'handle', 'tostring',
  'equals', 'main', 'execute', 'setup', 'teardown', 'test', 'it', 'describe', 'format', 'clear', 'reset', 'size', 'length',
  'keys', 'values', 'entries', 'then', 'catch', 'resolve', 'reject', 'log', 'error', 'warn', 'info', 'debug', 'print',
  'json', 'text', 'copy', 'clone', 'items', 'tojson', 'valueof',
]);

export function isAmbiguousName(name: string): boolean {
  return AMBIGUOUS_NAMES.has(name.toLowerCase());
}
