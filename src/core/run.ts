import { BudgetMeter } from './budget/budget-meter.js';
import { describeRaise, MAX_BUDGET, resolveBudget } from './budget/budget.js';
import { parseBudgetWords } from './budget/parse-budget-words.js';
import { NanodexError } from './errors.js';
import type { ExploreMetrics } from './explore/explore-repository.js';
import { parseRepoPath } from './repo/repo-path.js';
import { ModelCallError } from './explore/model-call-error.js';
import type { Request, RunMetrics, RunResult } from './request.js';
import { runOutputCommand } from './outputs/run-output-command.js';
import { redactStrings } from './secrets/redact-strings.js';
import { toFailure } from './failure/to-failure.js';
import { throwIfRetryable } from './failure/retry-later.js';
import type { RunPorts } from './run-ports.js';
import { fitThreadMemory } from './memory/thread-memory.js';
import { verifyMemory } from './memory/verify-memory.js';

export type { RunPorts } from './run-ports.js';

/**
 * The one way in for every front. Expected outcomes (a budget hit, nothing to
 * do) come back as results; an unexpected failure comes back as `failed`
 * with a reference id that is also in the log line, never as a throw.
 */
export async function run(request: Request, ports: RunPorts): Promise<RunResult> {
  const started = ports.clock.now();
  let result: RunResult;
  // Loaded for a run with a model only (it brings the model config's schema): only such a run meets a provider's error.
  const toModelError = ports.modelConfig && (await import('./llm/to-model-error.js')).toModelError;
  try {
    result = await runCommand(await redactAsked(request), ports, { started, toModelError });
  } catch (error) {
    throwIfRetryable(error, ports.retryable);
    // A provider's error is translated once, here, into a key-free message; other surprises stay generic.
    const { modelConfig } = ports;
    result = toFailure(error, {
      logger: ports.logger,
      log: 'run failed',
      fields: { command: request.command },
      translate: (e) => (modelConfig && toModelError && isFromModel(e) ? toModelError(e.cause, modelConfig) : e),
    });
  }
  // The guarantee every front gets: no string in a result holds a secret, whichever step made it.
  try {
    return await redactStrings(result);
  } catch (error) {
    return toFailure(error, {
      logger: ports.logger,
      log: 'redaction failed',
      fallback: 'nanodex could not check its reply for secrets, so it shows none',
    });
  }
}

/**
 * Each path's modules are imported when it runs (the model pipeline for ask, the locator for locate): an
 * offline output command loads neither.
 */
async function runCommand(
  request: Request,
  ports: RunPorts,
  { started, toModelError }: { started: number; toModelError: typeof import('./llm/to-model-error.js').toModelError | undefined },
): Promise<RunResult> {
  const words = parseBudgetWords(request.prompt);
  if (words.problems.length > 0) {
    throw new NanodexError('bad-budget', `could not read the budget words: ${words.problems.join('; ')}`, {
      hint: 'write limits as rounds=3 files=10 budget=20k bytes=256 (KB) time=90s',
    });
  }
  if (words.prompt.length === 0) return { kind: 'skipped', reason: 'the request has no question after its budget words' };
  for (const folder of words.focus) parseRepoPath(folder); // throws PathRejectedError naming the rule
  const { budget } = resolveBudget({ ...request.budget, ...words.overrides }, { maxima: ports.maxima ?? MAX_BUDGET });
  const meter = new BudgetMeter(budget, ports.clock);
  const repo = request.repo;
  // A follow-up's memory of its thread, cut to its budget and checked against the tree: gone files are left out.
  const memory =
    request.memory && repo ? verifyMemory(fitThreadMemory(request.memory, budget.memoryTokens), ports.index, words.prompt) : undefined;

  const finish = (explore: ExploreMetrics | undefined, extra: Partial<RunMetrics>): RunMetrics => {
    const used = meter.usage();
    const metrics: RunMetrics = {
      command: request.command,
      urlDetected: request.urlDetected ?? false,
      intent: undefined,
      diagramType: undefined,
      repoToolsExposed: repo !== undefined,
      planPath: explore?.planPath ?? 'none',
      plannerProblems: explore?.plannerProblems ?? [],
      rounds: explore?.rounds ?? 0,
      filesTouched: used.files,
      bytesFetched: used.bytes,
      tokensInContext: used.contextTokens,
      modelCalls: used.modelCalls,
      refusedToolCalls: explore?.refusedToolCalls.length ?? 0,
      evidenceDropped: explore?.evidenceDropped ?? 0,
      budget,
      ...(memory === undefined
        ? {}
        : {
            memory: {
              requests: memory.memory.requests.length,
              files: memory.memory.files,
              symbols: memory.memory.symbols,
              dropped: memory.dropped,
            },
          }),
      ...(repo === undefined ? {} : { index: ports.index.state() }),
      latency: {
        ...(ports.indexMs === undefined ? {} : { indexMs: ports.indexMs }),
        metadataTreeMs: explore?.latency.bootstrapMs ?? 0,
        planningMs: explore?.latency.planningMs ?? 0,
        retrievalMs: explore?.latency.retrievalMs ?? 0,
        generationMs: explore?.latency.generationMs ?? 0,
        totalMs: ports.clock.now() - started + (ports.indexMs ?? 0),
      },
      ...extra,
    };
    ports.logger.info('run', { ...metrics });
    return metrics;
  };

  if (!repo) {
    if (!ports.model || request.command !== 'ask') {
      return { kind: 'skipped', reason: 'the request names no repository, and answering without one needs a model' };
    }
    const { answerWithoutRepo } = await import('./answer-without-repo.js');
    const answered = await answerWithoutRepo({ model: ports.model, meter, prompt: words.prompt });
    if (!answered.ok) {
      const { refused } = answered;
      return {
        kind: 'budget-exceeded',
        limit: refused.limit,
        used: refused.used,
        allowed: refused.allowed,
        gathered: [],
        howToRaise: describeRaise(refused.limit, budget, ports.maxima ?? MAX_BUDGET),
        metrics: finish(undefined, {}),
      };
    }
    return {
      kind: 'done',
      command: 'ask',
      context: answered.context,
      answer: answered.out.answer ? { ...answered.out.answer, removedCitations: answered.removedCitations } : undefined,
      refusedToolCalls: answered.refused,
      metrics: finish(undefined, { refusedToolCalls: answered.refused.length }),
    };
  }
  const scope = words.focus[0] ?? repo.scope;
  const repoName = repo.kind === 'github' ? `${repo.owner}/${repo.repo}` : (repo.root.split(/[\\/]/).pop() ?? 'repository');

  const describeModelError = (error: unknown) => {
    const config = ports.modelConfig;
    return config && toModelError
      ? toModelError(error, config).message
      : error instanceof NanodexError
        ? error.message
        : 'the model call failed';
  };
  if (request.command !== 'ask' && request.command !== 'locate') {
    return runOutputCommand({
      request,
      ports,
      prompt: words.prompt,
      meter,
      scope,
      focus: words.focus,
      repoName,
      describeModelError,
      memory,
      finish,
      howToRaise: (limit) => describeRaise(limit, budget, ports.maxima ?? MAX_BUDGET),
    });
  }

  if (request.command === 'locate') {
    const remembered = memory && { paths: memory.memory.files, strong: memory.strong };
    const { locateFiles } = await import('./explore/locate-files.js');
    const files = locateFiles(ports.index, words.prompt, { limit: 10, pathPrefix: scope, remembered });
    return { kind: 'done', command: 'locate', files, metrics: finish(undefined, {}) };
  }

  const [{ exploreRepository }, { vouchForAnswer }] = await Promise.all([
    import('./explore/explore-repository.js'),
    import('./answer/vouch-for-answer.js'),
  ]);
  const outcome = await exploreRepository({
    prompt: words.prompt,
    repo: repoName,
    scope,
    focus: words.focus,
    index: ports.index,
    source: ports.source,
    meter,
    clock: ports.clock,
    planner: ports.planner,
    model: ports.model,
    describeModelError,
    memory,
  });
  const extra = { intent: outcome.plan.intent, diagramType: outcome.plan.diagramType };
  if (outcome.kind === 'budget-exceeded') {
    const { refused } = outcome;
    return {
      kind: 'budget-exceeded',
      limit: refused.limit,
      used: refused.used,
      allowed: refused.allowed,
      gathered: outcome.gathered,
      howToRaise: describeRaise(refused.limit, budget, ports.maxima ?? MAX_BUDGET),
      metrics: finish(outcome.metrics, extra),
    };
  }
  const answer = outcome.output?.answer ? { ...outcome.output.answer, removedCitations: outcome.metrics.removedCitations } : undefined;
  return {
    kind: 'done',
    command: 'ask',
    context: vouchForAnswer(outcome.context, answer, outcome.metrics.removedCitations),
    answer,
    refusedToolCalls: outcome.metrics.refusedToolCalls,
    metrics: finish(outcome.metrics, extra),
  };
}

/**
 * What a person wrote, redacted before any step reads it: a pasted token is then never searched for,
 * split into words, clipped into a title or escaped, forms a later scan may no longer know. The diff is
 * kept whole: a review flags the secrets a change adds (and its comments are redacted on the way out).
 */
async function redactAsked(request: Request): Promise<Request> {
  const { prompt, issue, pullRequest } = request;
  const safe = await redactStrings({ prompt, issue, pullRequest });
  return safe.prompt === prompt && safe.issue === issue && safe.pullRequest === pullRequest ? request : { ...request, ...safe };
}

function isFromModel(error: unknown): error is ModelCallError {
  return error instanceof ModelCallError;
}
