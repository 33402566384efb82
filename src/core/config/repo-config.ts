import { z } from 'zod';
import { DEFAULT_BUDGET, MAX_BUDGET, type Budget } from '../budget/budget.js';
import { findConfigSizeProblem } from './find-config-size-problem.js';
import { parseConfigYaml } from './parse-config-yaml.js';
import { toConfigProblems, type ConfigProblem } from './to-config-problems.js';

export type { ConfigProblem } from './to-config-problems.js';
export { renderConfigProblems } from './render-config-problems.js';
export { findConfigSizeProblem, MAX_CONFIG_BYTES } from './find-config-size-problem.js';

/** Where a repository keeps its settings; messages name it. */
export const REPO_CONFIG_FILE = '.github/nanodex.yml';

/**
 * The one cap on a tarball downloaded for an index (the App by default, the
 * CLI given a URL always): 200 MB covers all but monorepos (GitHub's own
 * tarballs of big repositories run to hundreds of MB), and bounds one job's disk.
 */
export const DEFAULT_MAX_TARBALL_BYTES = 200 * 1024 * 1024;
/** The most a repository may raise it to: 2 GB, about what a runner's disk holds beside the index. */
const MAX_TARBALL_BYTES = 2 * 1024 * 1024 * 1024;

/** Rules switched on or off by id (`callers-not-updated`, a built-in or repository ast-grep rule's id). */
export interface RuleSwitches {
  enable: string[];
  disable: string[];
}

/** What a review does beyond which files it reads: the request carries these to the core. */
export interface ReviewSettings {
  /** The check run's conclusion: `failure` when a finding is at least this severe; `never` (default) keeps it neutral. */
  failOn: 'error' | 'warning' | 'never';
  /** At most this many model findings per review, most severe first (offline findings are not counted). */
  maxComments: number;
  /** Post a check run per reviewed head (the App and the Action). */
  checkRun: boolean;
  /** Rules switched for the whole repository. */
  rules: RuleSwitches;
  /** Per path: instructions a model reviewer gets for those files, and rules switched there (later entries win). */
  paths: { path: string; instructions?: string; rules: RuleSwitches }[];
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  failOn: 'never',
  maxComments: 5,
  checkRun: true,
  rules: { enable: [], disable: [] },
  paths: [],
};

/** A repository's `.github/nanodex.yml`, with every default filled in. */
export interface RepoConfig {
  review: ReviewSettings & { auto: boolean; drafts: boolean; include: string[]; exclude: string[] };
  access: { readOnlyForEveryone: boolean; explainRefusals: boolean };
  plan: { openIssue: boolean };
  apply: { allowWorkflows: boolean; expiresAfterDays: number };
  budget: Partial<Budget>;
  index: { onInstall: boolean; maxTarballBytes: number };
}

export const DEFAULT_REPO_CONFIG: RepoConfig = {
  review: { auto: true, drafts: false, include: ['**'], exclude: [], ...DEFAULT_REVIEW_SETTINGS },
  access: { readOnlyForEveryone: false, explainRefusals: true },
  plan: { openIssue: false },
  apply: { allowWorkflows: false, expiresAfterDays: 14 },
  budget: {},
  index: { onInstall: false, maxTarballBytes: DEFAULT_MAX_TARBALL_BYTES },
};

const BUDGET_WORDS: Record<keyof Budget, string> = {
  rounds: 'exploration rounds per request',
  files: 'files one request may read',
  bytes: 'bytes one request may fetch',
  contextTokens: 'tokens of context given to the model',
  modelCalls: 'model calls per request',
  wallMs: 'wall time per request, in milliseconds',
  memoryTokens: 'tokens a follow-up may carry from earlier requests in the same thread',
};

const globList = (what: string) =>
  z.array(z.string().min(1)).describe(`${what}: gitignore-style patterns matched against repository paths ("src/", "*.ts", "docs/**")`);

const budgetSchema = z.strictObject(
  Object.fromEntries(
    (Object.keys(DEFAULT_BUDGET) as (keyof Budget)[]).map((key) => [
      key,
      z
        .number()
        .int()
        .min(1)
        .max(MAX_BUDGET[key])
        .optional()
        .describe(`The ${BUDGET_WORDS[key]} (default ${DEFAULT_BUDGET[key]}, at most ${MAX_BUDGET[key]})`),
    ]),
  ) as Record<keyof Budget, z.ZodOptional<z.ZodNumber>>,
);

const ruleIds = (what: string) =>
  z
    .array(z.string().regex(/^[A-Za-z0-9][\w.:/-]{0,99}$/, 'a rule id: letters, digits and . _ : / - (at most 100)'))
    .max(200)
    .default([])
    .describe(what);

const ruleSwitchesSchema = z
  .strictObject({
    enable: ruleIds(
      'Rule ids to switch on (rules off by default, or off for a broader path): a built-in rule (js-focused-test, py-bare-except, …) or an id from .github/nanodex/rules/*.yml, with or without "rule:"',
    ),
    disable: ruleIds(
      'Rule ids to switch off: built-in (js-focused-test, py-bare-except, py-mutable-default, go-defer-in-loop) or from .github/nanodex/rules/*.yml',
    ),
  })
  .prefault({});

/** Strict at every level: a misspelt key is a problem, not a silently ignored setting. */
export const repoConfigSchema = z
  .strictObject({
    review: z
      .strictObject({
        auto: z.boolean().default(true).describe('Review pull requests when they are opened or updated'),
        drafts: z.boolean().default(false).describe('Also review draft pull requests'),
        include: globList('Files to review').min(1).default(['**']),
        exclude: globList('Files never reviewed, even when included').default([]),
        failOn: z
          .enum(['error', 'warning', 'never'])
          .default('never')
          .describe('The check run fails when a finding is at least this severe (never: the check stays neutral)'),
        maxComments: z.number().int().min(0).max(50).default(5).describe('Most model findings posted per review (0-50, default 5)'),
        checkRun: z.boolean().default(true).describe('Post a "nanodex review" check run on each reviewed head'),
        rules: ruleSwitchesSchema.describe('Review rules switched on or off for the whole repository'),
        paths: z
          .array(
            z.strictObject({
              path: z.string().min(1).describe('A gitignore-style pattern ("src/api/**")'),
              instructions: z.string().max(4000).optional().describe('What a model reviewer should watch for in these files'),
              rules: ruleSwitchesSchema.describe('Rules switched on or off for these files'),
            }),
          )
          .max(100)
          .default([])
          .describe('Per-path review instructions and rule switches; a later entry wins over an earlier one'),
      })
      .prefault({})
      .describe('Automatic pull request reviews'),
    access: z
      .strictObject({
        readOnlyForEveryone: z
          .boolean()
          .default(false)
          .describe('On a public repository, let anyone run explain, find, refs, map and help (other commands still need write access)'),
        explainRefusals: z
          .boolean()
          .default(true)
          .describe('Tell a person once per issue or pull request why nanodex will not answer them (false: refuse in silence)'),
      })
      .prefault({})
      .describe('Who may ask nanodex'),
    plan: z
      .strictObject({
        openIssue: z.boolean().default(false).describe('Open every plan as a tracked issue (without it, "plan … --issue" opens one)'),
      })
      .prefault({})
      .describe('The plan command'),
    apply: z
      .strictObject({
        allowWorkflows: z
          .boolean()
          .default(false)
          .describe('Let "@nanodex apply" write files under .github/workflows/ (off: such a proposal is refused)'),
        expiresAfterDays: z
          .number()
          .int()
          .min(1)
          .max(90)
          .default(14)
          .describe('Days a proposal of "@nanodex work" can still be applied (1-90, default 14)'),
      })
      .prefault({})
      .describe('Applying proposed changes ("@nanodex apply <id>")'),
    budget: budgetSchema.prefault({}).describe('Limits for one request; a request may lower them with budget words'),
    index: z
      .strictObject({
        onInstall: z.boolean().default(false).describe('Index the repository when the App is installed'),
        maxTarballBytes: z
          .number()
          .int()
          .min(1)
          .max(MAX_TARBALL_BYTES)
          .default(DEFAULT_MAX_TARBALL_BYTES)
          .describe(`Largest repository download to index, in bytes (default ${DEFAULT_MAX_TARBALL_BYTES}, at most ${MAX_TARBALL_BYTES})`),
      })
      .prefault({})
      .describe('The code index'),
  })
  .describe('nanodex settings for this repository (.github/nanodex.yml)');

export type ParsedRepoConfig = { ok: true; config: RepoConfig } | { ok: false; problems: ConfigProblem[] };

/**
 * Parses the file's text once, at the edge: safe YAML (core schema, no tags,
 * unique keys), then the schema, reporting every problem at once with its
 * path, line and fix. An absent or empty file means the defaults; one over
 * MAX_CONFIG_BYTES is a problem, never parsed.
 */
export function parseRepoConfig(text: string | undefined, file = REPO_CONFIG_FILE): ParsedRepoConfig {
  const tooLarge = text === undefined ? undefined : findConfigSizeProblem(file, Buffer.byteLength(text, 'utf8'));
  if (tooLarge !== undefined) return { ok: false, problems: [tooLarge] };
  if (text === undefined || text.trim() === '') return { ok: true, config: structuredClone(DEFAULT_REPO_CONFIG) };
  const yaml = parseConfigYaml(text, file);
  if (!yaml.ok) return yaml;
  const aliased = readReviewsAlias(yaml.data, file);
  if (!aliased.ok) return aliased;
  const lineOf = aliased.renamed
    ? (path: readonly PropertyKey[]) => yaml.lineOf(path[0] === 'review' ? ['reviews', ...path.slice(1)] : path)
    : yaml.lineOf;
  const parsed = repoConfigSchema.safeParse(aliased.data, { reportInput: true });
  if (!parsed.success) {
    const problems = toConfigProblems(parsed.error.issues, lineOf, knownKeys);
    return {
      ok: false,
      problems: aliased.renamed ? problems.map((p) => ({ ...p, path: p.path.replace(/^review\b/, 'reviews') })) : problems,
    };
  }
  return { ok: true, config: parsed.data };
}

/**
 * `reviews:` (as other review bots spell it) is read as `review:`; both at
 * once is a problem, since one would silently win.
 */
function readReviewsAlias(
  data: unknown,
  file: string,
): { ok: true; data: unknown; renamed: boolean } | { ok: false; problems: ConfigProblem[] } {
  if (data === null || typeof data !== 'object' || Array.isArray(data) || !('reviews' in data))
    return { ok: true, data: data ?? {}, renamed: false };
  const { reviews, ...rest } = data as Record<string, unknown>;
  if ('review' in rest) {
    return {
      ok: false,
      problems: [
        {
          path: 'reviews',
          message: `\`review\` and \`reviews\` in ${file} are the same section, given twice`,
          fix: 'merge the two into one `review:` section',
        },
      ],
    };
  }
  return { ok: true, data: { ...rest, review: reviews }, renamed: true };
}

/** The keys allowed at a path, for "did you mean" on a misspelt one. */
function knownKeys(path: readonly PropertyKey[]): string[] {
  if (path.length === 0) return Object.keys(DEFAULT_REPO_CONFIG);
  if (path.length === 1 && path[0] === 'budget') return Object.keys(DEFAULT_BUDGET);
  const section = DEFAULT_REPO_CONFIG[path[0] as keyof RepoConfig] as object | undefined;
  return path.length === 1 && section !== undefined ? Object.keys(section) : [];
}
