import { findCallSites } from '../code-index/find-call-sites.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { findMatchingDefinitions } from './find-matching-definitions.js';
import { findParameterTakers } from './find-parameter-takers.js';
import type { EvidenceSet } from './evidence-set.js';
import { findStoredCallees } from './find-stored-callees.js';
import { describeMapModules } from './map-modules.js';
import { FLOW_LINES } from './plan-follow-up.js';
import { rankDefinitions } from './rank-definitions.js';
import { MAX_SNIPPET_LINES, read, readIndexedText, RELEVANCE, type OperationOutcome, type RoundState } from './read-into-evidence.js';
import type { Operation } from './types.js';

export type { OperationOutcome, RoundState } from './read-into-evidence.js';

const CALL_SITE_CONTEXT = 3;
const MAX_DEFINITIONS = 3;
const MAX_SEARCH_FILES = 3;
/** A class read for its header alone: its first line and docstring, before the methods a question points at. */
const CLASS_HEAD_LINES = 8;
const MAX_CALL_SITES = 4;
/** Relevance given up per place in the definitions' ranking: small, so a later definition still outranks a match. */
const DEFINITION_RANK_STEP = 0.01;

/** Runs one planned operation: charges first, reads second, records evidence with its reason. */
export async function runOperation(op: Operation, state: RoundState, options: { optional?: boolean } = {}): Promise<OperationOutcome> {
  const optional = options.optional ?? false;
  switch (op.kind) {
    case 'head':
      return read(state, op.path, 1, op.maxLines, 'head', `head of ${op.path}`, optional);
    case 'chunk':
      return read(
        state,
        op.path,
        op.startLine,
        op.endLine,
        'chunk',
        op.reason ?? `requested lines ${op.startLine}-${op.endLine}`,
        optional,
        op.relevance,
        op.focus,
        op.focusLines,
        op.flow,
      );
    case 'search': {
      const hits = state.index.search(op.query, { limit: 12, pathPrefix: op.scope }).filter((h) => !state.isGenerated?.(h.path));
      const seen = new Set<string>();
      let added = 0;
      for (const hit of hits) {
        if (seen.size >= MAX_SEARCH_FILES && !seen.has(hit.path)) continue;
        seen.add(hit.path);
        // Search hits are candidates, not requirements: one that does not fit the budget is skipped.
        const outcome = await read(
          state,
          hit.path,
          hit.startLine,
          hit.endLine,
          'search',
          `matches the question (${hit.context || hit.kind})`,
          true,
        );
        if (!outcome.ok) return outcome;
        added += outcome.added;
      }
      if (hits.length === 0) state.gaps.push(`no code matched the search "${op.query.slice(0, 80)}"`);
      return { ok: true, added };
    }
    case 'definition': {
      // The implementation before its type declarations and stubs, in the stronger candidate first (the first
      // definition is the one read whatever the budget), and among those the ones in files the evidence touches.
      const defs = preferTouchedFiles(
        op.symbol,
        rankDefinitions(
          state.index.findDefinitions(op.symbol, 10).filter((d) => !state.isGenerated?.(d.path)),
          state.candidates,
        ),
        state.evidence,
      );
      if (defs.length === 0) {
        const files = [...(state.candidates ?? []), ...state.evidence.list().map((e) => e.path)];
        const takers = await findParameterTakers(op.symbol, {
          index: state.index,
          files,
          readText: (path) => readIndexedText(state, path),
        });
        if (takers.length === 0) {
          state.gaps.push(`no definition of ${op.symbol} in the index`);
          return { ok: true, added: 0 };
        }
        // A parameter is no missing definition: say whose it is.
        state.defined.add(op.symbol);
        const named = takers.slice(0, 3).map((t) => `${t.scope ? `${t.scope}.` : ''}${t.name} (${t.path}:${t.startLine})`);
        state.findings.push(
          `${op.symbol} is a parameter, not a definition: of ${named.join(', ')}${takers.length > 3 ? ` and ${takers.length - 3} more` : ''}`,
        );
        return { ok: true, added: 0 };
      }
      state.defined.add(op.symbol);
      state.findings.push(
        `${op.symbol} is defined in ${defs.length === 1 ? '1 place' : `${defs.length} places`}: ` +
          defs
            .slice(0, 5)
            .map((d) => `${d.kind} ${d.scope ? `${d.scope}.` : ''}${d.name} (${d.path}:${d.startLine})`)
            .join(', '),
      );
      let added = 0;
      for (const [i, def] of defs.slice(0, MAX_DEFINITIONS).entries()) {
        const reason = `definition of ${def.name} (${def.kind})`;
        const head = op.headOnly === true && /class|struct/.test(def.kind);
        const outcome = await read(
          state,
          def.path,
          def.startLine,
          head ? Math.min(def.endLine, def.startLine + CLASS_HEAD_LINES - 1) : def.endLine,
          'definition',
          reason,
          optional || i > 0,
          // Listed in the order ranked: the implementation the question most likely means first.
          RELEVANCE.definition - i * DEFINITION_RANK_STEP,
          head ? undefined : op.focus,
          MAX_SNIPPET_LINES,
        );
        if (!outcome.ok) return outcome;
        added += outcome.added;
      }
      return { ok: true, added };
    }
    case 'references': {
      const called = findResolvedCalls(state, op.symbol);
      const refs =
        called?.sites ?? state.index.findReferences(op.symbol, 500).filter((r) => r.kind !== 'import' && !state.isGenerated?.(r.path));
      const files = new Set(refs.map((r) => r.path));
      state.findings.push(
        called
          ? `${op.symbol} has ${refs.length} call site${refs.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}` +
              `${files.size > 0 ? ` (${[...files].slice(0, 3).join(', ')}${files.size > 3 ? '…' : ''})` : ''}${called.untold}`
          : `${op.symbol} is used ${refs.length} time${refs.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'}`,
      );
      let added = 0;
      const sites = refs.filter((r, i) => refs.findIndex((o) => o.path === r.path) === i).slice(0, MAX_CALL_SITES);
      for (const [i, ref] of sites.entries()) {
        const reason = called
          ? `calls ${op.symbol}${ref.inSymbol ? ` in ${ref.inSymbol}` : ''}`
          : `uses ${op.symbol} (${ref.kind})${ref.inSymbol ? ` in ${ref.inSymbol}` : ''}`;
        const outcome = await read(
          state,
          ref.path,
          ref.line - CALL_SITE_CONTEXT,
          ref.line + CALL_SITE_CONTEXT,
          'references',
          reason,
          optional || i > 0,
        );
        if (!outcome.ok) return outcome;
        added += outcome.added;
      }
      return { ok: true, added };
    }
    case 'matching-definitions': {
      const files: { path: string; text: string; symbols: SymbolHit[] }[] = [];
      for (const path of op.paths) {
        const text = await readIndexedText(state, path);
        const symbols = state.index.symbolsIn(path);
        const within = op.within;
        if (text !== undefined)
          files.push({
            path,
            text,
            symbols: within === undefined ? symbols : symbols.filter((d) => d.scope === within || d.scope.endsWith(`.${within}`)),
          });
      }
      let added = 0;
      const picked = findMatchingDefinitions(files, op.words);
      // No method of the named class holds the words: the class is read where they are, as any long definition.
      if (picked.length === 0 && op.within !== undefined) return readWhereWordsAre(state, op.within, op.paths[0]!, op.focus);
      for (const [i, { def, qualified, words }] of picked.entries()) {
        if (state.defined.has(qualified)) continue;
        // Read and followed as a named definition (plan-follow-up), at its place (not another of its name); said as
        // what it is: picked for the question's words, not named by it.
        state.defined.add(qualified);
        (state.pinned ??= new Map()).set(qualified, { path: def.path, startLine: def.startLine });
        state.findings.push(
          op.within === undefined
            ? `The question names no code; read for its words: ${def.kind} ${qualified} (${def.path}:${def.startLine}), whose body holds ${words.join(', ')}`
            : `Of ${op.within}'s methods, the question's words point at ${qualified} (${def.path}:${def.startLine}), whose body holds ${words.join(', ')}`,
        );
        const reason = `holds the question's words (${words.join(', ')})`;
        const relevance = RELEVANCE.definition - i * DEFINITION_RANK_STEP;
        const outcome = await read(
          state,
          def.path,
          def.startLine,
          def.endLine,
          'definition',
          reason,
          true,
          relevance,
          op.focus,
          // As many lines as the answer shows of an implementation (render-answer): the part where the words are.
          FLOW_LINES,
        );
        if (!outcome.ok) return outcome;
        added += outcome.added;
      }
      return { ok: true, added };
    }
    case 'stored-callees': {
      const from = state.index.symbolsIn(op.path).find((s) => s.startLine === op.startLine && op.symbol.endsWith(s.name));
      if (!from) return { ok: true, added: 0 };
      let added = 0;
      const found = await findStoredCallees(state.index, (path) => readIndexedText(state, path), from);
      for (const [i, { target, reason, finding }] of found.entries()) {
        if (finding && !state.findings.includes(finding)) state.findings.push(finding);
        const outcome = await read(
          state,
          target.path,
          target.startLine,
          target.endLine,
          'chunk',
          reason,
          true,
          // In the order the calls go, before what the index links: the attribute's call is the way on.
          RELEVANCE['stored-callees'] - i * DEFINITION_RANK_STEP,
          op.focus,
          FLOW_LINES,
          true,
        );
        if (!outcome.ok) return outcome;
        added += outcome.added;
      }
      return { ok: true, added };
    }
    case 'map': {
      const map = state.index.repoMap({ tokens: op.tokens ?? 1000, focusPaths: op.focus });
      if (optional && !state.meter.hasRoom('contextTokens', map.tokens)) {
        state.gaps.push('skipped the repository map to stay within the token budget');
        return { ok: true, added: 0 };
      }
      const charge = state.meter.charge('contextTokens', map.tokens);
      if (!charge.ok) return { ok: false, refused: charge };
      state.notes.push(`Repository map (${map.files.length} of ${map.totalFiles} files, ranked by use):\n${map.text}`);
      state.modules ??= describeMapModules(state.index, map, state.isGenerated);
      return { ok: true, added: 0 };
    }
  }
}

/**
 * `Client.send`, a method named with its class: the call sites the index resolved to it (findCallSites, the
 * rule `refs` and the plans count with), never every `.send(` on other objects. Undefined for a bare name or a
 * scope that names no callable definition: then every use of the name is listed, as written.
 */
function findResolvedCalls(
  state: RoundState,
  symbol: string,
): { sites: { path: string; line: number; kind: string; inSymbol?: string }[]; untold: string } | undefined {
  const found = findCallSites(state.index, symbol, 500);
  if (!found || found.some((f) => f.ambiguous)) return undefined;
  const sites = found
    .flatMap((f) => f.callers.filter((c) => c.depth === 1 && c.symbolId !== f.definition.id))
    .filter((c) => !state.isGenerated?.(c.path))
    .map((c) => ({ path: c.path, line: c.line, kind: 'call', ...(c.name ? { inSymbol: c.name } : {}) }));
  const unresolved = found.reduce((n, f) => n + f.unresolved, 0);
  const untold =
    unresolved > 0
      ? `; ${unresolved} other call${unresolved === 1 ? '' : 's'} of .${found[0]!.definition.name}() on receivers the index could not type`
      : '';
  return { sites, untold };
}

/**
 * `c.Next` read as a receiver's member (no definition has the scope `c`): the index ranks classes named
 * like the receiver first, then a module's own top-level definitions when the receiver names the module;
 * among the rest, those in files the evidence already holds come first.
 */
function preferTouchedFiles<T extends { path: string; scope: string; name: string }>(
  symbol: string,
  defs: T[],
  evidence: EvidenceSet,
): T[] {
  const dot = symbol.lastIndexOf('.');
  if (dot <= 0) return defs;
  const scope = symbol.slice(0, dot).toLowerCase();
  if (defs.some((d) => d.scope.toLowerCase() === scope || d.scope.toLowerCase().endsWith(`.${scope}`))) return defs;
  const receiver = scope.slice(scope.lastIndexOf('.') + 1);
  const touched = new Set(evidence.list().map((e) => e.path));
  // `click.prompt`, `httpx.Request`: a receiver that names a folder or module of the definition's path is that
  // module, and its top-level definition is the member meant (not a field `Option.prompt` elsewhere).
  const moduleMember = (d: T): boolean =>
    d.scope === '' &&
    d.path
      .toLowerCase()
      .split('/')
      .some((part) => part.replace(/\.[^.]+$/, '') === receiver);
  const rank = (d: T): number => (d.scope.toLowerCase().includes(receiver) ? 0 : moduleMember(d) ? 1 : touched.has(d.path) ? 2 : 3);
  return defs
    .map((d, i) => ({ d, i }))
    .sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i)
    .map(({ d }) => d);
}

/** A class read from its first line to its last, the window where the question's words are (the class alone). */
async function readWhereWordsAre(state: RoundState, name: string, path: string, focus: string): Promise<OperationOutcome> {
  const def = state.index.findDefinitions(name, 10).find((d) => d.path === path && /class|struct/.test(d.kind));
  if (!def) return { ok: true, added: 0 };
  const reason = `definition of ${def.name} (${def.kind})`;
  return read(state, def.path, def.startLine, def.endLine, 'definition', reason, true, RELEVANCE.definition, focus, MAX_SNIPPET_LINES);
}
