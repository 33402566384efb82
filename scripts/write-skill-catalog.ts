import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILT_IN_CATALOG_FILE, buildBuiltInCatalog } from '../src/core/skills/built-in-catalog.js';
import { readBuiltInSkillFiles } from '../src/core/skills/read-built-in-skill-files.js';

/** `npm run skills:catalog`: writes skills/built-in-catalog.json from the SKILL.md files (a test fails when it is stale). */
const target = fileURLToPath(new URL(`../skills/${BUILT_IN_CATALOG_FILE}`, import.meta.url));
const catalog = buildBuiltInCatalog(await readBuiltInSkillFiles({ from: fileURLToPath(new URL('.', import.meta.url)) }));
writeFileSync(target, `${JSON.stringify(catalog, null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
