import type { CallArguments } from './read-call-arguments.js';
import type { Parameter } from './read-parameters.js';

/** How a call's arguments meet a parameter list. */
export interface Binding {
  /** Required parameters the call does not pass. */
  missing: Parameter[];
  /** Keywords no parameter takes (and no `**kwargs`). */
  unknownKeywords: string[];
  /** Positional arguments past the last parameter (and no rest). */
  extra: number;
  /** Optional parameters the call leaves to their default. */
  defaulted: Parameter[];
  /** The parameter each positional argument binds to (`...name` into a rest, '' past the end). */
  byPosition: string[];
}

/** Binds a call to a parameter list the way the language does: by position, then by keyword. */
export function bindCall(parameters: Parameter[], call: CallArguments): Binding {
  const positional = parameters.filter((p) => p.kind === 'positional');
  const restName = parameters.find((p) => p.kind === 'rest')?.name;
  const rest = restName !== undefined;
  const kwargs = parameters.some((p) => p.kind === 'kwargs');
  const bound = new Set<Parameter>();
  const byPosition: string[] = [];
  for (let i = 0; i < call.positional; i += 1) {
    const p = positional[i];
    if (p) bound.add(p);
    byPosition.push(p?.name ?? (rest ? `...${restName}` : ''));
  }
  const extra = rest ? 0 : Math.max(0, call.positional - positional.length);
  const unknownKeywords: string[] = [];
  for (const keyword of call.keywords) {
    const p = parameters.find((q) => q.name === keyword && (q.kind === 'positional' || q.kind === 'keyword') && !q.positionalOnly);
    if (p) bound.add(p);
    else if (!kwargs) unknownKeywords.push(keyword);
  }
  const named = parameters.filter((p) => p.kind === 'positional' || p.kind === 'keyword');
  return {
    missing: named.filter((p) => !p.optional && !bound.has(p)),
    unknownKeywords,
    extra,
    defaulted: named.filter((p) => p.optional && !bound.has(p)),
    byPosition,
  };
}

export function fits(binding: Binding): boolean {
  return binding.missing.length === 0 && binding.unknownKeywords.length === 0 && binding.extra === 0;
}
