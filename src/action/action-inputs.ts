import { z } from 'zod';
import { COMMAND_TABLE, MODEL_PROVIDERS, NanodexError, parseBudgetWords } from '../core/index.js';

/** The command table's commands; `index` only brings the cached index up to date; `auto` routes the prompt to a command. */
export const ACTION_COMMANDS = ['auto', 'ask', ...COMMAND_TABLE.map((c) => c.name), 'index'] as const;
export type ActionCommand = (typeof ACTION_COMMANDS)[number];

/**
 * The Action's inputs as action.yml declares them (a test keeps the two
 * identical, and the docs' table with them). The schema below must name every
 * key, so an input added here without a parser, or the reverse, does not compile.
 */
export const ACTION_INPUTS = {
  command: {
    description: `What to run on \`workflow_dispatch\`: ${ACTION_COMMANDS.map((c) => `\`${c}\``).join(', ')}. Other events choose for themselves (a mention routes its text, a pull request is reviewed, \`schedule\` and \`push\` index).`,
    default: 'auto',
  },
  prompt: {
    description: 'The question or instruction for `workflow_dispatch` (budget words such as `rounds=3` work here too).',
    default: '',
  },
  'github-token': { description: 'Token for reading permissions and posting comments and reviews.', default: '${{ github.token }}' },
  'model-provider': {
    description: `Model provider: ${MODEL_PROVIDERS.join(', ')}. \`none\` answers offline from the index.`,
    default: 'none',
  },
  'model-name': { description: "Model name; empty for the provider's default.", default: '' },
  'model-api-key': {
    description: 'API key for the model provider (pass a secret). Empty on fork pull requests: the run is then offline.',
    default: '',
  },
  'model-base-url': { description: "The provider's API URL; empty for its default.", default: '' },
  budget: {
    description: 'Budget overrides as words, e.g. `rounds=3 files=10 budget=20k bytes=256 time=90s`; capped by the maxima.',
    default: '',
  },
  'config-path': {
    description: 'Repository config file path; read from the default branch on pull request events, from the checkout otherwise.',
    default: '.github/nanodex.yml',
  },
  'index-cache': { description: 'Keep the code index between runs with the Actions cache (`true` or `false`).', default: 'true' },
  mention: { description: 'The word that summons nanodex in a comment, without the `@`.', default: 'nanodex' },
  'node-version': {
    description:
      'The Node.js version the Action installs (actions/setup-node) and runs on (22 or later); later steps of the job see it too.',
    default: '24',
  },
} as const satisfies Record<string, { description: string; default: string }>;

/** The floor package.json's `engines` keeps (docs/node-versions.md). */
const MIN_NODE_MAJOR = 22;

export type InputName = keyof typeof ACTION_INPUTS;

const budgetSchema = z.string().transform((text, context) => {
  const words = parseBudgetWords(text);
  for (const problem of words.problems) context.addIssue({ code: 'custom', message: problem });
  if (words.prompt !== '' || words.focus.length > 0) {
    context.addIssue({ code: 'custom', message: 'only limits belong here: rounds=3 files=10 budget=20k bytes=256 time=90s' });
  }
  return words.overrides;
});

const INPUT_SCHEMAS = {
  command: z.enum(ACTION_COMMANDS),
  prompt: z.string(),
  'github-token': z
    .string()
    .min(1, 'a token is needed to read permissions and post; keep the default `${{ github.token }}`')
    .refine(
      (token) => !token.startsWith('${{'),
      'the token is an expression nothing evaluated (a local run?): set INPUT_GITHUB-TOKEN to a token',
    ),
  'model-provider': z.enum(MODEL_PROVIDERS),
  'model-name': z.string(),
  'model-api-key': z.string(),
  'model-base-url': z.union([z.literal(''), z.url()]),
  budget: budgetSchema,
  'config-path': z.string().min(1),
  'index-cache': z.enum(['true', 'false']).transform((value) => value === 'true'),
  // Used by action.yml's setup-node step; read here so a bad value is reported with the rest.
  'node-version': z
    .string()
    .regex(/^\d+(?:\.\d+){0,2}(?:\.x)?$|^lts\/\*$/, 'a version such as 24, 22 or lts/*')
    .refine(
      (version) => version === 'lts/*' || Number(version.split('.')[0]) >= MIN_NODE_MAJOR,
      `Node ${MIN_NODE_MAJOR} or later (20 is past its end of life, and better-sqlite3 needs N-API 10)`,
    ),
  mention: z.string().regex(/^[\w-]+(?:\[bot\])?$/, 'a login or slug such as nanodex, without the @'),
} satisfies { [K in InputName]: z.ZodType };

export type ActionInputs = { [K in InputName]: z.output<(typeof INPUT_SCHEMAS)[K]> };

/**
 * Reads every input (an empty one takes action.yml's default, as a
 * JavaScript action would) and reports all the bad ones at once.
 */
export function readActionInputs(getInput: (name: string) => string): ActionInputs {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const name of Object.keys(INPUT_SCHEMAS) as InputName[]) {
    const raw = getInput(name).trim();
    const parsed = INPUT_SCHEMAS[name].safeParse(
      raw === '' && !ACTION_INPUTS[name].default.startsWith('$') ? ACTION_INPUTS[name].default : raw,
    );
    if (parsed.success) values[name] = parsed.data;
    else problems.push(`  - ${name}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  if (problems.length > 0) {
    throw new NanodexError('bad-input', `the Action's inputs are invalid:\n${problems.join('\n')}`, {
      hint: 'fix the `with:` values of the nanodex step (see docs/action.md for each input)',
    });
  }
  return values as ActionInputs;
}
