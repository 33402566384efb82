import { createRequire } from 'node:module';
import { Language, Parser, Query } from 'web-tree-sitter';
import { GRAMMAR_FILE, type LanguageId } from './languages.js';
import { TAGS_QUERIES } from './queries/index.js';

const require = createRequire(import.meta.url);

export interface Grammar {
  language: Language;
  query: Query;
}

let ready: Promise<void> | undefined;
const grammars = new Map<LanguageId, Promise<Grammar | undefined>>();

/** Loads the WASM runtime once per thread. */
export function initParser(): Promise<void> {
  ready ??= Parser.init();
  return ready;
}

/**
 * The grammar and compiled tags query for a language, loaded once per thread.
 * Undefined when the language has no tags query yet.
 */
export function loadGrammar(id: LanguageId): Promise<Grammar | undefined> {
  let pending = grammars.get(id);
  if (!pending) {
    pending = (async () => {
      const source = TAGS_QUERIES[id];
      if (source === undefined) return undefined;
      await initParser();
      const file = require.resolve(`@vscode/tree-sitter-wasm/wasm/${GRAMMAR_FILE[id]}`);
      const language = await Language.load(file);
      return { language, query: new Query(language, source) };
    })();
    grammars.set(id, pending);
  }
  return pending;
}
