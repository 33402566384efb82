import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { buildConfigJsonSchema } from '../../../src/core/config/build-config-json-schema.js';

const committed = readFileSync(new URL('../../../schema/nanodex.schema.json', import.meta.url), 'utf8');

describe('schema/nanodex.schema.json', () => {
  it('is what `npm run schema` writes from the zod schema (run it after changing repo-config.ts)', () => {
    expect(committed).toBe(buildConfigJsonSchema());
  });

  it('accepts a typical file and refuses a misspelt key, as the parser does', () => {
    const validate = new Ajv2020({ strict: false }).compile(JSON.parse(committed) as object);
    expect(validate({ review: { exclude: ['dist/'] }, budget: { rounds: 3 } })).toBe(true);
    expect(validate({ review: { auot: true } })).toBe(false);
  });
});
