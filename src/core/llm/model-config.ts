import { z } from 'zod';
import { NanodexError } from '../errors.js';

export const MODEL_PROVIDERS = ['none', 'openai', 'anthropic', 'ollama'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export type HostedProvider = Exclude<ModelProvider, 'none'>;

/**
 * Small, cheap models that can call tools. claude-3-5-haiku is retired (it is no
 * longer in @anthropic-ai/sdk 0.122's model list), so Anthropic gets Haiku 4.5.
 */
export const DEFAULT_MODELS: Record<HostedProvider, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  ollama: 'llama3.1',
};

/** Where each provider's API lives; passed explicitly so no library falls back to its own env vars. */
export const DEFAULT_BASE_URLS: Record<HostedProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  // The ollama client's own default (127.0.0.1, not localhost: Ollama listens on IPv4 only).
  ollama: 'http://127.0.0.1:11434',
};

/** The environment variable each front reads the key from (named in fixes only). */
const API_KEY_VARIABLES: Partial<Record<ModelProvider, string>> = {
  openai: 'NANODEX_OPENAI_API_KEY',
  anthropic: 'NANODEX_ANTHROPIC_API_KEY',
};

// Anthropic's Messages API accepts 0..1; OpenAI and Ollama accept 0..2.
const MAX_TEMPERATURE: Record<ModelProvider, number> = { none: 2, openai: 2, anthropic: 1, ollama: 2 };

/**
 * A model call's limit when the config sets none: a long non-streamed answer
 * takes a minute or two; the SDKs' own default (10 minutes) would hold a job
 * slot that long when a provider accepts the connection and never answers.
 */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

export interface ModelConfig {
  provider: ModelProvider;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
  temperature?: number;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface ConfigProblem {
  path: string;
  problem: string;
  fix: string;
}

/** The model settings were wrong; `problems` lists each one with its path and a fix. */
export class ModelConfigError extends NanodexError {
  readonly problems: ConfigProblem[];

  constructor(problems: ConfigProblem[]) {
    const lines = problems.map((p) => `  - ${p.path}: ${p.problem} (fix: ${p.fix})`);
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super('config-invalid', `model config is invalid (${count}):\n${lines.join('\n')}`, {
      hint: 'correct the settings listed above (config file, flags or environment) and run again',
    });
    this.name = 'ModelConfigError';
    this.problems = problems;
  }
}

const FIXES: Record<string, string> = {
  provider: `set provider to one of ${MODEL_PROVIDERS.join(', ')}`,
  model: 'give a model name, or leave it out for the provider default',
  apiKey: 'pass the key as a non-empty string',
  baseUrl: 'give a full http(s) URL, e.g. http://127.0.0.1:11434, or leave it out',
  temperature: 'use a number from 0 to 2 (0 gives the most repeatable answers)',
  timeoutMs: 'use a whole number of milliseconds above 0, e.g. 60000',
  maxRetries: 'use a whole number from 0 up, e.g. 2',
};

// Messages name what was expected, never the value given (it may be a key).
const expected = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `expected ${what}`);

export const modelConfigSchema = z.strictObject({
  provider: z.enum(MODEL_PROVIDERS, { error: expected(`one of ${MODEL_PROVIDERS.join(', ')}`) }),
  model: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, 'must not be empty')
    .optional(),
  apiKey: z
    .string({ error: expected('a string') })
    .trim()
    .min(1, 'must not be empty')
    .optional(),
  baseUrl: z.url({ protocol: /^https?$/, error: expected('an http(s) URL') }).optional(),
  temperature: z
    .number({ error: expected('a number') })
    .min(0, 'must be at least 0')
    .max(2, 'must be at most 2')
    .default(0),
  timeoutMs: z
    .number({ error: expected('a number') })
    .int('must be a whole number')
    .positive('must be above 0')
    .optional(),
  maxRetries: z
    .number({ error: expected('a number') })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .optional(),
});

/** Reads model settings from any shape (file, flags, env merged by a front); throws ModelConfigError listing every problem. */
export function parseModelConfig(input: unknown): ModelConfig {
  const parsed = modelConfigSchema.safeParse(input);
  const problems = parsed.success ? [] : parsed.error.issues.map(toProblem);
  // Checked on the raw input too, so a missing key is reported alongside a bad temperature.
  for (const problem of findProviderProblems(input)) {
    if (!problems.some((p) => p.path === problem.path)) problems.push(problem);
  }
  if (!parsed.success || problems.length > 0) throw new ModelConfigError(problems);
  const config = parsed.data;
  if (config.provider === 'none') return config;
  return { ...config, model: config.model ?? DEFAULT_MODELS[config.provider] };
}

/** Rules that depend on the provider; a field the schema already rejected is left to the schema's message. */
function findProviderProblems(input: unknown): ConfigProblem[] {
  if (typeof input !== 'object' || input === null) return [];
  const { provider, apiKey, temperature } = input as Record<string, unknown>;
  if (!MODEL_PROVIDERS.includes(provider as ModelProvider)) return [];
  const problems: ConfigProblem[] = [];
  const variable = API_KEY_VARIABLES[provider as ModelProvider];
  if (variable !== undefined && apiKey === undefined) {
    problems.push({ path: 'apiKey', problem: `${String(provider)} needs an API key`, fix: `set ${variable} or pass --api-key` });
  }
  const max = MAX_TEMPERATURE[provider as ModelProvider];
  if (typeof temperature === 'number' && temperature > max && max < 2) {
    problems.push({
      path: 'temperature',
      problem: `${String(provider)} accepts at most ${max}, got ${temperature}`,
      fix: `use a number from 0 to ${max}`,
    });
  }
  return problems;
}

function toProblem(issue: z.core.$ZodIssue): ConfigProblem {
  const path = issue.path.map(String).join('.') || '(root)';
  if (issue.code === 'unrecognized_keys') {
    return {
      path: issue.keys.map(toShownName).join(', '),
      problem: 'unknown setting',
      fix: `remove it or check the spelling; known settings: ${Object.keys(modelConfigSchema.shape).join(', ')}`,
    };
  }
  if (path === '(root)') {
    return { path, problem: 'expected an object of model settings', fix: 'pass an object such as { provider: "openai" }' };
  }
  return { path, problem: issue.message, fix: FIXES[path] ?? 'see the model settings in the README' };
}

// A setting name is shown only if it looks like one: a pasted key can end up as a name. A token-shaped
// name that passes is redacted where the message is shown, like every output (src/core/secrets).
const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,39}$/;

function toShownName(name: string): string {
  return SETTING_NAME.test(name) ? name : '(a name that looks like a secret)';
}
