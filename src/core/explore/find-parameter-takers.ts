import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { findLanguage } from '../code-index/languages.js';
import { readFullHeader } from '../code-index/read-full-header.js';
import { readParameterNames } from '../code-index/read-parameter-names.js';

/** Files looked through: the question's strongest candidates and evidence, not the whole tree. */
const MAX_FILES = 4;
const CALLABLE = new Set(['function', 'method', 'constructor']);

/**
 * The callables in the question's candidate files that take `name` as a parameter (`max_age` in
 * `def unsign(self, signed_value, max_age=None)`): a name the index has no definition for, but which is no
 * gap either. Headers are read whole from the files (the index keeps a signature's first lines only), so a
 * parameter on the fifth line of a header counts; `readText` reads as the exploration does (budget, secrets, the
 * content the index saw).
 */
export async function findParameterTakers(
  name: string,
  context: { index: CodeIndex; files: string[]; readText: (path: string) => Promise<string | undefined> },
): Promise<SymbolHit[]> {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return [];
  const takers: SymbolHit[] = [];
  for (const path of [...new Set(context.files)].slice(0, MAX_FILES)) {
    const language = findLanguage(path);
    const callables = context.index.symbolsIn(path).filter((s) => CALLABLE.has(s.kind));
    if (!language || callables.length === 0) continue;
    const text = await context.readText(path);
    if (text === undefined) continue;
    const lines = text.split('\n');
    for (const symbol of callables) {
      const header = readFullHeader(lines, symbol);
      if (header && readParameterNames(header, symbol.name, language).includes(name)) takers.push(symbol);
    }
  }
  return takers;
}
