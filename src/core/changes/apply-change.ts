import { applyPatch, parsePatch } from 'diff';
import { contentSha256 } from './content-sha256.js';
import { findFuzzyMatch } from './find-fuzzy-match.js';
import { DEFAULT_FUZZY_THRESHOLD, type ProposedChange, type RiskLevel } from './proposed-change-schema.js';

/** Reads a file of the repository as it is now; `undefined` when the file does not exist. */
export type ReadFile = (path: string) => Promise<string | undefined>;

/**
 * What a change would do, computed in memory. `risk` is the effective risk:
 * the change's own, plus one when a fuzzy match was needed. `before` is
 * absent for a new file, `after` for a deleted one.
 */
export type ChangeResult =
  | { change: ProposedChange; ok: true; risk: RiskLevel; before?: string; after?: string; matchConfidence?: number; note?: string }
  | { change: ProposedChange; ok: false; risk: RiskLevel; reason: string };

type PatchChange = Extract<ProposedChange, { kind: 'patch' }>;
type Outcome =
  | { ok: true; before?: string; after?: string; writes: [string, string | null][]; matchConfidence?: number; note?: string }
  | { ok: false; reason: string };
type TextOutcome = { ok: true; text: string; confidence?: number; notes: string[] } | { ok: false; reason: string };

/**
 * Works out every change of a set against the repository, in order, without
 * writing anything: changes to the same path see the results of the ones
 * before them. A change that fails (conflict, missing file, a patch that
 * does not apply) leaves the in-memory files as they were; the next ones
 * still run. Base hashes may name the file as the repository holds it or as
 * the earlier changes of the set left it.
 */
export async function applyChanges(changes: readonly ProposedChange[], readFile: ReadFile): Promise<ChangeResult[]> {
  const original = new Map<string, string | undefined>();
  const overlay = new Map<string, string | null>();
  const readOriginal = async (path: string): Promise<string | undefined> => {
    if (!original.has(path)) original.set(path, await readFile(path));
    return original.get(path);
  };
  const files: Files = {
    read: async (path) => (overlay.has(path) ? (overlay.get(path) ?? undefined) : readOriginal(path)),
    matchesBase: async (path, sha, current) => {
      const wanted = sha.toLowerCase();
      const repo = await readOriginal(path);
      return contentSha256(current) === wanted || (repo !== undefined && contentSha256(repo) === wanted);
    },
  };
  const results: ChangeResult[] = [];
  for (const change of changes) {
    let outcome: Outcome;
    try {
      outcome = await applyOne(change, files);
    } catch (error) {
      outcome = { ok: false, reason: `could not read the repository: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (!outcome.ok) {
      results.push({ change, ok: false, risk: change.risk, reason: outcome.reason });
      continue;
    }
    for (const [path, text] of outcome.writes) overlay.set(path, text);
    const fuzzy = outcome.matchConfidence !== undefined;
    const risk = fuzzy ? raise(change.risk) : change.risk;
    const note =
      fuzzy && risk !== change.risk
        ? [outcome.note, `risk raised from ${change.risk} to ${risk}`].filter(Boolean).join('; ')
        : outcome.note;
    results.push({
      change,
      ok: true,
      risk,
      ...(outcome.before !== undefined && { before: outcome.before }),
      ...(outcome.after !== undefined && { after: outcome.after }),
      ...(outcome.matchConfidence !== undefined && { matchConfidence: outcome.matchConfidence }),
      ...(note !== undefined && { note }),
    });
  }
  return results;
}

interface Files {
  read(path: string): Promise<string | undefined>;
  matchesBase(path: string, sha: string, current: string): Promise<boolean>;
}

async function applyOne(change: ProposedChange, files: Files): Promise<Outcome> {
  switch (change.kind) {
    case 'file_create': {
      const existing = await files.read(change.path);
      if (existing !== undefined && change.overwrite !== true) {
        return { ok: false, reason: `${change.path} already exists; fix: set overwrite: true to replace it, or send a patch` };
      }
      return {
        ok: true,
        ...(existing !== undefined && { before: existing }),
        after: change.content,
        writes: [[change.path, change.content]],
      };
    }
    case 'file_rename': {
      const source = await files.read(change.oldPath);
      if (source === undefined) return { ok: false, reason: `${change.oldPath} does not exist, so it cannot be renamed` };
      if ((await files.read(change.newPath)) !== undefined && change.overwrite !== true) {
        return { ok: false, reason: `${change.newPath} already exists; fix: set overwrite: true to replace it, or pick another newPath` };
      }
      return {
        ok: true,
        before: source,
        after: source,
        writes: [
          [change.oldPath, null],
          [change.newPath, source],
        ],
      };
    }
    case 'file_delete': {
      const current = await files.read(change.path);
      if (current === undefined) return { ok: false, reason: `${change.path} does not exist, so it cannot be deleted` };
      if (change.expectedSha256 !== undefined && !(await files.matchesBase(change.path, change.expectedSha256, current))) {
        return { ok: false, reason: conflict(change.path, change.expectedSha256, current) };
      }
      return { ok: true, before: current, writes: [[change.path, null]] };
    }
    case 'patch': {
      const current = await files.read(change.path);
      if (current === undefined) return { ok: false, reason: `${change.path} does not exist; fix: use file_create for a new file` };
      if (change.baseSha256 !== undefined && !(await files.matchesBase(change.path, change.baseSha256, current))) {
        return { ok: false, reason: conflict(change.path, change.baseSha256, current) };
      }
      const patched = patchText(change, current);
      if (!patched.ok) return patched;
      const notes = [...patched.notes, ...(patched.text === current ? ['the change leaves the file as it was'] : [])];
      return {
        ok: true,
        before: current,
        after: patched.text,
        writes: [[change.path, patched.text]],
        ...(patched.confidence !== undefined && { matchConfidence: patched.confidence }),
        ...(notes.length > 0 && { note: notes.join('; ') }),
      };
    }
  }
}

function patchText(change: PatchChange, current: string): TextOutcome {
  const threshold = change.fuzzyThreshold ?? DEFAULT_FUZZY_THRESHOLD;
  switch (change.format) {
    case 'whole_file':
      return { ok: true, text: change.content ?? '', notes: [] };
    case 'search_replace':
      return applyBlocks(current, change.blocks ?? [], { fuzzy: change.fallback === 'fuzzy', threshold, path: change.path });
    case 'unified': {
      const diff = change.diff ?? '';
      const applied = safeApplyPatch(current, diff);
      if (applied !== false) return { ok: true, text: applied, notes: [] };
      const fix = 'regenerate the diff against the current file, or use format search_replace';
      if (change.fallback !== 'fuzzy') {
        return {
          ok: false,
          reason: `the diff does not apply to ${change.path}: its context or removed lines differ from the file; fix: ${fix}`,
        };
      }
      // Fuzzy fallback: each hunk becomes a search/replace block (old side -> new side) matched by similarity.
      const fuzzy = applyBlocks(current, hunksAsBlocks(diff), { fuzzy: true, threshold, path: change.path });
      return fuzzy.ok
        ? fuzzy
        : { ok: false, reason: `the diff does not apply to ${change.path}, not even fuzzily (${fuzzy.reason}); fix: ${fix}` };
    }
  }
}

interface Block {
  search: string;
  replace: string;
  matchMode?: 'exact' | 'fuzzy';
  occurrence?: number;
  /** The hunk lines (' ', '-', '+') a block came from: context is then kept as the file has it. */
  hunk?: string[];
}

function applyBlocks(text: string, blocks: readonly Block[], options: { fuzzy: boolean; threshold: number; path: string }): TextOutcome {
  let confidence: number | undefined;
  const notes: string[] = [];
  for (const [i, block] of blocks.entries()) {
    const occurrence = block.occurrence ?? 1;
    const at = nthIndexOf(text, block.search, occurrence);
    if (at >= 0) {
      text = text.slice(0, at) + block.replace + text.slice(at + block.search.length);
      continue;
    }
    const count = countOf(text, block.search);
    if (count > 0)
      return {
        ok: false,
        reason: `blocks[${i}]: occurrence ${occurrence} asked for, but the search text occurs ${count} time${count === 1 ? '' : 's'} in ${options.path}`,
      };
    if (!options.fuzzy && block.matchMode !== 'fuzzy') {
      return {
        ok: false,
        reason: `blocks[${i}]: the search text does not occur in ${options.path}; fix: copy it exactly from the current file, or set fallback "fuzzy"`,
      };
    }
    const match = findFuzzyMatch(text, block.search, options.threshold);
    if (!match.found)
      return {
        ok: false,
        reason: `blocks[${i}]: the search text does not occur in ${options.path} and no fuzzy match was accepted: ${match.reason}`,
      };
    const replacement = block.hunk ? mergeHunk(text.slice(match.start, match.end), block.hunk) : block.replace;
    text = text.slice(0, match.start) + replacement + text.slice(match.end);
    confidence = Math.min(confidence ?? 1, match.confidence);
    const where = match.startLine === match.endLine ? `line ${match.startLine}` : `lines ${match.startLine}-${match.endLine}`;
    notes.push(`blocks[${i}] matched ${where} fuzzily (${Math.round(match.confidence * 100)}% similar)`);
  }
  return { ok: true, text, ...(confidence !== undefined && { confidence }), notes };
}

function hunksAsBlocks(diff: string): Block[] {
  const hunks = parsePatch(diff).flatMap((file) => file.hunks);
  return hunks.map((hunk) => {
    const side = (keep: string): string =>
      hunk.lines
        .filter((l) => l[0] === ' ' || l[0] === keep)
        .map((l) => `${l.slice(1)}\n`)
        .join('');
    return { search: side('-'), replace: side('+'), hunk: hunk.lines };
  });
}

/** Rebuilds a fuzzily matched window line by line: the file's context lines, minus removals, plus additions. */
function mergeHunk(window: string, hunk: readonly string[]): string {
  const fileLines = window.split(/(?<=\n)/);
  const eol = window.includes('\r\n') ? '\r\n' : '\n';
  let k = 0;
  let out = '';
  for (const line of hunk) {
    if (line[0] === ' ') out += fileLines[k++] ?? '';
    else if (line[0] === '-') k += 1;
    else if (line[0] === '+') out += `${line.slice(1)}${eol}`;
  }
  return out;
}

function safeApplyPatch(source: string, diff: string): string | false {
  try {
    return applyPatch(source, diff);
  } catch {
    // jsdiff throws on hunks it cannot even parse; for the caller that is "does not apply", with the same fix.
    return false;
  }
}

function nthIndexOf(text: string, search: string, n: number): number {
  let at = -1;
  for (let found = 0; found < n; found += 1) {
    at = text.indexOf(search, at < 0 ? 0 : at + search.length);
    if (at < 0) return -1;
  }
  return at;
}

function countOf(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + search.length)) count += 1;
  return count;
}

function conflict(path: string, expected: string, current: string): string {
  return `conflict: ${path} has changed since the change was written (sha256 ${contentSha256(current).slice(0, 12)}…, expected ${expected.slice(0, 12).toLowerCase()}…); onConflict is "fail", so it is not applied; fix: regenerate the change against the current file`;
}

function raise(risk: RiskLevel): RiskLevel {
  return risk === 3 ? 3 : ((risk + 1) as RiskLevel);
}
