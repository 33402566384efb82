import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createParsePool } from '../../../src/core/code-index/parse-pool.js';
import { makeTempDir } from '../../helpers/temp-repo.js';

describe('createParsePool', () => {
  it('answers every file while it replaces each worker after every file it parses (recycling)', async () => {
    const dir = makeTempDir();
    const files = Array.from({ length: 24 }, (_, i) => {
      const file = path.join(dir, `m${i}.ts`);
      writeFileSync(file, `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`);
      return { rel: `m${i}.ts`, file };
    });
    const pool = createParsePool(2, { recycleAfterBytes: 1 });
    try {
      const outcomes = await Promise.all(files.map((f) => pool.parse(f.rel, f.file)));
      expect(outcomes.map((o) => o.error)).toEqual(files.map(() => undefined));
      expect(outcomes.map((o) => o.file?.symbols[0]?.name)).toEqual(files.map((_, i) => `f${i}`));
    } finally {
      await pool.close();
    }
  });
});
