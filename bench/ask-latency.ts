import { SqliteCodeIndex } from '../src/core/code-index/code-index.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import { silentLogger, systemClock } from '../src/core/ports.js';
import { LocalRepoSource } from '../src/core/repo/local-repo-source.js';
import { run } from '../src/core/run.js';
import { quantile } from './measure.js';

export interface AskLatency {
  n: number;
  p50: number;
  p95: number;
  kinds: Record<string, number>;
  budgetExceeded: number;
}

/**
 * Offline `ask` end to end on the warm index: the same run() every front
 * calls, with the heuristic planner and reads from the corpus on disk.
 * Questions come from the index's own names, one of each kind of question.
 */
export async function measureAsk(store: IndexStore, root: string, count = 30): Promise<AskLatency> {
  const names = store.db.prepare(
    `SELECT name FROM symbols WHERE kind IN ('function', 'class', 'method') AND length(name) > 6
     AND name GLOB '*[a-z][A-Z]*' ORDER BY id LIMIT ?`,
  ).pluck().all(count * 50) as string[];
  const step = Math.max(1, Math.floor(names.length / count));
  const picked = names.filter((_, i) => i % step === 0).slice(0, count);
  const shapes = [(n: string) => `where is ${n} defined?`, (n: string) => `who calls ${n}?`, (n: string) => `how does ${n} work`, (n: string) => `add retries to ${n}`];
  const index = new SqliteCodeIndex(store);
  const source = new LocalRepoSource(root);
  const times: number[] = [];
  const kinds: Record<string, number> = {};
  let budgetExceeded = 0;
  for (const [i, name] of picked.entries()) {
    const prompt = shapes[i % shapes.length]!(name);
    const started = performance.now();
    const result = await run({ command: 'ask', prompt, repo: { kind: 'local', root } }, { source, index, logger: silentLogger, clock: systemClock });
    times.push(performance.now() - started);
    if (result.kind === 'budget-exceeded') budgetExceeded += 1;
    if (result.kind === 'done' && result.command === 'ask') kinds[result.context.intent] = (kinds[result.context.intent] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), kinds, budgetExceeded };
}
