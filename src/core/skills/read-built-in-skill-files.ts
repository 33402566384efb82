import { existsSync } from 'node:fs';
import { BUILT_IN_CATALOG_FILE } from './built-in-catalog.js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NanodexError } from '../errors.js';
import type { SkillFile } from './types.js';

/** A built-in every package ships; its presence marks the package's skills/ folder. */
const MARKER = path.join('skills', 'nanodex-planning', 'SKILL.md');
/** src/core/skills is 3 levels below the package root, dist/src/core/skills 4; a little slack. */
const MAX_LEVELS_UP = 6;

/**
 * The package's `skills/` folder, searched upward from `start` (this module's
 * folder by default), so it is found from `src/core/skills/*.ts` (tsx,
 * vitest) and from `dist/src/core/skills/*.js` (the built CLI) alike.
 */
export function findBuiltInSkillsFolder(start: string = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = path.resolve(start);
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    if (existsSync(path.join(dir, MARKER))) return path.join(dir, 'skills');
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/**
 * Every `skills/<name>/SKILL.md` of the package, with paths like
 * `skills/nanodex-planning/SKILL.md`; `from` is where the search for the
 * package starts (this module's folder by default).
 */
export async function readBuiltInSkillFiles(options: { from?: string } = {}): Promise<SkillFile[]> {
  const folder = findBuiltInSkillsFolder(options.from);
  if (folder === undefined) {
    throw new NanodexError(
      'skills-missing',
      `the built-in skills folder (skills/nanodex-planning/SKILL.md) was not found above ${options.from ?? 'the nanodex modules'}`,
      {
        hint: 'reinstall nanodex: its package must include the skills/ folder (package.json "files")',
      },
    );
  }
  const entries = await readdir(folder, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files: SkillFile[] = [];
  for (const name of names) {
    const file = path.join(folder, name, 'SKILL.md');
    if (!existsSync(file)) continue;
    files.push({ path: `skills/${name}/SKILL.md`, text: await readFile(file, 'utf8') });
  }
  return files;
}

/** The built-in skills' catalog (built-in-catalog.ts) beside them, when the package has one. */
export async function readBuiltInCatalogText(options: { from?: string } = {}): Promise<string | undefined> {
  const folder = findBuiltInSkillsFolder(options.from);
  const file = folder === undefined ? undefined : path.join(folder, BUILT_IN_CATALOG_FILE);
  return file !== undefined && existsSync(file) ? readFile(file, 'utf8') : undefined;
}
