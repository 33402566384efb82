import type { BudgetMeter, Charge } from '../budget/budget-meter.js';
import type { CodeIndex } from '../code-index/code-index.js';
import type { RepoSource } from '../ports.js';
import { gitBlobSha } from '../repo/git-blob-sha.js';
import { findContentSkipReason, findPathSkipReason } from '../repo/skip-rules.js';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { estimateTokens } from '../tokens.js';
import type { EvidenceSet } from './evidence-set.js';
import { FOCUS_LINES, findFocusWindow } from './find-focus-window.js';
import type { MapModule, Operation } from './types.js';

/** Longest snippet taken from one place; longer symbols are cut here and the cut is said. */
export const MAX_SNIPPET_LINES = 80;
/**
 * An optional glance at the head of a file bigger than this is skipped: over
 * the GitHub API a blob is fetched whole, so a glance at a 300 KB bundle
 * costs 300 KB for its imports. Targeted reads (a matching chunk, a
 * definition, a call site) of a big file go ahead when the budget has room:
 * central files are big, and skipping them whole missed got's request engine
 * (source/core/index.ts, 78 KB) in every answer about it.
 */
const MAX_OPTIONAL_HEAD_BYTES = 64 * 1024;
/** Relevance of evidence by how it was found, when the operation gives none (higher is listed first). */
export const RELEVANCE: Record<Operation['kind'], number> = {
  definition: 3,
  search: 2,
  chunk: 2,
  references: 1.5,
  'stored-callees': 1.45,
  'matching-definitions': 3,
  head: 0.5,
  map: 0,
};
const encoder = new TextEncoder();

export interface RoundState {
  index: CodeIndex;
  source: RepoSource;
  meter: BudgetMeter;
  evidence: EvidenceSet;
  round: number;
  findings: string[];
  notes: string[];
  gaps: string[];
  /** Names whose definition was found. */
  defined: Set<string>;
  /** Generated files (bundles, build output) the question did not ask for: never searched or read into evidence. */
  isGenerated?: (path: string) => boolean;
  /** The plan's candidate files, best first: of several definitions of a name, the one in the stronger is read first. */
  candidates?: string[];
  /** Definitions picked for a question's words (matching-definitions), by the name they were recorded under. */
  pinned?: Map<string, { path: string; startLine: number }>;
  /** The first repository map read: its product files, most used first. */
  modules?: MapModule[];
  /** Files an optional read left out because the file or byte budget had no room (distinct paths, with their sizes). */
  leftOutByBudget?: Map<string, number>;
}

export type OperationOutcome = { ok: true; added: number } | { ok: false; refused: Extract<Charge, { ok: false }> };

/**
 * Reads lines of an indexed file into the evidence, after every check a read owes: the path's secret rules, the
 * file's place in the index, the budget (files, bytes, tokens), the content the index saw (blob sha), a private
 * key, redaction; the window where the question's words are when `focus` is given.
 */
export async function read(
  state: RoundState,
  path: string,
  startLine: number,
  endLine: number,
  source: Operation['kind'],
  reason: string,
  optional = false,
  relevance = RELEVANCE[source],
  focus?: string,
  focusLines?: number,
  flow?: boolean,
): Promise<OperationOutcome> {
  // The index's path rules, again before a byte is read: `.env`, keys and credentials files are never shown.
  if (findPathSkipReason(path) === 'secret') {
    state.gaps.push(`${path} was not read: its name says it holds secrets`);
    return { ok: true, added: 0 };
  }
  const file = state.index.getFile(path);
  if (!file) {
    state.evidence.dropped += 1;
    state.gaps.push(`${path} is not in the indexed tree`);
    return { ok: true, added: 0 };
  }
  let start = Math.max(1, startLine);
  if (file.lines > 0 && start > file.lines) {
    state.gaps.push(`${path} has ${file.lines} lines; nothing at line ${start}`);
    return { ok: true, added: 0 };
  }
  const last = Math.min(Math.max(start, endLine), file.lines || endLine);
  let end = last;
  let cut = false;
  if (end - start + 1 > MAX_SNIPPET_LINES) {
    end = start + MAX_SNIPPET_LINES - 1;
    cut = true;
  }
  if (state.evidence.covers(path, start, end)) return alreadyHeld(state, path, start, end, flow);
  // An optional read that would not fit is skipped and said; a required one is charged and may stop the run.
  if (optional && source === 'head' && !state.meter.hasTouched(path) && file.size > MAX_OPTIONAL_HEAD_BYTES) {
    state.gaps.push(`skipped the head of ${path} (${Math.ceil(file.size / 1024)} KB): too big for a glance`);
    return { ok: true, added: 0 };
  }
  if (optional && !state.meter.fits(path, file.size)) {
    (state.leftOutByBudget ??= new Map()).set(path, file.size);
    state.gaps.push(`skipped ${path} (${Math.ceil(file.size / 1024)} KB) to stay within the budget`);
    return { ok: true, added: 0 };
  }
  const touch = state.meter.touchFile(path, file.size);
  if (!touch.ok) return { ok: false, refused: touch };
  let text: string;
  try {
    text = await state.source.readFile(path);
  } catch (error) {
    state.gaps.push(`could not read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: true, added: 0 };
  }
  // Lines are cited against the content the index saw: a file edited since then is a gap, not a guess.
  const bytes = encoder.encode(text);
  if (gitBlobSha(bytes) !== file.blobSha) {
    state.gaps.push(`${path} changed since it was indexed; run \`nanodex index\` to cite it`);
    return { ok: true, added: 0 };
  }
  // The index's content check, again at read time: a file holding a private key is not shown.
  if (findContentSkipReason(bytes, text) === 'private-key') {
    state.gaps.push(`${path} was not shown: it holds a private key`);
    return { ok: true, added: 0 };
  }
  // Secrets in ordinary source are redacted here too, line breaks kept, so none reaches a model or a comment.
  const lines = (await redactSecrets(text)).split('\n');
  const slice = (a: number, b: number): string => lines.slice(a - 1, b).join('\n');
  // The whole range is searched for where the question's words are, not only its first MAX_SNIPPET_LINES.
  if (focus !== undefined) {
    const window = findFocusWindow(lines, { start, end: last }, focus, Math.min(focusLines ?? FOCUS_LINES, MAX_SNIPPET_LINES));
    if (window.start !== start || window.end !== last) {
      reason += ` (lines ${window.start}-${window.end}, where its words are)`;
      start = window.start;
      end = window.end;
      cut = false;
      if (state.evidence.covers(path, start, end)) return alreadyHeld(state, path, start, end, flow);
    }
  }
  if (cut) reason += ` (first ${MAX_SNIPPET_LINES} lines)`;
  const snippet = slice(start, end);
  const tokens = estimateTokens(snippet);
  if (optional && !state.meter.hasRoom('contextTokens', tokens)) {
    state.gaps.push(`skipped ${path}:${start}-${end} to stay within the token budget`);
    return { ok: true, added: 0 };
  }
  const charge = state.meter.charge('contextTokens', tokens);
  if (!charge.ok) return { ok: false, refused: charge };
  state.evidence.add(
    {
      path,
      startLine: start,
      endLine: end,
      snippet,
      reason,
      source,
      blobSha: file.blobSha,
      round: state.round,
      relevance,
      ...(flow ? { flow: true } : {}),
    },
    slice,
  );
  return { ok: true, added: 1 };
}

/**
 * A file's text as the index saw it, for reading what the code says (a stored value, a call's arguments), charged
 * as any read is; undefined when the budget has no room, the file is not indexed or changed since.
 */
export async function readIndexedText(state: RoundState, path: string): Promise<string | undefined> {
  const file = state.index.getFile(path);
  if (!file || findPathSkipReason(path) === 'secret' || !state.meter.fits(path, file.size)) return undefined;
  if (!state.meter.touchFile(path, file.size).ok) return undefined;
  try {
    const text = await state.source.readFile(path);
    return gitBlobSha(encoder.encode(text)) === file.blobSha ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Lines the evidence holds already: nothing is read, and a flow read marks what holds them as the flow it is. */
function alreadyHeld(state: RoundState, path: string, start: number, end: number, flow: boolean | undefined): OperationOutcome {
  if (flow) state.evidence.markFlow(path, start, end);
  return { ok: true, added: 0 };
}
