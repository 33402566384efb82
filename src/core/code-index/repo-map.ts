import { estimateTokens } from '../tokens.js';
import { DEFAULT_MAP_TOKENS } from './default-map-tokens.js';
import type { IndexStore } from './index-store.js';
import { computeFileRanks, readFileRanks, type RankedFiles } from './file-ranks.js';
import { orderMapCandidates } from './order-map-candidates.js';
import { isTestFile } from '../repo/is-test-file.js';
import { MAX_DEFINING_FILES } from './update-edges.js';
import { kindCodesSql, kindNameSql, toKindCode } from './stored-kinds.js';
import { sameSymbolName } from './symbol-name-sql.js';

export interface RepoMapOptions {
  /** Token budget for the rendered map. */
  tokens?: number;
  /** Paths or folders the map should centre on. */
  focusPaths?: string[];
  /** Identifiers (or words) the prompt mentions. */
  mentions?: string[];
}

export interface RepoMap {
  text: string;
  tokens: number;
  /** Files shown, in rank order. */
  files: { path: string; rank: number }[];
  totalFiles: number;
}

/** Personalisation boosts, as in Aider: what the prompt names dominates the teleport vector. */
const FOCUS_BOOST = 100;
const DEFINES_MENTION_BOOST = 50;
const PATH_MENTION_BOOST = 20;
/** Files considered for rendering; the budget normally stops far earlier. */
const CANDIDATE_FILES = 400;
const MAX_SYMBOLS_PER_FILE = 16;
/** The same demotion the localiser applies to tests (measured there: bench/eval). */
const TEST_FACTOR = 0.3;
const OUTLINE_PAGE = 60;
const MAX_SIGNATURE_CHARS = 120;

/**
 * An Aider-style map of the repository: files ranked by PageRank over the
 * reference graph, personalised towards what the prompt mentions, rendered
 * as an outline (file, then its classes and signatures) that fits a budget.
 */
export function buildRepoMap(store: IndexStore, options: RepoMapOptions = {}): RepoMap {
  const budget = options.tokens ?? DEFAULT_MAP_TOKENS;
  const { files, rank } = rankFiles(store, options);
  // Tests and fixtures rank high by use (they import everything) but say little about the design.
  const order = orderMapCandidates(files, rank, {
    limit: CANDIDATE_FILES,
    factorOf: (i) => (isTestFile(files[i]!.path) ? TEST_FACTOR : 1),
  });

  const chosen: { path: string; rank: number; block: string }[] = [];
  let used = 0;
  let full = false;
  // Outlines are loaded a page of files at a time: a normal budget is spent within the first page or two.
  for (let start = 0; start < Math.min(order.length, CANDIDATE_FILES) && !full; start += OUTLINE_PAGE) {
    const page = order.slice(start, Math.min(start + OUTLINE_PAGE, CANDIDATE_FILES));
    const outlines = loadOutlines(
      store,
      page.map((i) => files[i]!.id),
    );
    for (const i of page) {
      const file = files[i]!;
      const block = renderFile(file.path, outlines.get(file.id) ?? []);
      const cost = estimateTokens(block);
      if (used + cost <= budget) {
        chosen.push({ path: file.path, rank: rank[i]!, block });
        used += cost;
        continue;
      }
      const bare = `${file.path}\n`;
      if (used + estimateTokens(bare) > budget) {
        full = true;
        break;
      }
      chosen.push({ path: file.path, rank: rank[i]!, block: bare });
      used += estimateTokens(bare);
    }
  }
  const text = [...chosen]
    .sort((a, b) => (a.path < b.path ? -1 : 1))
    .map((c) => c.block)
    .join('');
  return {
    text,
    tokens: estimateTokens(text),
    files: chosen.map(({ path, rank: r }) => ({ path, rank: r })),
    totalFiles: files.length,
  };
}

/**
 * Every file's rank: without a focus or mentions, the ranks the link step
 * stored (file-ranks.ts; computed now if they are missing or stale), else
 * PageRank personalised towards them, over the graph as it is now.
 */
function rankFiles(store: IndexStore, options: RepoMapOptions): RankedFiles {
  const focus = (options.focusPaths ?? []).map((p) => p.replace(/^\.\//, '').replace(/\/$/, '')).filter(Boolean);
  const mentions = (options.mentions ?? []).filter((m) => m.length >= 3);
  if (focus.length === 0 && mentions.length === 0) return readFileRanks(store) ?? computeFileRanks(store);
  return computeFileRanks(store, (files) => buildPersonalization(store, files, { focus, mentions }));
}

function buildPersonalization(
  store: IndexStore,
  files: { id: number; path: string }[],
  { focus, mentions }: { focus: string[]; mentions: string[] },
): Float64Array {
  const p = new Float64Array(files.length).fill(1);
  const lowerMentions = mentions.map((m) => m.toLowerCase());
  files.forEach((f, i) => {
    if (focus.some((dir) => f.path === dir || f.path.startsWith(`${dir}/`))) p[i]! += FOCUS_BOOST;
    const lowerPath = f.path.toLowerCase();
    if (lowerMentions.some((m) => lowerPath.includes(m))) p[i]! += PATH_MENTION_BOOST;
  });
  if (mentions.length > 0) {
    const definers = store
      .statement(`SELECT DISTINCT s.file_id FROM json_each(?) m JOIN symbols s ON ${sameSymbolName('s.name', 'm.value')}`)
      .pluck()
      .all(JSON.stringify(mentions)) as number[];
    const position = new Map(files.map((f, i) => [f.id, i]));
    for (const id of definers) {
      const i = position.get(id);
      if (i !== undefined) p[i]! += DEFINES_MENTION_BOOST;
    }
  }
  return p;
}

interface OutlineRow {
  fileId: number;
  name: string;
  kind: string;
  signature: string;
  scope: string;
  nested: number;
  /**
   * 1 when another file uses the name and the name is specific enough to
   * mean this symbol (defined in few files). Each check is an index probe
   * that stops at the first hit, so the map stays fast on big repositories.
   */
  used: number;
}

/** Top-level symbols and members of class-like ones, for many files in one statement. */
function loadOutlines(store: IndexStore, fileIds: number[]): Map<number, OutlineRow[]> {
  const rows = store
    .statement(
      `SELECT s.file_id AS fileId, s.name, ${kindNameSql('symbol', 's.kind')} AS kind, s.signature, s.scope, s.parent_id IS NOT NULL AS nested,
       (SELECT count(*) FROM (SELECT 1 FROM symbols u WHERE ${sameSymbolName('u.name', 's.name')} LIMIT ${MAX_DEFINING_FILES + 1})) <= ${MAX_DEFINING_FILES}
         AND EXISTS (SELECT 1 FROM refs r WHERE r.name = s.name AND r.file_id <> s.file_id AND r.kind <> ${toKindCode('reference', 'import')}) AS used
     FROM symbols s JOIN files sf ON sf.id = s.file_id LEFT JOIN symbols p ON p.id = s.parent_id
     WHERE s.file_id IN (SELECT value FROM json_each(?))
       AND s.kind <> ${toKindCode('symbol', 'field')}
       AND (s.parent_id IS NULL OR (p.parent_id IS NULL AND p.kind IN ${kindCodesSql('symbol', ['class', 'interface', 'struct', 'trait', 'enum', 'module'])}))
     ORDER BY s.file_id, s.start_line`,
    )
    .all(JSON.stringify(fileIds)) as OutlineRow[];
  const byFile = new Map<number, OutlineRow[]>();
  for (const row of rows) {
    const list = byFile.get(row.fileId) ?? [];
    list.push(row);
    byFile.set(row.fileId, list);
  }
  return byFile;
}

function renderFile(path: string, outline: OutlineRow[]): string {
  if (outline.length === 0) return `${path}\n`;
  const shown = pickSymbols(outline);
  const lines = shown.map((o) => {
    const text = clip(o.signature || `${o.kind} ${o.name}`);
    if (o.nested) return `│   ${text}`;
    // A member whose container is not a symbol (a Rust impl block) names its scope.
    return o.scope ? `│ (${o.scope}) ${text}` : `│ ${text}`;
  });
  if (shown.length < outline.length) lines.push(`│ … ${outline.length - shown.length} more`);
  return `${path}:\n${lines.join('\n')}\n`;
}

/**
 * What a reader of the map needs from a file: the symbols other files use
 * (and the classes holding them). A file nothing refers to by name (an entry
 * point) shows its top-level symbols instead.
 */
function pickSymbols(outline: OutlineRow[]): OutlineRow[] {
  const used = outline.filter((o) => o.used);
  let keep: OutlineRow[];
  if (used.length === 0) {
    keep = outline.filter((o) => !o.nested && o.kind !== 'constant');
    if (keep.length === 0) keep = outline.filter((o) => !o.nested);
  } else {
    const scopes = new Set(used.filter((o) => o.nested).map((o) => o.scope.split('.').pop()));
    keep = outline.filter((o) => o.used || (!o.nested && scopes.has(o.name)));
  }
  return keep.slice(0, MAX_SYMBOLS_PER_FILE);
}

function clip(text: string): string {
  return text.length > MAX_SIGNATURE_CHARS ? `${text.slice(0, MAX_SIGNATURE_CHARS - 1)}…` : text;
}
