import type { CodeIndex } from '../code-index/code-index.js';

/** Capitalised words taken as code per question: a name or two, not every capitalised word of a long report. */
const MAX_NAMED_CALLABLES = 2;

/**
 * "in what order does Get look up a key": a capitalised word inside a sentence
 * (after a lowercase word, so not a sentence's first word) that the index
 * defines, in exactly that case, as a function or method is the code it names
 * (Go's exported `Get`, `Bind`, `Unmarshal`). A word that starts a sentence,
 * names a type or a module, or is defined nowhere stays prose: "how does Flask
 * load Config" names no call.
 */
export function findNamedCallables(prompt: string, index: CodeIndex, known: readonly string[] = []): string[] {
  const found: string[] = [];
  for (const m of prompt.matchAll(/(?<=\b[a-z][\w']*,?\s+)([A-Z][a-z0-9]{2,})\b(?![.(\w'])/g)) {
    const word = m[1]!;
    if (found.length >= MAX_NAMED_CALLABLES) break;
    if (found.includes(word) || known.includes(word)) continue;
    const callable = index.findDefinitions(word, 10).some((d) => d.name === word && (d.kind === 'function' || d.kind === 'method'));
    if (callable) found.push(word);
  }
  return found;
}
