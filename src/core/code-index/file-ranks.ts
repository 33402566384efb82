import type { IndexStore } from './index-store.js';
import { BUILD_STATE_KEY } from './index-meta-keys.js';
import { loadFileGraph } from './file-graph.js';
import { pageRank } from './page-rank.js';
import type { KindName } from './stored-kinds.js';

/** How much an edge of each kind says about importance; inheritance binds tighter than a type mention. */
export const KIND_WEIGHT: Record<KindName<'edge'>, number> = { import: 1, contains: 1, call: 1, inherit: 2, type: 0.5 };

/**
 * `fresh` while the file_ranks table holds the PageRank of the graph as it is: cleared in the same
 * transaction as any change to the graph, set again when the ranks are written.
 */
export const FILE_RANKS_KEY = 'file_ranks';
const FRESH = 'fresh';

export interface RankedFiles {
  /** Every file, in id order. */
  files: { id: number; path: string }[];
  /** PageRank of files[i] over the whole graph, without personalisation. */
  rank: Float64Array;
}

/**
 * Each file's PageRank over the whole graph (the repo map's edge weights),
 * personalised when `personalize` gives the teleport weight of every file.
 */
export function computeFileRanks(store: IndexStore, personalize?: (files: { id: number; path: string }[]) => Float64Array): RankedFiles {
  const graph = loadFileGraph(store, { kindWeight: KIND_WEIGHT });
  return { files: graph.files, rank: pageRank(graph.files.length, graph, { personalization: personalize?.(graph.files) }) };
}

/** Says, inside the caller's write transaction, that the stored ranks no longer match the graph. */
export function markFileRanksStale(store: IndexStore): void {
  store.setMeta(FILE_RANKS_KEY, '');
}

/**
 * Computes and stores every file's rank, once per change of the graph (the end
 * of a build or refresh that changed it), so that an unfocused map or diagram
 * reads them instead of loading every edge and running PageRank (55K files,
 * 187K edges: about 0.2 s of CPU in a fresh process).
 */
export function writeFileRanks(store: IndexStore): void {
  const { files, rank } = computeFileRanks(store);
  store.transaction(() => {
    store.db.exec('DELETE FROM file_ranks');
    // Bound as doubles, row by row: a rank read back is the very number PageRank gave (text would round).
    const insert = store.statement('INSERT INTO file_ranks (file_id, rank) VALUES (?, ?)');
    for (let i = 0; i < files.length; i += 1) insert.run(files[i]!.id, rank[i]!);
    store.setMeta(FILE_RANKS_KEY, FRESH);
  });
}

/**
 * Every edge into or out of these files, as one string: read before and
 * after a refresh that added and removed no file, equal strings mean the
 * graph, and so its PageRank, is what it was.
 */
export function readEdgesAround(store: IndexStore, fileIds: readonly number[]): string {
  return store
    .statement(
      `SELECT json_group_array(json_array(src_file_id, kind, dst_file_id, weight)) FROM (
         SELECT * FROM edges WHERE src_file_id IN (SELECT value FROM json_each(?))
         UNION SELECT * FROM edges WHERE dst_file_id IN (SELECT value FROM json_each(?))
         ORDER BY 1, 2, 3)`,
    )
    .pluck()
    .get(JSON.stringify(fileIds), JSON.stringify(fileIds)) as string;
}

/** Says, inside the caller's transaction, that the stored ranks are those of the graph as it is again (readEdgesAround). */
export function markFileRanksFresh(store: IndexStore): void {
  store.setMeta(FILE_RANKS_KEY, FRESH);
}

/** Whether the stored ranks are missing or stale, and writeFileRanks has work to do. */
export function needsFileRanks(store: IndexStore): boolean {
  return store.getMeta(FILE_RANKS_KEY) !== FRESH;
}

/**
 * The stored ranks, or undefined when they cannot be trusted: a build that
 * is not complete, ranks marked stale, or a file without one.
 */
export function readFileRanks(store: IndexStore): RankedFiles | undefined {
  if (store.getMeta(BUILD_STATE_KEY) !== 'complete' || needsFileRanks(store)) return undefined;
  const rows = store
    .statement('SELECT f.id, f.path, r.rank FROM files f LEFT JOIN file_ranks r ON r.file_id = f.id ORDER BY f.id')
    .raw()
    .all() as [number, string, number | null][];
  const files: { id: number; path: string }[] = new Array(rows.length);
  const rank = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i += 1) {
    const [id, path, r] = rows[i]!;
    if (r === null) return undefined;
    files[i] = { id, path };
    rank[i] = r;
  }
  return { files, rank };
}
