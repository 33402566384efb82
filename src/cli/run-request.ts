import { loadRunAccess, systemClock } from '../core/lookups.js';
import type { RepoRef, Request, RunResult } from '../core/index.js';
import { EXIT, type CliIo, type CommonOptions } from './cli-context.js';
import { createCliLogger } from './cli-logger.js';
import { readModelConfig, type ModelOptions } from './model-options.js';
import { isRepoUrl } from './is-repo-url.js';
import { openIndex } from './open-index.js';
import { startBackgroundIndex } from './start-background-index.js';

export interface RunOptions extends CommonOptions, ModelOptions {
  verbose: boolean;
  refresh: boolean;
  /** A question (ask, locate, explain, plan, debug): with no index yet, it is answered from the files it needs first. */
  question?: string;
  maxFileBytes?: number;
  workers?: number;
}

/**
 * Opens the index (a local folder, or a GitHub URL indexed from its
 * tarball), runs one request through the core, prints it (Markdown or
 * `--json`) and returns the exit code.
 */
export async function runRequest(
  build: (repo: RepoRef, root: string | undefined) => Promise<Request> | Request,
  options: RunOptions,
  io: CliIo,
  toJson: (result: RunResult) => unknown = (result) => result,
  /** The checkout whose git history the review reads, when --repo is a snapshot of one of its commits. */
  historyRoot?: string,
): Promise<number> {
  const modelConfig = await readModelConfig(options, io.env);
  const indexStarted = performance.now();
  const opening = isRepoUrl(options.repo) ? openGitHub(options, io) : openLocal(options, io);
  // The run's modules (and a model's SDK) load while the index opens, after the index's own modules are
  // asked for: a cold index waits on git, the text scan and the parser threads, and this thread would
  // otherwise load them only after it.
  const access = loadRunAccess();
  const loadingModel = modelConfig ? access.then((a) => a.loadChatModel(modelConfig)) : Promise.resolve(undefined);
  // Awaited below; an index that fails to open first must not leave these rejected unhandled.
  access.catch(() => undefined);
  loadingModel.catch(() => undefined);
  const opened = await opening;
  const indexMs = Math.round(performance.now() - indexStarted);
  const { store, source } = opened;
  try {
    const { gitChangeHistory, renderReply, run, SqliteCodeIndex } = await access;
    const model = await loadingModel;
    const request = await build(opened.repo, opened.repo.kind === 'local' ? opened.repo.root : undefined);
    const result = await run(request, {
      source,
      index: new SqliteCodeIndex(store),
      logger: createCliLogger(io, options.verbose),
      clock: systemClock,
      model,
      modelConfig,
      indexMs,
      ...(opened.repo.kind === 'local' ? { history: gitChangeHistory(historyRoot ?? opened.repo.root) } : {}),
    });
    io.stdout.write(
      options.json ? `${JSON.stringify(toJson(result), null, 2)}\n` : `${await renderReply(result, { detail: 'terminal' })}\n`,
    );
    if ('firstAnswer' in opened && opened.firstAnswer !== undefined) finishInBackground(opened.firstAnswer, opened.repo.root, options, io);
    if (result.kind === 'failed') return EXIT.failed;
    if (result.kind === 'budget-exceeded') return EXIT.budget;
    return EXIT.ok;
  } finally {
    store.close();
  }
}

async function openLocal(options: RunOptions, io: CliIo) {
  const { store, source, firstAnswer } = await openIndex(options, io);
  return { store, source, firstAnswer, repo: { kind: 'local' as const, root: source.root } };
}

/** After the answer is printed: the rest of the index is built by a detached `nanodex index`. */
function finishInBackground(first: { file: string }, root: string, options: RunOptions, io: CliIo): void {
  // NANODEX_BACKGROUND_INDEX=0: no process outlives the command (benchmarks, scripts); the next update finishes the index.
  if (io.env.NANODEX_BACKGROUND_INDEX === '0') {
    io.stderr.write(`nanodex: NANODEX_BACKGROUND_INDEX=0: the index stays partial until \`nanodex index --repo ${options.repo}\`\n`);
    return;
  }
  const log = startBackgroundIndex({ root, file: first.file, maxFileBytes: options.maxFileBytes, workers: options.workers }, io);
  if (log === undefined) {
    io.stderr.write(`nanodex: could not start the background index build; the next \`nanodex index --repo ${options.repo}\` finishes it\n`);
  }
}

/** Octokit and the tarball reader load only for a GitHub URL. */
async function openGitHub(options: RunOptions, io: CliIo) {
  const { openGitHubIndex } = await import('./open-github-index.js');
  return openGitHubIndex(options.repo, options, io);
}
