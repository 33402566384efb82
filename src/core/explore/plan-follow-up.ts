import type { CodeIndex } from '../code-index/code-index.js';
import type { EvidenceSet } from './evidence-set.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { isProductFile } from './map-modules.js';
import { isStrong, MIN_CHUNK_RELEVANCE } from './plan-heuristically.js';
import type { Operation, RepoExplorationPlan } from './types.js';

const MAX_FOLLOW_UPS = 6;
/** Code chunks of the product that name a field, read for a flow question about it; the search's hits looked at. */
const FIELD_USES = 3;
const FIELD_USE_HITS = 20;
/** What a named function calls, read for a flow question ("in what order does Get() look a key up"): per name. */
const CALLEES_PER_NAME = 2;
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
  if (plan.intent === 'flow' || plan.intent === 'change') {
    // Where the found definitions are called from: how the flow reaches them. A field (an option's
    // `intervalCap`) is never called: where the product's code names it is where it takes effect.
    for (const name of [...defined].slice(0, 3)) {
      const def = index.findDefinitions(name, 1)[0];
      if (!def) continue;
      if (def.kind === 'field') {
        ops.push(...readFieldUses(index, evidence, def));
        continue;
      }
      for (const caller of index.callers(def.id, 1, 3)) {
        if (!evidence.has(caller.path, caller.line)) {
          ops.push({ kind: 'chunk', path: caller.path, startLine: Math.max(1, caller.line - 3), endLine: caller.line + 3 });
        }
      }
    }
  }
  if (plan.intent === 'flow' && round === 1) ops.push(...readCallees(index, evidence, [...defined].slice(0, 3), plan.candidates[0]?.path));
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
    });
  }
  return ops;
}

/**
 * What the named functions call in the product's code: how the flow goes on
 * from them. Of a name defined in several places, the definition in the
 * strongest candidate file (else the first); each callee's chunk where it starts.
 */
function readCallees(index: CodeIndex, evidence: EvidenceSet, names: string[], strongest: string | undefined): Operation[] {
  const ops: Operation[] = [];
  for (const name of names) {
    const defs = index.findDefinitions(name, 5).filter((d) => d.kind === 'function' || d.kind === 'method');
    const def = defs.find((d) => d.path === strongest) ?? defs[0];
    if (!def) continue;
    let read = 0;
    for (const callee of index.callees(def.id, 1, 10)) {
      if (read >= CALLEES_PER_NAME) break;
      if (callee.symbolId === def.id || !isProductFile(index, callee.path) || evidence.has(callee.path, callee.line)) continue;
      const chunk = index.chunkAt(callee.path, callee.line);
      if (!chunk) continue;
      ops.push({
        kind: 'chunk',
        path: callee.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        reason: `called by ${def.scope ? `${def.scope}.` : ''}${def.name} (${chunk.context})`,
        relevance: 1.4,
      });
      read += 1;
    }
  }
  return ops;
}
