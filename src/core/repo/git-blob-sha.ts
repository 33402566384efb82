import { createHash } from '../runtime/create-hash.js';

/** The sha-1 git gives a blob with this content, so hashes agree with `git ls-files -s`. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.byteLength}\0`).update(bytes).digest('hex');
}
