/**
 * The core's light surface: the part of `index.ts` that loads no heavy
 * package (no zod, yaml, LangChain, parsers or Mermaid), for the paths that
 * must start in milliseconds: `nanodex --version`, `--help`, `find`, `refs`,
 * `search`, `map`, `stats`. `index.ts` re-exports all of it; a front imports
 * this file on those paths and `index.ts` (lazily) for the rest.
 * `test/cli/lazy-loading.test.ts` proves what it loads.
 */
export { describeError, NanodexError } from './errors.js';
export { findNodeProblem } from './runtime/find-node-problem.js';
export { silentLogger, systemClock } from './ports.js';
export type { Clock, Logger, RepoSource } from './ports.js';
export { COMMAND_TABLE, getCommandSpec } from './commands/command-table.js';
export { redactSecrets } from './secrets/redact-secrets.js';
export { toIndexFile } from './code-index/index-location.js';
export { describeIndexState, readIndexState } from './code-index/index-state.js';
export type { IndexState } from './code-index/index-state.js';
export type { IndexStore } from './code-index/index-store.js';
export type { LockWaitOptions } from './code-index/index-write-lock.js';
export { readIndexStats } from './code-index/index-stats.js';
export { GraphQueries } from './code-index/graph-queries.js';
export { findCallSites, renderCallSites } from './code-index/find-call-sites.js';
export { searchChunks } from './code-index/search-chunks.js';
export { DEFAULT_MAP_TOKENS } from './code-index/default-map-tokens.js';
export type { LocalRepoSource } from './repo/local-repo-source.js';
export { parseRepoPath } from './repo/repo-path.js';
export { DIAGRAM_TYPES, findUnknownDiagramType } from './explore/read-prompt.js';

/** The repo map (PageRank over the file graph, import resolution): loaded by `map`, not by every lookup. */
export function loadRepoMap(): Promise<typeof import('./code-index/repo-map.js')> {
  return import('./code-index/repo-map.js');
}

/** One request through the core (run, the renderer, the code index): an output command loads this, not the App's flows. */
export function loadRunAccess(): Promise<typeof import('./run-access.js')> {
  return import('./run-access.js');
}

/** SQLite (a native addon) and the repository walker load with the first index opened: `--version` and `--help` load no package. */
export function loadIndexAccess(): Promise<typeof import('./index-access.js')> {
  return import('./index-access.js');
}

/** The indexer without the rest of the core (`nanodex index`, a refresh): parsers load only when a file is to be parsed. */
export function loadIndexing(): Promise<typeof import('./indexing.js')> {
  return import('./indexing.js');
}
