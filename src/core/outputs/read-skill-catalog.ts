import type { CodeIndex } from '../code-index/code-index.js';
import type { RepoSource } from '../ports.js';
import { findRepositorySkillPaths } from '../skills/find-repository-skill-paths.js';
import { loadSkills, type LoadedSkills } from '../skills/load-skills.js';
import { MAX_SKILL_BYTES } from '../skills/parse-skill.js';
import { findCatalogedSkills } from '../skills/built-in-catalog.js';
import { readBuiltInCatalogText, readBuiltInSkillFiles } from '../skills/read-built-in-skill-files.js';
import type { SkillFile, SkillProblem } from '../skills/types.js';

/** Built-in skill files are read once per process: they ship with the package and do not change. */
let builtIn: Promise<{ files: SkillFile[]; catalog: string | undefined }> | undefined;

/**
 * The skills a run may use: the package's built-ins plus the repository's
 * own `.github/skills/<name>/SKILL.md` (found in the index's file list, read
 * through the RepoSource like any repository content), or the files a front
 * read from the default branch itself (`given`). A skill file that
 * cannot be read becomes a problem; it never stops the run.
 */
export async function readSkillCatalog(index: CodeIndex, source: RepoSource, given?: SkillFile[]): Promise<LoadedSkills> {
  // A failed read is not kept: the next request tries again (a long-running App must not fail forever).
  builtIn ??= Promise.all([readBuiltInSkillFiles(), readBuiltInCatalogText()])
    .then(([files, catalog]) => ({ files, catalog }))
    .catch((error: unknown) => {
      builtIn = undefined;
      throw error;
    });
  const repository: SkillFile[] = [];
  const problems: SkillProblem[] = [];
  if (given) return loadWith(await builtIn, given);
  for (const path of findRepositorySkillPaths(index.listFiles().map((f) => f.path))) {
    const size = index.getFile(path)?.size ?? 0;
    if (size > MAX_SKILL_BYTES) {
      repository.push({ path, text: '', size }); // not read: parseSkill reports it with its size and the limit
      continue;
    }
    try {
      repository.push({ path, text: await source.readFile(path) });
    } catch (error) {
      problems.push({
        path,
        message: `could not be read (${error instanceof Error ? error.message : String(error)})`,
        fix: 'check the file exists on the default branch and is UTF-8 text',
      });
    }
  }
  const loaded = loadWith(await builtIn, repository);
  return { ...loaded, problems: [...problems, ...loaded.problems] };
}

/** Most repositories have no skills of their own: then the built-ins come from their catalog, not parsed again. */
function loadWith(builtIn: { files: SkillFile[]; catalog: string | undefined }, repository: SkillFile[]): LoadedSkills {
  const cataloged = repository.length === 0 ? findCatalogedSkills(builtIn.catalog, builtIn.files) : undefined;
  return cataloged ?? loadSkills({ builtIn: builtIn.files, repository });
}
