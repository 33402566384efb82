import path from 'node:path';
import { SqliteCodeIndex } from '../core/code-index/code-index.js';
import type { IndexRunStats } from '../core/code-index/index-repository.js';
import { createChatModel } from '../core/llm/create-chat-model.js';
import { parseModelConfig, type ModelConfig } from '../core/llm/model-config.js';
import { LocalRepoSource } from '../core/repo/local-repo-source.js';
import type { Request, RunResult } from '../core/request.js';
import { run } from '../core/run.js';
import type { SkillFile } from '../core/skills/types.js';
import { readRepoSkillFiles } from '../github/read-repo-skill-files.js';
import type { ActionContext } from './action-context.js';
import { openCachedIndex, readHeadSha, type CacheReport } from './open-cached-index.js';

/** Providers that cannot run without a key (Ollama runs keyless). */
const KEYED_PROVIDERS = new Set(['openai', 'anthropic']);

export interface ActionRunner {
  /** Runs one request against the checkout and its index (links default to the checkout's commit). */
  runRequest(request: Omit<Request, 'repo'>): Promise<RunResult>;
  index: { stats: IndexRunStats; cache: CacheReport };
  /** Things the user should know (a model left out for want of a key). */
  notices: string[];
  /** The repository's skills as read from `context.trustedRef`; undefined: the core reads them from the checkout's index. */
  repositorySkills: SkillFile[] | undefined;
  close(): void;
}

/**
 * Reads the checkout locally (the runner already has it), restores and
 * updates the cached index, builds the model from the inputs, and hands back
 * a function that runs a request through the core with those ports. With a
 * trusted ref (a pull request's events) the repository's skills come from
 * that ref through the API, never from the checkout.
 */
export async function openActionRunner(context: ActionContext): Promise<ActionRunner> {
  const { inputs, env, logger } = context;
  const notices: string[] = [];
  // Read before the index is opened, so a failure here leaves nothing open.
  const repositorySkills = context.trustedRef === undefined
    ? undefined
    : await readRepoSkillFiles(context.client, { owner: env.owner, repo: env.repo, ref: context.trustedRef }, { logger });
  const source = new LocalRepoSource(env.workspace);
  const indexed = await openCachedIndex(source, {
    repository: `${env.owner}/${env.repo}`,
    folder: path.join(env.runnerTemp, 'nanodex-index'),
    cache: context.cache,
    enabled: inputs['index-cache'],
    logger,
  });
  const modelConfig = readModelConfig(context, notices);
  const model = modelConfig === undefined ? undefined : createChatModel(modelConfig);
  const sha = readHeadSha(source.root);
  const links = sha === undefined ? undefined : { htmlUrl: `${env.serverUrl}/${env.owner}/${env.repo}`, sha };
  const budget = { ...context.config.budget, ...inputs.budget };
  return {
    runRequest: (request) =>
      run({ ...request, repo: { kind: 'local', root: source.root }, links: request.links ?? links, budget: { ...budget, ...request.budget } }, {
        source, index: new SqliteCodeIndex(indexed.store), logger, clock: context.clock, model, modelConfig, repositorySkills,
      }),
    index: { stats: indexed.stats, cache: indexed.cache },
    notices,
    repositorySkills,
    close: () => indexed.store.close(),
  };
}

function readModelConfig(context: ActionContext, notices: string[]): ModelConfig | undefined {
  const { inputs } = context;
  const provider = inputs['model-provider'];
  if (provider === 'none') return undefined;
  if (KEYED_PROVIDERS.has(provider) && inputs['model-api-key'] === '') {
    // Workflows started from a fork get no secrets: say so instead of failing or answering silently offline.
    notices.push(
      `model-api-key is empty, so ${provider} was not used and nanodex answered offline from the index. ` +
      'Secrets are not passed to workflows triggered from forks; pass the key as a secret to use the model.',
    );
    return undefined;
  }
  return parseModelConfig({
    provider,
    ...(inputs['model-name'] === '' ? {} : { model: inputs['model-name'] }),
    ...(inputs['model-api-key'] === '' ? {} : { apiKey: inputs['model-api-key'] }),
    ...(inputs['model-base-url'] === '' ? {} : { baseUrl: inputs['model-base-url'] }),
  });
}
