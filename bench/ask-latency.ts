import { SqliteCodeIndex } from '../src/core/code-index/code-index.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import { silentLogger, systemClock } from '../src/core/ports.js';
import { LocalRepoSource } from '../src/core/repo/local-repo-source.js';
import { run } from '../src/core/run.js';
import { splitIdentifier } from '../src/core/code-index/identifier-terms.js';
import { kindCodesSql } from '../src/core/code-index/stored-kinds.js';
import { quantile } from './measure.js';

export interface AskLatency {
  n: number;
  p50: number;
  p95: number;
  kinds: Record<string, number>;
  budgetExceeded: number;
  /** Bytes the runs fetched (whole files, as the GitHub source fetches blobs), summed and the largest single run. */
  bytes: { nanodex: number; naive: number; reduction: number; maxPerRun: number };
}

/** The naive baseline's file cap: the whole-content fetch of a keyword preselection (seed 004's old selector). */
const NAIVE_FILES = 25;

/**
 * Offline `ask` end to end on the warm index: the same run() every front
 * calls, with the heuristic planner and reads from the corpus on disk.
 * Questions come from the index's own names, one of each kind of question.
 */
export async function measureAsk(store: IndexStore, root: string, count = 30): Promise<AskLatency> {
  const names = store.db
    .prepare(
      `SELECT name FROM symbols WHERE kind IN ${kindCodesSql('symbol', ['function', 'class', 'method'])} AND length(name) > 6
     AND name GLOB '*[a-z][A-Z]*' ORDER BY id LIMIT ?`,
    )
    .pluck()
    .all(count * 50) as string[];
  const step = Math.max(1, Math.floor(names.length / count));
  const picked = names.filter((_, i) => i % step === 0).slice(0, count);
  const shapes = [
    (n: string) => `where is ${n} defined?`,
    (n: string) => `who calls ${n}?`,
    (n: string) => `how does ${n} work`,
    (n: string) => `add retries to ${n}`,
  ];
  const index = new SqliteCodeIndex(store);
  const source = new LocalRepoSource(root);
  const times: number[] = [];
  const kinds: Record<string, number> = {};
  let budgetExceeded = 0;
  const files = index.listFiles();
  const bytes = { nanodex: 0, naive: 0, reduction: 0, maxPerRun: 0 };
  for (const [i, name] of picked.entries()) {
    const prompt = shapes[i % shapes.length]!(name);
    const started = performance.now();
    const result = await run(
      { command: 'ask', prompt, repo: { kind: 'local', root } },
      { source, index, logger: silentLogger, clock: systemClock },
    );
    times.push(performance.now() - started);
    if (result.kind === 'budget-exceeded') budgetExceeded += 1;
    const fetched = result.kind === 'done' || result.kind === 'budget-exceeded' ? result.metrics.bytesFetched : 0;
    bytes.nanodex += fetched;
    bytes.maxPerRun = Math.max(bytes.maxPerRun, fetched);
    bytes.naive += naiveBytes(prompt, files);
    if (result.kind === 'done' && result.command === 'ask') kinds[result.context.intent] = (kinds[result.context.intent] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  bytes.reduction = bytes.naive === 0 ? 0 : 1 - bytes.nanodex / bytes.naive;
  return { n: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), kinds, budgetExceeded, bytes };
}

/**
 * The naive way to give a model repository context: preselect 25 files by
 * keyword (paths containing a word of the question, then the shallowest
 * source files) and download them whole.
 */
function naiveBytes(prompt: string, files: { path: string; size: number; language: string }[]): number {
  const words = splitIdentifier(prompt.replace(/[^A-Za-z0-9_ ]/g, ' ')).filter((w) => w.length > 3);
  const scored = files
    .map((f) => ({ f, score: words.filter((w) => f.path.toLowerCase().includes(w)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.f.path.localeCompare(b.f.path));
  // The selector fills its quota: path matches first, then the shallowest source files (entry points, manifests).
  const matched = new Set(scored.map((x) => x.f.path));
  const fill = files
    .filter((f) => !matched.has(f.path) && f.language !== 'text')
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path));
  return [...scored.map((x) => x.f), ...fill].slice(0, NAIVE_FILES).reduce((sum, f) => sum + f.size, 0);
}
