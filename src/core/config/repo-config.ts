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

/** A repository's `.github/nanodex.yml`, with every default filled in. */
export interface RepoConfig {
  review: { auto: boolean; drafts: boolean; include: string[]; exclude: string[] };
  access: { readOnlyForEveryone: boolean; explainRefusals: boolean };
  plan: { openIssue: boolean };
  apply: { allowWorkflows: boolean; expiresAfterDays: number };
  budget: Partial<Budget>;
  index: { onInstall: boolean; maxTarballBytes: number };
}

export const DEFAULT_REPO_CONFIG: RepoConfig = {
  review: { auto: true, drafts: false, include: ['**'], exclude: [] },
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

/** Strict at every level: a misspelt key is a problem, not a silently ignored setting. */
export const repoConfigSchema = z
  .strictObject({
    review: z
      .strictObject({
        auto: z.boolean().default(true).describe('Review pull requests when they are opened or updated'),
        drafts: z.boolean().default(false).describe('Also review draft pull requests'),
        include: globList('Files to review').min(1).default(['**']),
        exclude: globList('Files never reviewed, even when included').default([]),
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
  const parsed = repoConfigSchema.safeParse(yaml.data ?? {}, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: toConfigProblems(parsed.error.issues, yaml.lineOf, knownKeys) };
  return { ok: true, config: parsed.data };
}

/** The keys allowed at a path, for "did you mean" on a misspelt one. */
function knownKeys(path: readonly PropertyKey[]): string[] {
  if (path.length === 0) return Object.keys(DEFAULT_REPO_CONFIG);
  if (path.length === 1 && path[0] === 'budget') return Object.keys(DEFAULT_BUDGET);
  const section = DEFAULT_REPO_CONFIG[path[0] as keyof RepoConfig] as object | undefined;
  return path.length === 1 && section !== undefined ? Object.keys(section) : [];
}
