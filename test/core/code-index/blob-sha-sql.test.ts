import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BLOB_SHA_SQL, toStoredSha } from '../../../src/core/code-index/blob-sha-sql.js';
import { indexSample } from '../../helpers/sample-repo.js';

describe('blob sha storage', () => {
  it('stores hex shas as bytes and gives back the same text for every sha', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE files (blob_sha BLOB NOT NULL)');
    const shas = ['0123456789abcdef0123456789abcdef01234567', 'ab'.repeat(32), 'not-a-sha', 'ABCDEF0123456789ABCDEF0123456789ABCDEF01', ''];
    for (const sha of shas) db.prepare('INSERT INTO files VALUES (?)').run(toStoredSha(sha));
    const rows = db.prepare(`SELECT typeof(blob_sha) AS type, length(blob_sha) AS bytes, ${BLOB_SHA_SQL} AS sha FROM files`).all();
    expect(rows).toEqual([
      { type: 'blob', bytes: 20, sha: shas[0] },
      { type: 'blob', bytes: 32, sha: shas[1] },
      { type: 'text', bytes: 9, sha: 'not-a-sha' },
      { type: 'text', bytes: 40, sha: shas[3] },
      { type: 'text', bytes: 0, sha: '' },
    ]);
  });

  it('gives the listing its shas back, so an unchanged file is not parsed again', async () => {
    const repo = await indexSample(undefined, { git: true });
    try {
      const stored = repo.store.listFiles();
      expect(stored.length).toBeGreaterThan(3);
      for (const file of stored) expect(file.blobSha).toMatch(/^[0-9a-f]{40}$/);
      const types = repo.store.db.prepare('SELECT DISTINCT typeof(blob_sha) FROM files').pluck().all();
      expect(types).toEqual(['blob']);
    } finally {
      repo.store.close();
    }
  });
});
