/**
 * Child process for the queries that can run for minutes inside one SQLite
 * call (call-graph walks, the repo map): nothing in the same process can
 * interrupt such a call, so they run here, where the parent can kill them.
 */
import { GraphQueries } from '../src/core/code-index/graph-queries.js';
import { IndexStore } from '../src/core/code-index/index-store.js';
import { buildRepoMap } from '../src/core/code-index/repo-map.js';

export type ChildTask =
  | { kind: 'callers'; ids: number[]; depth: number }
  /** `runs` builds of the same map; the first one warms caches. */
  | { kind: 'repoMap'; runs: number; tokens: number; mentions: string[] | undefined };

export interface ChildReply {
  index: number;
  ms: number;
  rows: number;
  tokens: number | undefined;
}

const file = process.argv[2];
if (!file || !process.send) throw new Error('usage: forked with the index file as argument');
const store = IndexStore.open(file);
const graph = new GraphQueries(store);

function reply(message: ChildReply): void {
  process.send!(message);
}

process.on('message', (task: ChildTask) => {
  if (task.kind === 'callers') {
    // Prepares the statement on a symbol that does not exist: a real one could be a walk that never ends.
    graph.callers(-1, task.depth);
    task.ids.forEach((id, index) => {
      const t = performance.now();
      const rows = graph.callers(id, task.depth).length;
      reply({ index, ms: performance.now() - t, rows, tokens: undefined });
    });
  } else {
    for (let index = 0; index < task.runs; index += 1) {
      const t = performance.now();
      const map = buildRepoMap(store, { tokens: task.tokens, mentions: task.mentions });
      reply({ index, ms: performance.now() - t, rows: map.files.length, tokens: map.tokens });
    }
  }
  // The parent disconnects once it has every reply; then this process exits on its own.
  store.close();
});
