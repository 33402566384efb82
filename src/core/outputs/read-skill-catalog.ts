import type { CodeIndex } from '../code-index/code-index.js';
import type { RepoSource } from '../ports.js';
import { findRepositorySkillPaths } from '../skills/find-repository-skill-paths.js';
import { loadSkills, type LoadedSkills } from '../skills/load-skills.js';
import { MAX_SKILL_BYTES } from '../skills/parse-skill.js';
import { readBuiltInSkillFiles } from '../skills/read-built-in-skill-files.js';
import type { SkillFile, SkillProblem } from '../skills/types.js';

/** Built-in skill files are read once per process: they ship with the package and do not change. */
let builtIn: Promise<SkillFile[]> | undefined;

/**
 * The skills a run may use: the package's built-ins plus the repository's
 * own `.github/skills/<name>/SKILL.md` (found in the index's file list, read
 * through the RepoSource like any repository content), or the files a front
 * read from the default branch itself (`given`). A skill file that
 * cannot be read becomes a problem; it never stops the run.
 */
export async function readSkillCatalog(index: CodeIndex, source: RepoSource, given?: SkillFile[]): Promise<LoadedSkills> {
  // A failed read is not kept: the next request tries again (a long-running App must not fail forever).
  builtIn ??= readBuiltInSkillFiles().catch((error: unknown) => {
    builtIn = undefined;
    throw error;
  });
  const repository: SkillFile[] = [];
  const problems: SkillProblem[] = [];
  if (given) return loadSkills({ builtIn: await builtIn, repository: given });
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
  const loaded = loadSkills({ builtIn: await builtIn, repository });
  return { ...loaded, problems: [...problems, ...loaded.problems] };
}
