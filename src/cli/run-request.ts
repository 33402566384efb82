import { loadRunAccess, systemClock } from '../core/lookups.js';
import type { RepoRef, Request, RunResult } from '../core/index.js';
import { EXIT, type CliIo, type CommonOptions } from './cli-context.js';
import { createCliLogger } from './cli-logger.js';
import { readModelConfig, type ModelOptions } from './model-options.js';
import { isRepoUrl } from './is-repo-url.js';
import { openIndex } from './open-index.js';

export interface RunOptions extends CommonOptions, ModelOptions {
  verbose: boolean;
  refresh: boolean;
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
  const { gitChangeHistory, loadChatModel, renderReply, run, SqliteCodeIndex } = await loadRunAccess();
  const modelConfig = await readModelConfig(options, io.env);
  const model = modelConfig ? await loadChatModel(modelConfig) : undefined;
  const indexStarted = performance.now();
  const opened = isRepoUrl(options.repo) ? await openGitHub(options, io) : await openLocal(options, io);
  const indexMs = Math.round(performance.now() - indexStarted);
  const { store, source } = opened;
  try {
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
    if (result.kind === 'failed') return EXIT.failed;
    if (result.kind === 'budget-exceeded') return EXIT.budget;
    return EXIT.ok;
  } finally {
    store.close();
  }
}

async function openLocal(options: CommonOptions & { refresh?: boolean }, io: CliIo) {
  const { store, source } = await openIndex(options, io);
  return { store, source, repo: { kind: 'local' as const, root: source.root } };
}

/** Octokit and the tarball reader load only for a GitHub URL. */
async function openGitHub(options: RunOptions, io: CliIo) {
  const { openGitHubIndex } = await import('./open-github-index.js');
  return openGitHubIndex(options.repo, options, io);
}
