import fc from 'fast-check';
import { stringify } from 'yaml';
import { parseRepoConfig, renderConfigProblems, REPO_CONFIG_FILE } from '../../src/core/config/repo-config.js';
import { parseSkill } from '../../src/core/skills/parse-skill.js';
import { SKILL_COMMANDS } from '../../src/core/commands/command-table.js';
import { SKILL_OUTPUT_TOOLS } from '../../src/core/skills/types.js';
import { hostileJson, hostileString, pieceText } from './hostile-text.js';
import { mutatedJson } from './mutate-json.js';
import type { FuzzTarget, Verdict } from './run-target.js';

/** GitHub refuses a comment body longer than this; the config reply is posted as one. */
const MAX_COMMENT_CHARS = 65_536;

/** YAML that is not "key: value": tags, anchors and aliases, merge keys, flow collections, directives, odd scalars. */
const YAML_PIECES = [
  'review:\n',
  '  auto: ',
  'budget:\n',
  '  rounds: ',
  'index:\n',
  '  maxTarballBytes: ',
  'access:\n',
  'plan:\n',
  '  include:\n',
  '    - ',
  'yes',
  'true',
  'null',
  '~',
  '0x10',
  '1e3',
  '.inf',
  '.nan',
  '99999999999999999999',
  '-1',
  '1.5',
  '"',
  "'",
  '#',
  ': ',
  '- ',
  '? ',
  '\t',
  '\n',
  '!!js/function "x"',
  '!!binary aGk=',
  '!tag ',
  '!!str ',
  '&a ',
  '*a',
  '<<: *a',
  '[',
  ']',
  '{',
  '}',
  ',',
  '%YAML 1.1\n',
  '---\n',
  '...\n',
  '\uFEFF',
  '|',
  '>',
];

const scalar = fc.oneof(fc.boolean(), fc.integer(), fc.double(), fc.constantFrom('yes', 'no', '**', '', 'src/'), hostileString);
const section = (keys: string[]) =>
  fc.dictionary(
    fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })),
    fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), hostileJson),
    { maxKeys: 4 },
  );

/** Mostly the right shape, often the wrong types and keys: the settings a person writes. */
const configObject = fc.dictionary(
  fc.oneof(fc.constantFrom('review', 'access', 'plan', 'budget', 'index'), fc.string({ maxLength: 10 })),
  fc.oneof(
    section([
      'auto',
      'drafts',
      'include',
      'exclude',
      'readOnlyForEveryone',
      'openIssue',
      'rounds',
      'files',
      'bytes',
      'contextTokens',
      'modelCalls',
      'wallMs',
      'onInstall',
      'maxTarballBytes',
    ]),
    scalar,
  ),
  { maxKeys: 6 },
);

/** Nesting deep enough to exhaust a recursive parser, and an alias expansion that doubles at each level. */
const pathological = fc.oneof(
  fc.integer({ min: 1, max: 20_000 }).map((n) => `review: ${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 20_000 }).map((n) => `${'- '.repeat(n)}x`),
  fc
    .integer({ min: 2, max: 30 })
    .map((n) => Array.from({ length: n }, (_, i) => (i === 0 ? 'a0: &a0 [x, x]' : `a${i}: &a${i} [*a${i - 1}, *a${i - 1}]`)).join('\n')),
  fc.integer({ min: 1, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => `unknown${i}: 1`).join('\n')),
);

/** A valid file (every value in range), then a few fields removed or retyped. */
const validConfig = fc.record(
  {
    review: fc.record(
      {
        auto: fc.boolean(),
        drafts: fc.boolean(),
        include: fc.array(fc.constantFrom('**', 'src/', '*.ts'), { minLength: 1, maxLength: 3 }),
        exclude: fc.array(fc.constantFrom('dist/', '*.lock'), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    access: fc.record({ readOnlyForEveryone: fc.boolean() }, { requiredKeys: [] }),
    plan: fc.record({ openIssue: fc.boolean() }, { requiredKeys: [] }),
    budget: fc.record({ rounds: fc.integer({ min: 1, max: 10 }), files: fc.integer({ min: 1, max: 100 }) }, { requiredKeys: [] }),
    index: fc.record({ onInstall: fc.boolean(), maxTarballBytes: fc.integer({ min: 1, max: 2 ** 31 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const CONFIG_PATHS = [
  'review',
  'review.auto',
  'review.include',
  'review.include.0',
  'access.readOnlyForEveryone',
  'budget',
  'budget.rounds',
  'index.maxTarballBytes',
  'plan.openIssue',
];

const configText = fc.oneof(
  { arbitrary: mutatedJson(validConfig, CONFIG_PATHS, 2).map((value) => stringify(value)), weight: 4 },
  { arbitrary: configObject.map((value) => stringify(value)), weight: 4 },
  { arbitrary: pieceText(YAML_PIECES, 30), weight: 4 },
  { arbitrary: hostileString, weight: 1 },
  { arbitrary: pathological, weight: 1 },
);

export const configTarget: FuzzTarget<string> = {
  name: 'config: parseRepoConfig (YAML text)',
  runs: 10_000,
  arbitrary: configText,
  check: (text): Verdict | undefined => {
    const parsed = parseRepoConfig(text);
    if (parsed.ok)
      return typeof parsed.config.review.auto === 'boolean' ? { accepted: true } : { violation: 'ok without a complete config' };
    if (parsed.problems.length === 0) return { violation: 'not ok without a problem' };
    const reply = renderConfigProblems(parsed.problems, REPO_CONFIG_FILE);
    return reply.length > MAX_COMMENT_CHARS
      ? { violation: `the problems reply is ${reply.length} characters, over GitHub's comment limit` }
      : undefined;
  },
};

const SKILL_PIECES = [
  '---\n',
  '---',
  'name: ',
  'description: ',
  'allowed-tools: ',
  'metadata:\n  command: ',
  'license: ',
  '\n',
  ...YAML_PIECES,
];

const frontmatter = fc.dictionary(
  fc.oneof(fc.constantFrom('name', 'description', 'license', 'compatibility', 'allowed-tools', 'metadata'), fc.string({ maxLength: 10 })),
  fc.oneof(
    fc.constantFrom('my-skill', 'Does things. Triggers on "x", "y".', ...SKILL_OUTPUT_TOOLS, 'emit_answer emit_plan_section', 'rm_rf'),
    fc.dictionary(fc.oneof(fc.constant('command'), fc.string({ maxLength: 8 })), fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), {
      maxKeys: 3,
    }),
    scalar,
    fc.array(scalar, { maxLength: 4 }),
    hostileJson,
  ),
  { maxKeys: 6 },
);

/** A valid SKILL.md for the folder `my-skill`, then a few frontmatter fields removed or retyped. */
const validFrontmatter = fc.record(
  {
    name: fc.constant('my-skill'),
    description: fc.constantFrom('Drafts release notes. Triggers on "release notes", "changelog".', 'Explains code.'),
    license: fc.constantFrom('Apache-2.0', 'MIT'),
    'allowed-tools': fc.oneof(fc.constantFrom(...SKILL_OUTPUT_TOOLS), fc.subarray([...SKILL_OUTPUT_TOOLS], { minLength: 1 })),
    metadata: fc.record({ command: fc.constantFrom(...SKILL_COMMANDS), version: fc.constantFrom('1', '2.0') }, { requiredKeys: [] }),
  },
  { requiredKeys: ['name', 'description'] },
);
const SKILL_FIELDS = ['name', 'description', 'license', 'allowed-tools', 'metadata', 'metadata.command'];
const skillBody = fc
  .array(fc.constantFrom('# Title', 'Do this.', '', '- item', '```', 'code', '---'), { minLength: 1, maxLength: 20 })
  .map((lines) => lines.join('\n'));
const validSkillText = fc
  .tuple(mutatedJson(validFrontmatter, SKILL_FIELDS, 2), skillBody)
  .map(([front, body]) => `---\n${stringify(front)}---\n${body}\n`);

const skillText = fc.oneof(
  {
    arbitrary: fc
      .tuple(frontmatter, hostileString, fc.nat(700))
      .map(([front, body, extraLines]) => `---\n${stringify(front)}---\n${body}\n${'line\n'.repeat(extraLines)}`),
    weight: 5,
  },
  { arbitrary: pieceText(SKILL_PIECES, 30), weight: 4 },
  { arbitrary: pathological.map((yaml) => `---\n${yaml}\n---\nbody`), weight: 1 },
);

export const skillTarget: FuzzTarget<{ text: string; folder: string }> = {
  name: 'skills: parseSkill (SKILL.md)',
  runs: 10_000,
  arbitrary: fc.oneof(
    fc.record({ text: validSkillText, folder: fc.constant('my-skill') }),
    fc.record({ text: skillText, folder: fc.oneof(fc.constantFrom('my-skill', 'x', '..', '', 'My Skill'), hostileString) }),
  ),
  check: ({ text, folder }): Verdict | undefined => {
    const parsed = parseSkill(text, { path: `.github/skills/${folder}/SKILL.md`, source: 'repository' });
    if (!parsed.ok)
      return typeof parsed.problem.message === 'string' && parsed.problem.message !== ''
        ? undefined
        : { violation: 'a problem without a message' };
    const { skill } = parsed;
    if (skill.allowedTools.length === 0 || skill.allowedTools.some((t) => !(SKILL_OUTPUT_TOOLS as readonly string[]).includes(t))) {
      return { violation: `a skill with tools ${JSON.stringify(skill.allowedTools)}` };
    }
    return skill.body.split('\n').length > 500 ? { violation: 'a skill over 500 lines' } : { accepted: true };
  },
};
