import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildConfigJsonSchema } from '../src/core/config/build-config-json-schema.js';

/** `npm run schema`: writes schema/nanodex.schema.json from the zod schema (a test fails when it is stale). */
const target = fileURLToPath(new URL('../schema/nanodex.schema.json', import.meta.url));
writeFileSync(target, buildConfigJsonSchema());
process.stdout.write(`wrote ${target}\n`);
