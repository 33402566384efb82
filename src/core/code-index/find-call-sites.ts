import type { CallHit, CallSites, SymbolHit } from './graph-queries.js';

/** What the lookup reads: GraphQueries, or the CodeIndex port the pipeline holds. */
interface CallSiteSource {
  findDefinitions(name: string, limit?: number): SymbolHit[];
  callSites(symbolId: number, depth?: number, limit?: number): CallSites;
}

export interface DefinitionCallSites {
  definition: SymbolHit;
  callers: CallHit[];
  /** Calls by its name on receivers the index could not type: it cannot tell whether they reach it. */
  unresolved: number;
  /** The name is too common to link by name: no callers are claimed. */
  ambiguous: boolean;
}

const CALLABLE = new Set(['function', 'method', 'class', 'struct']);
const MAX_DEFINITIONS = 10;

/**
 * `Scope.name` that names callable definitions in that scope (`ZStandardDecoder.decode`): their call sites by
 * the one rule every output uses (GraphQueries.callSites). Undefined for a bare name or a scope that names
 * none: `refs` then lists every use of the name, as before.
 */
export function findCallSites(graph: CallSiteSource, name: string, limit: number): DefinitionCallSites[] | undefined {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const scope = name.slice(0, dot).toLowerCase();
  const definitions = graph
    .findDefinitions(name, MAX_DEFINITIONS)
    .filter((d) => CALLABLE.has(d.kind) && (d.scope.toLowerCase() === scope || d.scope.toLowerCase().endsWith(`.${scope}`)));
  if (definitions.length === 0) return undefined;
  return definitions.map((definition) => ({ definition, ...graph.callSites(definition.id, 1, limit) }));
}

/** The call sites as text: one heading per definition, one line per caller, and what the index could not tell. */
export function renderCallSites(found: DefinitionCallSites[]): string {
  return found
    .map(({ definition: d, callers, unresolved, ambiguous }) => {
      const head = `${d.scope}.${d.name} (${d.kind}, ${d.path}:${d.startLine}): ${
        ambiguous
          ? 'callers not counted (the name is too common to link calls to it by name)'
          : `${callers.length} call site${callers.length === 1 ? '' : 's'}`
      }`;
      const lines = callers.map((c) => `  ${c.path}:${c.line}  call${c.name ? `  in ${c.name}` : ''}`);
      if (unresolved > 0)
        lines.push(
          `  and ${unresolved} other place${unresolved === 1 ? '' : 's'} call .${d.name}() on something the index could not type (it cannot tell whether ${unresolved === 1 ? 'that reaches' : 'those reach'} this one)`,
        );
      return [head, ...lines].join('\n');
    })
    .join('\n');
}
