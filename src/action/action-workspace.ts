import path from 'node:path';
import {
  loadChatModel,
  LocalRepoSource,
  gitChangeHistory,
  parseModelConfig,
  SqliteCodeIndex,
  type FlowPorts,
  type IndexRunStats,
  type ModelConfig,
  type RepoConfig,
  type Workspace,
} from '../core/index.js';
import { readRepoSkillFiles } from '../github/read-repo-skill-files.js';
import type { ActionContext, ActionOutcome } from './action-context.js';
import { openCachedIndex, readHeadSha } from './open-cached-index.js';

/** Providers that cannot run without a key (Ollama runs keyless). */
const KEYED_PROVIDERS = new Set(['openai', 'anthropic']);

/** The Action's repository for the flows, and what the job summary reports about it afterwards. */
export interface ActionWorkspace {
  ports: FlowPorts;
  /** The index's stats and cache report once it was opened (a refused mention opens nothing). */
  readonly index: ActionOutcome['index'];
  /** Things the user should know (a model left out for want of a key). */
  notices: string[];
}

/**
 * The checkout the runner already has, with its index restored from the
 * Actions cache and brought up to date when a flow opens it; the model from
 * the inputs. With a trusted ref (a pull request's events) the repository's
 * skills come from that ref through the API, never from the checkout.
 */
export async function toActionWorkspace(context: ActionContext, options: { firstAnswer?: boolean } = {}): Promise<ActionWorkspace> {
  const { inputs, env, logger } = context;
  const notices: string[] = [];
  // A bad model setting fails the request where the person sees it (the reply, with its reference id), not before "working".
  let modelConfig: ModelConfig | undefined;
  let modelProblem: unknown;
  try {
    modelConfig = readModelConfig(context, notices);
  } catch (error) {
    modelProblem = error;
  }
  let index: ActionOutcome['index'];
  let finish: (() => Promise<IndexRunStats>) | undefined;
  const workspace: Workspace = {
    async open(at) {
      if (modelProblem !== undefined) throw modelProblem;
      // Read before the index is opened, so a failure here leaves nothing open.
      const repositorySkills =
        context.trustedRef === undefined
          ? undefined
          : await readRepoSkillFiles(context.client, { owner: env.owner, repo: env.repo, ref: context.trustedRef }, { logger });
      const source = new LocalRepoSource(env.workspace);
      const indexed = await openCachedIndex(source, {
        repository: `${env.owner}/${env.repo}`,
        folder: path.join(env.runnerTemp, 'nanodex-index'),
        cache: context.cache,
        enabled: inputs['index-cache'],
        logger,
        // A mention is replied to mid-job: with nothing cached, its question's files are indexed first.
        question: options.firstAnswer === true ? at?.question : undefined,
      });
      index = { stats: indexed.stats, cache: indexed.cache };
      finish = indexed.finish;
      if (finish !== undefined) {
        notices.push(
          `Answered from a partial index (${indexed.stats.files} files the question needed; nothing was cached yet); ` +
            'the rest of the repository is indexed after the reply and saved to the Actions cache.',
        );
      }
      const sha = readHeadSha(source.root);
      return {
        source,
        index: new SqliteCodeIndex(indexed.store),
        repo: { kind: 'local', root: source.root },
        repositorySkills,
        // The Actions checkout is shallow unless fetch-depth is 0: the history then says it is not available.
        history: gitChangeHistory(source.root),
        links: sha === undefined ? undefined : { htmlUrl: toHtmlUrl(context), sha },
        close: () => indexed.store.close(),
      };
    },
    async finishIndex() {
      if (finish === undefined || index === undefined) return;
      const stats = await finish();
      finish = undefined;
      index = { ...index, stats };
    },
  };
  return {
    ports: {
      workspace,
      logger,
      clock: context.clock,
      modelConfig,
      model: modelConfig === undefined ? undefined : await loadChatModel(modelConfig),
    },
    get index() {
      return index;
    },
    notices,
  };
}

/** The repository's page on this GitHub (github.com or an Enterprise server). */
export function toHtmlUrl(context: ActionContext): string {
  return `${context.env.serverUrl}/${context.env.owner}/${context.env.repo}`;
}

/** The repository's config with the step's `budget` input on top: the limits every flow of this run uses. */
export function toRunConfig(context: ActionContext): RepoConfig {
  return { ...context.config, budget: { ...context.config.budget, ...context.inputs.budget } };
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
