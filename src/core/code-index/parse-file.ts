import { Parser } from 'web-tree-sitter';
import { findContentSkipReason } from '../repo/skip-rules.js';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { buildCodeChunks, buildTextChunks } from './build-chunks.js';
import { countLines } from './count-lines.js';
import { extractTags } from './extract-tags.js';
import { findFileKind } from './languages.js';
import { initParser, loadGrammar } from './load-grammars.js';
import type { ParsedFile } from './types.js';

let parser: Parser | undefined;
const decoder = new TextDecoder('utf-8');

/**
 * Turns one file's bytes into what the index stores. Never throws for bad
 * content: a file that cannot be parsed comes back with status 'parse-error'
 * and the reason, and the run goes on.
 */
export async function parseFile(path: string, bytes: Uint8Array): Promise<ParsedFile> {
  const kind = findFileKind(path) ?? 'text';
  const empty: ParsedFile = {
    path,
    language: kind,
    status: 'skipped',
    reason: undefined,
    lines: 0,
    symbols: [],
    references: [],
    imports: [],
    chunks: [],
  };
  const text = decoder.decode(bytes);
  const skip = findContentSkipReason(bytes, text, path);
  if (skip) return { ...empty, reason: skip };
  // Secrets never reach the index; redaction keeps line breaks, so lines and chunks stay where they were.
  const clean = await redactSecrets(text);
  const lines = clean.split('\n');
  const lineCount = countLines(clean);
  const grammar = kind === 'text' ? undefined : await loadGrammar(kind);
  if (!grammar) return { ...empty, status: 'text', lines: lineCount, chunks: buildTextChunks(lines) };

  await initParser();
  parser ??= new Parser();
  parser.setLanguage(grammar.language);
  let tree;
  try {
    tree = parser.parse(clean);
  } catch (error) {
    return { ...empty, status: 'parse-error', lines: lineCount, reason: describe(error) };
  }
  if (!tree) return { ...empty, status: 'parse-error', lines: lineCount, reason: 'parser returned no tree' };
  try {
    const tags = extractTags(tree.rootNode, grammar.query, clean, { language: kind });
    return {
      ...empty,
      status: 'ok',
      reason: tree.rootNode.hasError ? 'syntax errors (partial tags)' : undefined,
      lines: lineCount,
      ...tags,
      chunks: buildCodeChunks(lines, tags.symbols, tags.imports),
    };
  } catch (error) {
    return { ...empty, status: 'parse-error', lines: lineCount, reason: describe(error) };
  } finally {
    tree.delete();
  }
}

function describe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : `parser failed (${String(error)})`;
}
