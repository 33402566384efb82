import type { Hash } from 'node:crypto';

/**
 * node:crypto's createHash, with the module taken on the first call
 * (getBuiltinModule) rather than at import: loading node:crypto costs a
 * process about 8 ms of start-up, which a lookup on an existing index, which
 * hashes nothing, should not pay.
 */
export function createHash(algorithm: 'sha1' | 'sha256'): Hash {
  return process.getBuiltinModule('node:crypto').createHash(algorithm);
}
