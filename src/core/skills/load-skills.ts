import { parseSkill } from './parse-skill.js';
import type { Skill, SkillFile, SkillProblem } from './types.js';

/** More repository skills than this is a mistake or an attack; the rest are reported, not parsed. */
export const MAX_REPOSITORY_SKILLS = 50;

export interface SkillOverride {
  name: string;
  /** The repository's SKILL.md that is used. */
  path: string;
  /** The built-in SKILL.md it replaces. */
  replaced: string;
}

export interface LoadedSkills {
  skills: Skill[];
  problems: SkillProblem[];
  overrides: SkillOverride[];
}

/**
 * Combines built-in and repository skills. Pure. A malformed file becomes a
 * problem and the others still load; a repository skill replaces the
 * built-in of the same name (recorded, so the reply can say so); of two
 * repository skills with one name, the first by path wins.
 */
export function loadSkills(input: { builtIn: SkillFile[]; repository: SkillFile[] }): LoadedSkills {
  const problems: SkillProblem[] = [];
  const parseAll = (files: SkillFile[], source: Skill['source']): Skill[] => {
    const skills: Skill[] = [];
    for (const file of [...files].sort((a, b) => compare(a.path, b.path))) {
      const parsed = parseSkill(file.text, { path: file.path, source, size: file.size });
      if (!parsed.ok) {
        problems.push(parsed.problem);
        continue;
      }
      const first = skills.find((s) => s.name === parsed.skill.name);
      if (first !== undefined) {
        problems.push({
          path: file.path,
          field: 'name',
          message: `another ${source} skill is already named "${first.name}" (${first.path}), so this one is ignored`,
          fix: 'give one of them a different name (and folder name)',
        });
        continue;
      }
      skills.push(parsed.skill);
    }
    return skills;
  };

  const builtIn = parseAll(input.builtIn, 'built-in');
  let repositoryFiles = input.repository;
  if (repositoryFiles.length > MAX_REPOSITORY_SKILLS) {
    const sorted = [...repositoryFiles].sort((a, b) => compare(a.path, b.path));
    repositoryFiles = sorted.slice(0, MAX_REPOSITORY_SKILLS);
    problems.push({
      path: sorted[MAX_REPOSITORY_SKILLS]?.path ?? '.github/skills',
      message: `the repository has ${sorted.length} skills; only the first ${MAX_REPOSITORY_SKILLS} by path are loaded`,
      fix: 'remove skills that are not used from .github/skills/',
    });
  }
  const repository = parseAll(repositoryFiles, 'repository');

  const overrides: SkillOverride[] = [];
  const skills = builtIn.map((skill) => {
    const replacement = repository.find((r) => r.name === skill.name);
    if (replacement === undefined) return skill;
    overrides.push({ name: skill.name, path: replacement.path, replaced: skill.path });
    return replacement;
  });
  skills.push(...repository.filter((r) => !builtIn.some((b) => b.name === r.name)));
  return { skills, problems, overrides };
}

/** The note a reply carries when a repository skill replaced a built-in one. */
export function describeSkillOverride(override: SkillOverride): string {
  return `using the repository's ${override.name} from ${override.path} instead of the built-in one`;
}

/** Code-point order, not locale order: the same on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
