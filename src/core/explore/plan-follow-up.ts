import type { CodeIndex } from '../code-index/code-index.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import type { EvidenceSet } from './evidence-set.js';
import type { CallHit, SymbolHit } from '../code-index/graph-queries.js';
import { isProductFile } from './map-modules.js';
import { isStrong, MIN_CHUNK_RELEVANCE } from './plan-heuristically.js';
import { rankDefinitions } from './rank-definitions.js';
import { readPrompt } from './read-prompt.js';
import { readStoredArgumentCalls } from './read-stored-argument-calls.js';
import type { Operation, RepoExplorationPlan } from './types.js';

const MAX_FOLLOW_UPS = 6;
/** Code chunks of the product that name a field, read for a flow question about it; the search's hits looked at. */
const FIELD_USES = 3;
const FIELD_USE_HITS = 20;
/** What a named function calls, read for a flow question ("in what order does Get() look a key up"): per name. */
const CALLEES_PER_NAME = 2;
/** How many times the callees are followed through a function that only hands its work on (`load` -> `_do_load`). */
const MAX_DELEGATIONS = 1;
/** Lines read of a callee's definition, where the question's words are. */
export const FLOW_LINES = 60;
/**
 * Evidence lines past which the offline rounds stop deepening: about what
 * answers used before (~500 lines), now spent on matching code, not heads.
 */
const MAX_EVIDENCE_LINES = 480;

/**
 * The heuristic's next round: targeted reads that deepen what the last round
 * found, by kind of question. Empty when the questions are answered or there
 * is nothing more worth reading: the loop stops there.
 */
export function planFollowUp(
  plan: RepoExplorationPlan,
  index: CodeIndex,
  evidence: EvidenceSet,
  defined: Set<string>,
  round: number,
  question?: string,
  pinned: ReadonlyMap<string, { path: string; startLine: number }> = new Map(),
): Operation[] {
  const wanted = plan.operations
    .filter((op): op is Extract<Operation, { kind: 'definition' }> => op.kind === 'definition')
    .map((op) => op.symbol);
  const allDefined = wanted.length > 0 && wanted.every((name) => defined.has(name));
  // Definition questions are answered once every named symbol was found.
  if (plan.intent === 'definition' && allDefined) return [];
  if (plan.intent === 'usage' && allDefined && round >= 1) return [];
  if (round >= plan.maxRounds) return [];

  const ops: Operation[] = [];
  const items = evidence.list();
  const candidates = plan.candidates.map((c) => c.path);
  // A definition picked for the question's words is the one at its place, not another of its name (an overload).
  const rank = (name: string, defs: SymbolHit[]): SymbolHit[] => {
    const at = pinned.get(name);
    const ranked = rankDefinitions(defs, candidates);
    const exact = at && ranked.find((d) => d.path === at.path && d.startLine === at.startLine);
    return exact ? [exact, ...ranked.filter((d) => d !== exact)] : ranked;
  };
  // What a flow question's named functions do first (the follow-ups are capped): how the flow goes on from them.
  if (plan.intent === 'flow' && round === 1) {
    // What they call through an attribute that holds a function (`self._hookexec(…)`): the index links no such call.
    for (const name of [...defined].slice(0, 3)) {
      const def = rank(name, index.findDefinitions(name, 5))[0];
      if (def && (def.kind === 'function' || def.kind === 'method')) {
        // What it stores of its arguments is called elsewhere (`argParser(fn)` keeps `fn` as `this.parseArg`).
        ops.push(...readStoredArgumentCalls(index, evidence, def));
        ops.push({
          kind: 'stored-callees',
          symbol: name,
          path: def.path,
          startLine: def.startLine,
          ...(question === undefined ? {} : { focus: question }),
        });
      }
    }
    ops.push(...readCallees(index, evidence, [...defined].slice(0, 3), rank, question));
  }
  if (plan.intent === 'flow' || plan.intent === 'change') {
    // Where the found definitions are called from: how the flow reaches them. A field (an option's
    // `intervalCap`) is never called: where the product's code names it is where it takes effect.
    for (const name of [...defined].slice(0, 3)) {
      const def = rank(name, index.findDefinitions(name, 5))[0];
      if (!def) continue;
      if (def.kind === 'field') {
        ops.push(...readFieldUses(index, evidence, def));
        continue;
      }
      // A flow question follows the product's callers: a test calling `Get` says nothing of the order it looks a key up in.
      const callers =
        plan.intent === 'flow' ? index.callers(def.id, 1, 10).filter((c) => isProductFile(index, c.path)) : index.callers(def.id, 1, 3);
      for (const caller of callers.slice(0, 3)) {
        if (evidence.has(caller.path, caller.line)) continue;
        ops.push({
          kind: 'chunk',
          path: caller.path,
          startLine: Math.max(1, caller.line - 3),
          endLine: caller.line + 3,
          reason: `calls ${def.scope ? `${def.scope}.` : ''}${def.name}${caller.name ? ` in ${caller.name}` : ''}`,
          // After what the named function calls: how it does the work comes before who asks it to.
          relevance: 1.3,
          flow: true,
        });
      }
    }
  }
  if (plan.intent === 'architecture') {
    // Files that depend on the strongest candidate show how the modules fit together.
    const top = plan.candidates[0];
    if (top) {
      for (const importer of index.importers(top.path, 1).slice(0, 3)) {
        if (!items.some((e) => e.path === importer.path)) ops.push({ kind: 'head', path: importer.path, maxLines: 30 });
      }
    }
  }
  // Candidates not looked at yet, best first, while the evidence is short: for an overview their heads; for
  // other questions the further well-matching chunks of the three strongest candidates, unless one scored far
  // below the first (weaker candidates' chunks were within 30 lines of the change 5-9% of the time).
  let lines = evidence.lines;
  for (const candidate of plan.intent === 'architecture' ? plan.candidates : []) {
    if (ops.length >= MAX_FOLLOW_UPS || lines >= MAX_EVIDENCE_LINES) break;
    if (items.some((e) => e.path === candidate.path)) continue;
    ops.push({ kind: 'head', path: candidate.path, maxLines: 40 });
    lines += 40;
  }
  for (const candidate of plan.intent === 'architecture' ? [] : plan.candidates.slice(0, 3).filter(isStrong)) {
    if (ops.length >= MAX_FOLLOW_UPS || lines >= MAX_EVIDENCE_LINES) break;
    for (const chunk of (candidate.chunks ?? []).filter((c) => c.relevance >= MIN_CHUNK_RELEVANCE)) {
      if (evidence.covers(candidate.path, chunk.startLine, chunk.endLine)) continue;
      ops.push({
        kind: 'chunk',
        path: candidate.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        reason: `matches the question (${chunk.context})`,
        relevance: 1 + chunk.relevance,
        ...(question === undefined ? {} : { focus: question }),
      });
      lines += chunk.endLine - chunk.startLine + 1;
    }
  }
  return ops.slice(0, MAX_FOLLOW_UPS);
}

/**
 * The product's code that names a field, outside its definition: the chunks
 * of code (not comments between members, not tests) the search finds for its
 * name, best first.
 */
function readFieldUses(index: CodeIndex, evidence: EvidenceSet, field: SymbolHit): Operation[] {
  const ops: Operation[] = [];
  for (const hit of index.search(field.name, { limit: FIELD_USE_HITS, allWords: true })) {
    if (ops.length >= FIELD_USES) break;
    if (hit.kind === 'part' || hit.kind === 'header' || !isProductFile(index, hit.path)) continue;
    if (hit.path === field.path && hit.startLine <= field.startLine && hit.endLine >= field.endLine) continue;
    if (evidence.covers(hit.path, hit.startLine, hit.endLine)) continue;
    ops.push({
      kind: 'chunk',
      path: hit.path,
      startLine: hit.startLine,
      endLine: hit.endLine,
      reason: `uses ${field.name} (${hit.context})`,
      relevance: 1.5,
      flow: true,
    });
  }
  return ops;
}

/**
 * What the named functions call in the product's code: how the flow goes on
 * from them. Of a name defined in several places, the one rankDefinitions
 * puts first (a body, in the stronger candidate). A function that hands its
 * work to one function of the product (marshmallow's `Schema.load` returns
 * `self._do_load(…)`) is followed through: that function's callees are read
 * too, where the work is done. Each callee is read where the question's words
 * are in its definition (`_deserialize`'s loop over unknown fields, not its
 * docstring), else where it starts.
 */
function readCallees(
  index: CodeIndex,
  evidence: EvidenceSet,
  names: string[],
  rank: (name: string, defs: SymbolHit[]) => SymbolHit[],
  question: string | undefined,
): Operation[] {
  const ops: Operation[] = [];
  const planned = new Set<number>();
  for (const name of names) {
    const defs = index.findDefinitions(name, 5).filter((d) => d.kind === 'function' || d.kind === 'method');
    let def: SymbolHit | undefined = rank(name, defs)[0];
    for (let hop = 0; def && hop <= MAX_DELEGATIONS; hop += 1) {
      const from: SymbolHit = def;
      const callees = index
        .callees(from.id, 1, 10)
        .filter((c) => c.symbolId !== undefined && c.symbolId !== from.id && isCallable(c) && isProductFile(index, c.path));
      let read = 0;
      for (const callee of byQuestionWords(callees, question)) {
        if (read >= CALLEES_PER_NAME) break;
        if (planned.has(callee.symbolId!)) continue;
        planned.add(callee.symbolId!);
        const op = readCallee(index, evidence, from, callee, question);
        if (!op) continue;
        ops.push(op);
        read += 1;
      }
      const distinct = new Set(callees.map((c) => c.symbolId));
      def = distinct.size === 1 ? findSymbol(index, callees[0]!) : undefined;
    }
  }
  return ops;
}

/** One callee's definition (its chunk when the index has no range), focused on the question; undefined when held already. */
function readCallee(
  index: CodeIndex,
  evidence: EvidenceSet,
  from: SymbolHit,
  callee: CallHit,
  question: string | undefined,
): Operation | undefined {
  const chunk = index.chunkAt(callee.path, callee.line);
  const symbol = findSymbol(index, callee);
  const startLine = symbol?.startLine ?? chunk?.startLine;
  const endLine = symbol?.endLine ?? chunk?.endLine;
  if (startLine === undefined || endLine === undefined) return undefined;
  // A callee the evidence holds already (a chunk that matched the question) is not read again, but shown as the flow.
  if (evidence.covers(callee.path, startLine, endLine)) {
    evidence.markFlow(callee.path, startLine, endLine);
    return undefined;
  }
  return {
    kind: 'chunk',
    path: callee.path,
    startLine,
    endLine,
    reason: `called by ${from.scope ? `${from.scope}.` : ''}${from.name} (${chunk?.context ?? callee.name})`,
    relevance: 1.4,
    flow: true,
    // As many lines as the answer shows of the flow (render-answer's MAX_FLOW_EXCERPT_LINES): the part it shows is
    // the part where the question's words are.
    ...(question === undefined ? {} : { focus: question, focusLines: FLOW_LINES }),
  };
}

/**
 * Callees whose names share a word with the question first (`Session.send` calls `resolve_redirects` third; a
 * question about redirects wants it before `extract_cookies_to_jar`), else in the order they are called.
 */
function byQuestionWords(callees: CallHit[], question: string | undefined): CallHit[] {
  if (question === undefined) return callees;
  const words = new Set(readPrompt(question).words);
  const shared = (c: CallHit): number => (splitIdentifier(c.name ?? '').some((part) => words.has(part.toLowerCase())) ? 0 : 1);
  return callees
    .map((c, i) => ({ c, i }))
    .sort((a, b) => shared(a.c) - shared(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** A function or method: a class "called" (constructed) says nothing of how the flow goes on. */
function isCallable(hit: CallHit): boolean {
  return hit.kind === 'function' || hit.kind === 'method';
}

/** The definition a call hit names, among its file's symbols (a name like `_deserialize` is defined in many files). */
function findSymbol(index: CodeIndex, hit: CallHit): SymbolHit | undefined {
  return index.symbolsIn(hit.path).find((d) => d.id === hit.symbolId);
}
