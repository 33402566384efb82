import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
import { findRepositorySkillPaths } from '../../../src/core/skills/find-repository-skill-paths.js';
import { describeSkillOverride, loadSkills, MAX_REPOSITORY_SKILLS } from '../../../src/core/skills/load-skills.js';
import { findBuiltInSkillsFolder, readBuiltInSkillFiles } from '../../../src/core/skills/read-built-in-skill-files.js';
import type { SkillFile } from '../../../src/core/skills/types.js';
import { makeTempDir, writeFiles } from '../../helpers/temp-repo.js';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const skillFile = (dir: string, name: string, description = `Does ${name}.`): SkillFile => ({
  path: `${dir}/${name}/SKILL.md`,
  text: `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nInstructions.\n`,
});
const builtIn = await readBuiltInSkillFiles();

describe('loadSkills', () => {
  it('loads the seven built-in skills with no problems and no overrides', () => {
    const loaded = loadSkills({ builtIn, repository: [] });
    expect(loaded.problems).toEqual([]);
    expect(loaded.overrides).toEqual([]);
    expect(loaded.skills.map((s) => s.name)).toHaveLength(7);
    expect(loaded.skills.every((s) => s.source === 'built-in')).toBe(true);
  });

  describe('when the repository has its own skills', () => {
    it('uses the repository skill over the built-in one of the same name, and records it for the reply', () => {
      const mine = skillFile('.github/skills', 'nanodex-planning', 'Our house planning format.');
      const loaded = loadSkills({ builtIn, repository: [mine] });
      const planning = loaded.skills.filter((s) => s.name === 'nanodex-planning');
      expect(planning).toMatchObject([{ source: 'repository', path: mine.path, description: 'Our house planning format.' }]);
      expect(loaded.overrides).toEqual([{ name: 'nanodex-planning', path: mine.path, replaced: 'skills/nanodex-planning/SKILL.md' }]);
      expect(describeSkillOverride(loaded.overrides[0]!)).toBe(
        "using the repository's nanodex-planning from .github/skills/nanodex-planning/SKILL.md instead of the built-in one",
      );
      expect(loaded.skills).toHaveLength(7);
    });

    it('adds a skill with a new name after the built-ins', () => {
      const loaded = loadSkills({ builtIn, repository: [skillFile('.github/skills', 'release-notes')] });
      expect(loaded.skills.map((s) => s.name).at(-1)).toBe('release-notes');
      expect(loaded.skills).toHaveLength(8);
      expect(loaded.overrides).toEqual([]);
    });

    it('keeps the first of two repository skills with one name (by path) and reports the second', () => {
      const first = skillFile('.github/skills', 'release-notes');
      const second = skillFile('.github/skills2', 'release-notes', 'A second copy.');
      const loaded = loadSkills({ builtIn: [], repository: [second, first] });
      expect(loaded.skills).toMatchObject([{ name: 'release-notes', path: first.path }]);
      expect(loaded.problems).toEqual([
        expect.objectContaining({
          path: second.path,
          field: 'name',
          message: expect.stringMatching(/already named "release-notes" \(\.github\/skills\/release-notes/),
        }),
      ]);
    });

    it('reports a malformed repository skill and still loads every other skill, keeping the built-in it meant to replace', () => {
      const broken = {
        path: '.github/skills/nanodex-reviewing/SKILL.md',
        text: '---\nname: nanodex-reviewing\ndescription: !!js/function x\n---\nbody\n',
      };
      const loaded = loadSkills({ builtIn, repository: [broken, skillFile('.github/skills', 'release-notes')] });
      expect(loaded.problems).toEqual([
        expect.objectContaining({ path: broken.path, field: 'description', fix: expect.stringMatching(/remove the tag/) }),
      ]);
      expect(loaded.skills.find((s) => s.name === 'nanodex-reviewing')?.source).toBe('built-in');
      expect(loaded.skills).toHaveLength(8);
      expect(loaded.overrides).toEqual([]);
    });

    it(`loads at most ${MAX_REPOSITORY_SKILLS} repository skills and says so`, () => {
      const many = Array.from({ length: MAX_REPOSITORY_SKILLS + 3 }, (_, i) =>
        skillFile('.github/skills', `s${String(i).padStart(3, '0')}`),
      );
      const loaded = loadSkills({ builtIn: [], repository: many });
      expect(loaded.skills).toHaveLength(MAX_REPOSITORY_SKILLS);
      expect(loaded.problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/only the first 50/) })]);
    });
  });
});

describe('findRepositorySkillPaths', () => {
  it('keeps exactly .github/skills/<name>/SKILL.md, normalised, sorted and once each', () => {
    expect(
      findRepositorySkillPaths([
        'src/index.ts',
        '.github/skills/release-notes/SKILL.md',
        './.github/skills/alpha/SKILL.md',
        '.github\\skills\\alpha\\SKILL.md',
        '.github/skills/SKILL.md',
        '.github/skills/deep/references/SKILL.md',
        '.github/skills/lower/skill.md',
        'docs/.github/skills/x/SKILL.md',
        '.github/skills/../skills/evil/SKILL.md',
        '/.github/skills/abs/SKILL.md',
      ]),
    ).toEqual(['.github/skills/alpha/SKILL.md', '.github/skills/release-notes/SKILL.md']);
  });
});

describe('readBuiltInSkillFiles', () => {
  it('finds the package skills folder from the sources and from the built dist layout', () => {
    const expected = path.join(PACKAGE_ROOT, 'skills');
    expect(findBuiltInSkillsFolder(path.join(PACKAGE_ROOT, 'src/core/skills'))).toBe(expected);
    expect(findBuiltInSkillsFolder(path.join(PACKAGE_ROOT, 'dist/src/core/skills'))).toBe(expected);
    expect(findBuiltInSkillsFolder()).toBe(expected);
  });

  it('reads SKILL.md files of an installed-looking package and skips folders without one', async () => {
    const root = makeTempDir();
    writeFiles(root, {
      'skills/nanodex-planning/SKILL.md': skillFile('skills', 'nanodex-planning').text,
      'skills/notes/README.md': 'not a skill',
      'skills/README.md': 'about skills',
    });
    const from = path.join(root, 'dist/src/core/skills');
    expect(findBuiltInSkillsFolder(from)).toBe(path.join(root, 'skills'));
    expect((await readBuiltInSkillFiles({ from })).map((f) => f.path)).toEqual(['skills/nanodex-planning/SKILL.md']);
  });

  it('says how to fix a package that lacks its skills folder', async () => {
    const from = makeTempDir();
    expect(findBuiltInSkillsFolder(from)).toBeUndefined();
    const error = await readBuiltInSkillFiles({ from }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NanodexError);
    expect(error).toMatchObject({ code: 'skills-missing', hint: expect.stringMatching(/reinstall nanodex/) });
  });
});
