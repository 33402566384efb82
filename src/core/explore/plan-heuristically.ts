import { splitIdentifier } from '../code-index/identifier-terms.js';
import type { CodeIndex, ListedFile } from '../code-index/code-index.js';
import type { Budget } from '../budget/budget.js';
import { locateFiles, type Remembered } from './locate-files.js';
import { isProductFile, productFilesByUse } from './map-modules.js';
import { findNamedCallables } from './find-named-callables.js';
import { readPrompt } from './read-prompt.js';
import type { Candidate, Operation, RepoBootstrapContext, RepoExplorationPlan } from './types.js';

/** Lines read from the head of a file when only its shape is wanted. */
const HEAD_LINES = 60;
const MAX_CANDIDATES = 8;
/**
 * How many matching chunks of the first, second and third candidate are read
 * in round 1, and the least relevance (to the best chunk of the whole search)
 * worth reading, for the first candidate and the others. Measured on 120 real
 * commits (bench/eval/experiments/evidence-sources.ts): the first candidate's
 * matching chunks lay within 30 lines of the change about 30% of the time,
 * the second's 15%, the third's 9%, the fourth's 5%, file heads 0%.
 */
const CHUNKS_BY_RANK = [5, 3, 3, 2];
const MIN_RELEVANCE_OF_FIRST = 0.3;
export const MIN_CHUNK_RELEVANCE = 0.4;
/** An overview's map, and the starts of its most used files it reads (a big central file included). */
const MAP_TOKENS = 1500;
const OVERVIEW_STARTS = 4;
const OVERVIEW_START_LINES = 40;
/** Longer than this, an "architecture" question is a report that mentions structure, not a request for an overview. */
const MAX_OVERVIEW_CHARS = 300;
/**
 * A candidate whose locate score is below this share of the first's gets no
 * more than a glance (below): not its matching chunks, its head or
 * follow-ups, whose lines were rarely near the change. Measured on 120 real commits (bench/eval): when the second
 * candidate scored under 0.4 of the first, the first was a changed file 89%
 * of the time and 3 of 35 answers found the change only in another file;
 * leaving such candidates out took on-target from 0.204 to 0.258 at hunk hit
 * 0.825 -> 0.817 (0.3: 0.239; 0.5: 0.259 at hit 0.808).
 */
export const MIN_CANDIDATE_STRENGTH = 0.4;
/**
 * Of a weaker candidate only a glance: its one best chunk, when that matched
 * the question's words nearly as well as the best chunk of the search, and
 * only the GLANCE_LINES lines where those words are (a hunk is "hit" by an
 * excerpt within 2 lines of it). Measured on the same commits: hunk hit 0.817
 * -> 0.817 (tuned) and 0.738 -> 0.750 (tuned2), on-target 0.265 -> 0.260 and
 * 0.200 -> 0.198; at relevance 0.5 on-target fell to 0.254, with 20 lines to
 * 0.237 (every chunk of 0.4).
 */
const MIN_GLANCE_RELEVANCE = 0.6;
const GLANCE_LINES = 8;
/** Of a question that names no code, the strongest files whose definitions are scored by the question's words. */
const MATCHING_FILES = 3;
const CLASS_KINDS = new Set(['class', 'struct']);
/** Of the candidates no chunk matched (found by name or links), the first this many get their head read. */
const HEADS_WITHOUT_MATCHES = 2;

export function planHeuristically(
  prompt: string,
  index: CodeIndex,
  bootstrap: RepoBootstrapContext,
  budget: Budget,
  focus: string[] = [],
  files?: ListedFile[],
  options: { isGenerated?: (path: string) => boolean; remembered?: Remembered } = {},
): RepoExplorationPlan {
  const reading = readPrompt(prompt);
  const scope = focus[0] ?? bootstrap.scope;
  const located = locateFiles(index, prompt, {
    limit: MAX_CANDIDATES,
    pathPrefix: scope,
    files,
    isGenerated: options.isGenerated,
    remembered: options.remembered,
  });
  const best = located[0]?.score ?? 0;
  const candidates: Candidate[] = located.map((f, i) => ({
    path: f.path,
    reason: f.reason,
    priority: Math.max(1, 10 - i),
    strength: best > 0 ? Number((f.score / best).toFixed(4)) : 1,
    chunks: f.chunks,
  }));
  const names = [...reading.identifiers, ...findNamedCallables(prompt, index, reading.identifiers)].slice(0, 4);
  const operations: Operation[] = [];
  const questions: string[] = [];
  const search: Operation = { kind: 'search', query: prompt, ...(scope ? { scope } : {}) };

  switch (reading.kind) {
    case 'definition':
      for (const name of names) {
        operations.push({ kind: 'definition', symbol: name });
        questions.push(`Where is ${name} defined?`);
      }
      if (names.length === 0) operations.push(search);
      break;
    case 'usage':
      for (const name of names) {
        operations.push({ kind: 'definition', symbol: name }, { kind: 'references', symbol: name });
        questions.push(`Where is ${name} used?`);
      }
      if (names.length === 0) operations.push(search);
      break;
    case 'architecture': {
      const mapFocus = scope ? [scope] : focus;
      operations.push({ kind: 'map', focus: mapFocus, tokens: MAP_TOKENS });
      for (const manifest of bootstrap.manifests.slice(0, 3)) operations.push({ kind: 'head', path: manifest, maxLines: 40 });
      questions.push('What are the main modules and how do they depend on each other?');
      // A question about named code, or a long report that only uses a word like "structure", keeps the files
      // its words found, read as before.
      if (reading.identifiers.length > 0 || reading.paths.length > 0 || prompt.length > MAX_OVERVIEW_CHARS) break;
      // An overview is about the modules the code uses most, not the files whose text says "module": the map's
      // product files lead, then the product files the words found (docs and tests are not the design).
      // Their starts show what each imports and declares.
      const map = index.repoMap({ tokens: MAP_TOKENS, focusPaths: mapFocus });
      const used = productFilesByUse(index, map, options.isGenerated);
      const byUse = used.slice(0, MAX_CANDIDATES).map((path, i) => ({
        path,
        reason: `ranked ${i + 1} by use in the repository map`,
        priority: Math.max(1, 10 - i),
      }));
      const matched = candidates.filter((c) => !used.includes(c.path) && isProductFile(index, c.path, options.isGenerated));
      candidates.splice(0, candidates.length, ...[...byUse, ...matched].slice(0, MAX_CANDIDATES));
      for (const [i, candidate] of byUse.slice(0, OVERVIEW_STARTS).entries()) {
        operations.push({
          kind: 'chunk',
          path: candidate.path,
          startLine: 1,
          endLine: OVERVIEW_START_LINES,
          reason: `start of ${candidate.path} (${candidate.reason}): what it imports and declares`,
          relevance: 1 - 0.01 * i,
          optional: true,
        });
      }
      break;
    }
    case 'change':
      for (const name of names) operations.push({ kind: 'definition', symbol: name, focus: prompt });
      operations.push(...readMatches(candidates, search), { kind: 'map', focus: located.slice(0, 3).map((f) => f.path), tokens: 800 });
      questions.push('Which files and symbols would the change touch?', 'Which existing patterns should it follow?');
      break;
    default: {
      // A question about what a named class does ("how does TimestampSigner check that a signature has expired") is
      // answered by the class's methods whose bodies hold the question's other words; the class shows its header.
      const within: Operation[] = [];
      for (const name of names) {
        const classes = index
          .findDefinitions(name, 3)
          .filter((d) => CLASS_KINDS.has(d.kind) && isProductFile(index, d.path, options.isGenerated));
        const own = new Set(splitIdentifier(name));
        const words = reading.words.filter((w) => !own.has(w));
        const picks = classes.length === 1 && words.length > 0;
        operations.push({ kind: 'definition', symbol: name, focus: prompt, ...(picks ? { headOnly: true } : {}) });
        if (picks) within.push({ kind: 'matching-definitions', paths: [classes[0]!.path], words, focus: prompt, within: name });
      }
      operations.push(...within);
      // A question that names no code is answered, as one that does, by the definitions that do what it asks: those
      // of its strongest files whose bodies hold the most of its words; their callees and callers follow.
      if (names.length === 0 && reading.paths.length === 0) {
        const files = candidates
          .slice(0, MATCHING_FILES)
          .filter((c) => isStrong(c) && isProductFile(index, c.path, options.isGenerated))
          .map((c) => c.path);
        if (files.length > 0) operations.push({ kind: 'matching-definitions', paths: files, words: reading.words, focus: prompt });
      }
      operations.push(...readMatches(candidates, search));
      questions.push('Which code carries out what the question asks about, and in what order?');
    }
  }
  // Glance at the heads of the strongest candidates that nothing more specific reads: all of them for an
  // overview, else only those where the question's words matched nothing (a file found by its name or links).
  // A question about named symbols is answered by their definitions and uses instead.
  const namedQuestion = (reading.kind === 'definition' || reading.kind === 'usage') && names.length > 0;
  const architecture = reading.kind === 'architecture';
  for (const candidate of namedQuestion ? [] : candidates.slice(0, architecture ? 4 : HEADS_WITHOUT_MATCHES)) {
    if (!architecture && ((candidate.chunks?.length ?? 0) > 0 || !isStrong(candidate))) continue;
    if (!operations.some((op) => 'path' in op && op.path === candidate.path)) {
      operations.push({ kind: 'head', path: candidate.path, maxLines: HEAD_LINES });
    }
  }
  if (questions.length === 0) questions.push(`What in the repository answers: ${prompt.slice(0, 200)}`);
  return {
    intent: reading.kind,
    diagramType: reading.diagramType,
    questions,
    candidates,
    operations,
    maxRounds: Math.min(budget.rounds, 3),
  };
}

/** Whether a candidate scored close enough to the first to be worth reading (MIN_CANDIDATE_STRENGTH). */
export function isStrong(candidate: Candidate): boolean {
  return (candidate.strength ?? 1) >= MIN_CANDIDATE_STRENGTH;
}

/**
 * The chunks of the strongest candidates where the question's words matched
 * (CHUNKS_BY_RANK), most relevant first; of a candidate far weaker than the
 * first only a glance at its best chunk; the plain search when none of those
 * is read.
 */
export function readMatches(candidates: Candidate[], search: Operation): Operation[] {
  const ops: Operation[] = [];
  const considered = candidates.slice(0, CHUNKS_BY_RANK.length);
  for (const [i, candidate] of considered.entries()) {
    const strong = isStrong(candidate);
    const least = i === 0 ? MIN_RELEVANCE_OF_FIRST : strong ? MIN_CHUNK_RELEVANCE : MIN_GLANCE_RELEVANCE;
    for (const chunk of (candidate.chunks ?? []).filter((c) => c.relevance >= least).slice(0, strong ? CHUNKS_BY_RANK[i] : 1)) {
      ops.push({
        kind: 'chunk',
        path: candidate.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        reason: `matches the question (${chunk.context})`,
        relevance: 1.5 + chunk.relevance - 0.1 * i,
        optional: true,
        ...(search.kind === 'search' ? { focus: search.query, ...(strong ? {} : { focusLines: GLANCE_LINES }) } : {}),
      });
    }
  }
  if (ops.length > 0) return ops;
  // The search reads its own hits, strong or weak: it stands in when no candidate matched the words at all, or
  // when every match was under its bar and no strong candidate gets its head read (below) instead, so a
  // question never goes without a read.
  const matched = considered.some((c) => (c.chunks ?? []).length > 0);
  const headRead = considered.slice(0, HEADS_WITHOUT_MATCHES).some((c) => (c.chunks ?? []).length === 0 && isStrong(c));
  return matched && headRead ? [] : [search];
}
