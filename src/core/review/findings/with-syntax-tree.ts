import { Parser, type Node } from 'web-tree-sitter';
import type { LanguageId } from '../../code-index/languages.js';
import { initParser, loadGrammar } from '../../code-index/load-grammars.js';

let parser: Parser | undefined;

/**
 * Runs `read` over the tree-sitter tree of `text` (the index's grammars) and
 * frees the tree after: what a finding rule needs from the syntax around a
 * line that the index does not keep. Undefined when the language has no
 * grammar or the parser gives up.
 */
export async function withSyntaxTree<T>(language: LanguageId, text: string, read: (root: Node) => T): Promise<T | undefined> {
  const grammar = await loadGrammar(language);
  if (!grammar) return undefined;
  await initParser();
  parser ??= new Parser();
  parser.setLanguage(grammar.language);
  const tree = parser.parse(text);
  if (!tree) return undefined;
  try {
    return read(tree.rootNode);
  } finally {
    tree.delete();
  }
}
