import { Parser, type Node } from 'web-tree-sitter';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { initParser, loadGrammar } from '../../code-index/load-grammars.js';

let parser: Parser | undefined;

/**
 * Parses `text` with the index's grammar for `path` and hands the root to
 * `read`, deleting the tree afterwards (the WASM heap does not shrink).
 * Undefined for a language without a grammar or a parse that fails.
 */
export async function readSyntaxTree<T>(path: string, text: string, read: (root: Node, language: LanguageId) => T): Promise<T | undefined> {
  const language = findLanguage(path);
  if (!language) return undefined;
  const grammar = await loadGrammar(language);
  if (!grammar) return undefined;
  await initParser();
  parser ??= new Parser();
  parser.setLanguage(grammar.language);
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return read(tree.rootNode, language);
  } finally {
    tree.delete();
  }
}

/** Every descendant of `node` whose type is in `types`, in document order. */
export function findNodes(node: Node, types: readonly string[]): Node[] {
  return node.descendantsOfType([...types]).filter((n): n is Node => n !== null);
}
