import { describe, expect, it } from 'vitest';
import { buildBuiltInCatalog, findCatalogedSkills } from '../../../src/core/skills/built-in-catalog.js';
import { loadSkills } from '../../../src/core/skills/load-skills.js';
import { readBuiltInCatalogText, readBuiltInSkillFiles } from '../../../src/core/skills/read-built-in-skill-files.js';

const files = await readBuiltInSkillFiles();

describe('the built-in skills catalog', () => {
  it('is the parse of the SKILL.md files as they are (after editing one, run npm run skills:catalog)', async () => {
    const text = await readBuiltInCatalogText();
    expect(text).toBe(`${JSON.stringify(buildBuiltInCatalog(files), null, 2)}\n`);
    expect(findCatalogedSkills(text, files)).toEqual(loadSkills({ builtIn: files, repository: [] }));
  });

  it('gives fresh objects each time: a run that changes its skills changes no other run', () => {
    const text = JSON.stringify(buildBuiltInCatalog(files));
    const first = findCatalogedSkills(text, files);
    expect(first).toBeDefined();
    expect(findCatalogedSkills(text, files)!.skills[0]).not.toBe(first!.skills[0]);
  });

  describe('is not used, and the files are parsed, when', () => {
    const text = JSON.stringify(buildBuiltInCatalog(files));
    it.each([
      ['a SKILL.md changed since', files.map((f, i) => (i === 0 ? { ...f, text: `${f.text}\nOne more line.\n` } : f))],
      ['a skill was added', [...files, { path: 'skills/nanodex-new/SKILL.md', text: '---\nname: nanodex-new\n---\n' }]],
      ['a skill was removed', files.slice(1)],
    ])('%s', (_case, now) => {
      expect(findCatalogedSkills(text, now)).toBeUndefined();
    });

    it('it is missing or damaged', () => {
      expect(findCatalogedSkills(undefined, files)).toBeUndefined();
      expect(findCatalogedSkills(text.slice(0, 100), files)).toBeUndefined();
      expect(findCatalogedSkills('{}', files)).toBeUndefined();
    });
  });
});
