import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/core/skills/parse-skill.js';
import { readBuiltInSkillFiles } from '../../../src/core/skills/read-built-in-skill-files.js';
import { SKILL_FOR_COMMAND } from '../../../src/core/commands/command-table.js';
import { describeSkillProblem, SKILL_OUTPUT_TOOLS } from '../../../src/core/skills/types.js';
import { OUTPUT_TOOL_NAMES } from '../../../src/core/tools/phase-tools.js';

const PATH = '.github/skills/release-notes/SKILL.md';
const BODY = '# Release notes\n\nSummarise merged pull requests.\n';
const front = (lines: string[], body = BODY) => `---\n${lines.join('\n')}\n---\n${body}`;
const VALID = ['name: release-notes', 'description: Drafts release notes. Triggers on "release notes", "changelog".'];
const parse = (text: string, path = PATH) => parseSkill(text, { path, source: 'repository' });
const problemOf = (text: string, path = PATH) => {
  const parsed = parse(text, path);
  if (parsed.ok) throw new Error('expected a problem');
  return parsed.problem;
};

describe('parseSkill', () => {
  describe('the built-in skills', async () => {
    const files = await readBuiltInSkillFiles();

    it('are the seven documented ones', () => {
      expect(files.map((f) => f.path)).toEqual(
        Object.values(SKILL_FOR_COMMAND)
          .sort()
          .map((n) => `skills/${n}/SKILL.md`),
      );
    });

    it.each(files.map((f) => [f.path, f.text]))('parses %s, named after its folder, with its command and triggers', (path, text) => {
      const parsed = parseSkill(text, { path, source: 'built-in' });
      if (!parsed.ok) throw new Error(describeSkillProblem(parsed.problem));
      const { skill } = parsed;
      expect(path).toBe(`skills/${skill.name}/SKILL.md`);
      expect(SKILL_FOR_COMMAND[skill.metadata.command as keyof typeof SKILL_FOR_COMMAND]).toBe(skill.name);
      expect(skill.triggers.length).toBeGreaterThanOrEqual(5);
      expect(skill.description.length).toBeLessThanOrEqual(1024);
      expect(skill.license).toBe('Apache-2.0');
      expect(skill.body).toContain('#L');
    });
  });

  it('gives each built-in skill exactly the output tools of its job', async () => {
    const tools = Object.fromEntries(
      (await readBuiltInSkillFiles()).map((f) => {
        const parsed = parseSkill(f.text, { path: f.path, source: 'built-in' });
        return [f.path.split('/')[1], parsed.ok ? parsed.skill.allowedTools : []];
      }),
    );
    expect(tools).toEqual({
      'nanodex-planning': ['emit_plan_section'],
      'nanodex-reviewing': ['emit_review_comment', 'emit_answer'],
      'nanodex-explaining': ['emit_answer'],
      'nanodex-diagramming': ['emit_diagram', 'emit_answer'],
      'nanodex-debugging': ['emit_answer'],
      'nanodex-refactoring': ['emit_plan_section'],
      'nanodex-working': ['emit_change', 'emit_answer'],
    });
  });

  it('knows every output tool of the execution phase (plus emit_change)', () => {
    expect(SKILL_OUTPUT_TOOLS).toEqual(expect.arrayContaining([...OUTPUT_TOOL_NAMES, 'emit_change']));
  });

  it('reads allowed-tools as a space-separated string or a YAML list, defaulting to emit_answer', () => {
    const tools = (line: string[]) => {
      const p = parse(front([...VALID, ...line]));
      return p.ok ? p.skill.allowedTools : p.problem;
    };
    expect(tools(['allowed-tools: emit_diagram  emit_answer'])).toEqual(['emit_diagram', 'emit_answer']);
    expect(tools(['allowed-tools:', '  - emit_change', '  - emit_answer'])).toEqual(['emit_change', 'emit_answer']);
    expect(tools([])).toEqual(['emit_answer']);
  });

  it('takes the quoted trigger phrases from the description and keeps metadata as written', () => {
    const parsed = parse(front([...VALID, 'metadata:', '  command: plan', '  triggers: [ship notes, "yes"]']));
    expect(parsed).toMatchObject({
      ok: true,
      skill: {
        triggers: ['release notes', 'changelog'],
        metadata: { command: 'plan', triggers: ['ship notes', 'yes'] },
        source: 'repository',
        path: PATH,
      },
    });
  });

  it('accepts a byte-order mark and Windows line endings', () => {
    expect(parse(`\uFEFF${front(VALID)}`.replace(/\n/g, '\r\n')).ok).toBe(true);
  });

  describe('when the file is malformed', () => {
    const long = (n: number) => 'x'.repeat(n);
    // [case, text, field, words the message must contain, words the fix must contain]
    const cases: [string, string, string | undefined, RegExp, RegExp][] = [
      ['has no frontmatter', BODY, undefined, /does not start with a frontmatter/, /begin the file with a line "---"/],
      ['never closes the frontmatter', `---\n${VALID.join('\n')}\n${BODY}`, undefined, /never closed/, /add a line "---"/],
      [
        'is not valid YAML',
        front(['name: [release-notes', ...VALID.slice(1)]),
        undefined,
        /not valid YAML on line \d/,
        /indentation and quoting/,
      ],
      [
        'uses !!js/function',
        front([...VALID, 'license: !!js/function "function () { return 1 }"']),
        'license',
        /tag !!js\/function/,
        /remove the tag/,
      ],
      ['uses !!binary', front([...VALID, 'metadata:', '  blob: !!binary aGVsbG8=']), 'metadata.blob', /tag !!binary/, /plain text/],
      ['uses a custom tag', front(['name: !shell release-notes', ...VALID.slice(1)]), 'name', /tag !shell/, /remove the tag !shell/],
      ['is a list, not a mapping', front(['- name', '- description']), undefined, /not a mapping of fields/, /"key: value" lines/],
      ['repeats a key', front([...VALID, 'name: other']), 'name', /sets "name" twice on line 4/, /keep one/],
      [
        'expands aliases too far',
        front([...VALID, 'metadata:', '  a: &a x', ...Array.from({ length: 12 }, (_, i) => `  b${i}: *a`)]),
        undefined,
        /aliases expand too far/,
        /write the values out/,
      ],
      [
        'has a name that differs from its folder',
        front(['name: release-notes-v2', ...VALID.slice(1)]),
        'name',
        /folder is "release-notes"/,
        /rename the folder to "release-notes-v2", or set "name: release-notes"/,
      ],
      [
        'has an uppercase name',
        front(['name: Release_Notes', ...VALID.slice(1)]),
        'name',
        /name is "Release_Notes"; it must be lowercase/,
        /"name: release-notes"/,
      ],
      [
        'has a name over 64 characters',
        front([`name: ${long(65)}`, ...VALID.slice(1)]),
        'name',
        /65 characters long; it must be .*at most 64/,
        /give the folder the same name/,
      ],
      ['has no description', front(['name: release-notes']), 'description', /description is missing/, /Triggers on/],
      [
        'has a description over 1024 characters',
        front(['name: release-notes', `description: ${long(1025)}`]),
        'description',
        /1025 characters long/,
        /one or two sentences/,
      ],
      [
        'names an unknown allowed tool',
        front([...VALID, 'allowed-tools: emit_answer write_file']),
        'allowed-tools',
        /"write_file", which is not a nanodex output tool/,
        /emit_answer emit_plan_section emit_review_comment emit_diagram emit_change/,
      ],
      [
        'has an unknown top-level key',
        front([...VALID, 'triggers: [notes]']),
        'triggers',
        /"triggers" is not a SKILL.md frontmatter field/,
        /move it under "metadata:"/,
      ],
      [
        'has a metadata value YAML reads as null',
        front([...VALID, 'metadata:', '  triggers: [notes, null]']),
        'metadata.triggers',
        /is a list with the non-text item null/,
        /quote values/,
      ],
      [
        'names an unknown command',
        front([...VALID, 'metadata:', '  command: deploy']),
        'metadata.command',
        /"deploy", which is not a command/,
        /explain, plan, debug/,
      ],
      ['has no instructions', front(VALID, '\n\n'), 'body', /instructions .* are empty/, /write the instructions/],
      ['has instructions over 500 lines', front(VALID, 'line\n'.repeat(501)), 'body', /501 lines, over the 500-line limit/, /references\//],
      ['is over 64 KB', front(VALID, long(70_000)), undefined, /bytes, over the 65,536-byte \(64 KB\) limit for a SKILL\.md/, /shorten/],
      // Found by npm run fuzz: thousands of frontmatter keys took 0.6 s to parse.
      [
        'has a frontmatter over 16 KB',
        front([...VALID, ...Array.from({ length: 2000 }, (_, i) => `k${i}: 1`)]),
        undefined,
        /frontmatter is \d+ characters, over the 16384-character limit/,
        /below the closing "---"/,
      ],
    ];

    it.each(cases)('reports a file that %s with its path, field and fix', (_case, text, field, message, fix) => {
      const problem = problemOf(text);
      expect(problem.path).toBe(PATH);
      expect(problem.field).toBe(field);
      expect(problem.message).toMatch(message);
      expect(problem.fix).toMatch(fix);
      expect(describeSkillProblem(problem)).toContain(PATH);
    });

    // Found by npm run fuzz: the fix text turned the mapping into text through its own (null) toString key.
    it('reports a name that is a mapping, even one with a toString key', () => {
      const problem = problemOf(front(['name:', '  toString: null', ...VALID.slice(1)]));
      expect(problem.field).toBe('name');
      expect(problem.message).toBe(
        'name is a mapping; it must be lowercase letters, digits and single hyphens, at most 64 characters, equal to the folder name',
      );
      expect(problem.fix).toBe('set "name: my-skill" and give the folder the same name');
    });

    it('does not throw on deeply nested YAML', () => {
      expect(problemOf(front([...VALID, `metadata: ${'['.repeat(5000)}`])).message).toMatch(/frontmatter/);
    });
  });
});
