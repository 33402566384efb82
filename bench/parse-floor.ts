/**
 * The floor under a cold index: tree-sitter (WASM) alone over a tree, as a
 * process of its own so its CPU time is measured whole. `parse` parses every
 * file the index would parse; `tags` also runs the tags query over each tree
 * (what symbols, references and imports come from). No secrets scan, no
 * chunks, no SQLite: whatever the index does beyond this costs more.
 *
 *   node dist/bench/parse-floor.js DIR parse|tags
 *
 * Prints one JSON line: files, bytes, and the mode.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Parser } from 'web-tree-sitter';
import { extractTags } from '../src/core/code-index/extract-tags.js';
import { findLanguage } from '../src/core/code-index/languages.js';
import { initParser, loadGrammar } from '../src/core/code-index/load-grammars.js';
import { DEFAULT_MAX_FILE_BYTES } from '../src/core/repo/skip-rules.js';

const [root, mode] = process.argv.slice(2);
if (!root || (mode !== 'parse' && mode !== 'tags')) {
  process.stderr.write('usage: parse-floor DIR parse|tags\n');
  process.exit(2);
}

await initParser();
const parser = new Parser();
const decoder = new TextDecoder('utf-8');
let files = 0;
let bytes = 0;
for (const file of walk(root)) {
  const language = findLanguage(path.relative(root, file));
  if (!language || statSync(file).size > DEFAULT_MAX_FILE_BYTES) continue;
  const grammar = await loadGrammar(language);
  if (!grammar) continue;
  const data = readFileSync(file);
  const text = decoder.decode(data);
  parser.setLanguage(grammar.language);
  const tree = parser.parse(text);
  if (!tree) continue;
  if (mode === 'tags') extractTags(tree.rootNode, grammar.query, text);
  tree.delete();
  files += 1;
  bytes += data.length;
}
process.stdout.write(`${JSON.stringify({ mode, files, bytes })}\n`);

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === '.git' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
