import type { Cardinality, DiagramAttribute } from './diagram-graph.js';

/** One table or model class found in a file, before names are resolved across files. */
export interface ErdEntity {
  name: string;
  /** Other names code uses for it (a model's table name), matched without case. */
  aliases: string[];
  path: string;
  attributes: DiagramAttribute[];
  /** `target` is a name or alias of another entity, as the source wrote it. */
  relations: { target: string; label?: string; cardinality: Cardinality }[];
}

/** `"public"."users"`, `[dbo].[users]`, `` `users` `` -> `users`. */
export function unquoteName(raw: string): string {
  const last = raw.split('.').pop() ?? raw;
  return last.replace(/^["`[]|["`\]]$/g, '');
}

/** The text between the bracket at `open` and its partner (quotes are not tracked: DDL and class bodies rarely need it). */
export function matchingBlock(text: string, open: number, pair: '()' | '{}'): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === pair[0]) depth += 1;
    else if (text[i] === pair[1]) {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return undefined;
}
