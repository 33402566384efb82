/**
 * A file's blob sha is stored as its bytes when it is hex (git's sha-1 or
 * sha-256), half the size of the text: 1.1 MB on the 53K-file bench corpus.
 * Anything else (a source that names blobs otherwise) is stored as text.
 */
const HEX_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export function toStoredSha(sha: string): Buffer | string {
  return HEX_SHA.test(sha) ? Buffer.from(sha, 'hex') : sha;
}

/** The stored `blob_sha` column as text again. */
export const BLOB_SHA_SQL = `CASE WHEN typeof(blob_sha) = 'blob' THEN lower(hex(blob_sha)) ELSE blob_sha END`;
