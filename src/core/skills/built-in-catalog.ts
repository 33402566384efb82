import { loadSkills, type LoadedSkills } from './load-skills.js';
import type { SkillFile } from './types.js';

/** Beside the built-in skills' folders: their parse, written by `npm run skills:catalog` (scripts/write-skill-catalog.ts). */
export const BUILT_IN_CATALOG_FILE = 'built-in-catalog.json';

export interface BuiltInCatalog {
  /** The SKILL.md files it was parsed from: it stands for them only while every text is the same. */
  sources: SkillFile[];
  loaded: LoadedSkills;
}

/** The built-in skills parsed, with the texts they were parsed from. Pure. */
export function buildBuiltInCatalog(files: SkillFile[]): BuiltInCatalog {
  return { sources: files.map(({ path, text }) => ({ path, text })), loaded: loadSkills({ builtIn: files, repository: [] }) };
}

/**
 * What loadSkills gives for these built-in files alone, read from the catalog instead of parsed: each
 * command process parsed every frontmatter with YAML and checked it with zod, ~40 ms of a 0.8 s `nanodex
 * diagram`, for the same files every time. Undefined when the catalog is missing, damaged, or was made
 * from other texts (a SKILL.md edited since): then the files are parsed. Fresh objects on every call.
 */
export function findCatalogedSkills(catalogText: string | undefined, files: SkillFile[]): LoadedSkills | undefined {
  if (catalogText === undefined) return undefined;
  let catalog: Partial<BuiltInCatalog>;
  try {
    catalog = JSON.parse(catalogText) as Partial<BuiltInCatalog>;
  } catch {
    return undefined; // a damaged catalog is no worse than none: the files are parsed
  }
  const { sources, loaded } = catalog;
  const same =
    Array.isArray(sources) &&
    sources.length === files.length &&
    files.every((f, i) => sources[i]?.path === f.path && sources[i]?.text === f.text && f.size === undefined);
  return same && loaded !== undefined ? loaded : undefined;
}
