import type { Node } from 'web-tree-sitter';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { PathCatalog, resolveImport } from '../../code-index/resolve-imports.js';
import type { SymbolHit } from '../../code-index/graph-queries.js';
import { readCallArguments, type CallArguments } from './read-call-arguments.js';
import type { Definition } from './read-parameters.js';
import { findNodes, readSyntaxTree } from './read-syntax-tree.js';
import type { FindingContext } from './review-finding.js';

/** One call of a changed definition in the head, with its arguments read. */
export interface CallSite {
  path: string;
  language: LanguageId;
  call: CallArguments;
  /** The innermost symbol holding the call (`module` at top level): with `occurrence`, the site's identity without lines. */
  caller: string;
  /** Which call of the definition within `caller` this is, from 1. */
  occurrence: number;
}

const CALLABLE = new Set(['function', 'method']);
const ECMASCRIPT = new Set<LanguageId>(['javascript', 'typescript', 'tsx']);
/** Other definitions of the same name whose calls are compared: a name defined more often than this is not resolved by hand. */
const MAX_OTHER_DEFINITIONS = 8;

/**
 * The calls of a changed definition the head index linked to it (an import,
 * a receiver's type, the same package), each read from the head with
 * tree-sitter. Undefined when the index cannot tell its calls (the name is
 * too common to link, the definition is not indexed once); a call another
 * definition of the name is also linked from is left out.
 */
export async function findCallSiteArguments(
  context: FindingContext,
  target: { path: string; definition: Definition },
): Promise<CallSite[] | undefined> {
  const { index } = context;
  const { definition } = target;
  const symbols = index
    .symbolsIn(target.path)
    .filter((s) => s.name === definition.name && s.scope === definition.scope && CALLABLE.has(s.kind));
  if (symbols.length !== 1) return undefined;
  const symbol = symbols[0]!;
  if (index.callSites(symbol.id, 1, 1).ambiguous) return undefined;
  const lines = index.callLines(symbol.id);
  if (lines.length === 0) return [];
  const others = index
    .findDefinitions(definition.name, MAX_OTHER_DEFINITIONS + 1)
    .filter((d) => d.id !== symbol.id && d.name === definition.name && CALLABLE.has(d.kind));
  if (others.length > MAX_OTHER_DEFINITIONS) return undefined;
  // The index keeps one call per calling symbol, receiver and name (its first line): the other calls in that
  // symbol on the same receiver expression are the same link. A caller another definition is linked from is left out.
  const shared = new Set(others.flatMap((o) => index.callLines(o.id).map((l) => `${l.path}:${l.line}`)));
  const byPath = new Map<string, { linked: Set<number>; shared: Set<number> }>();
  for (const l of lines) {
    const entry = byPath.get(l.path) ?? { linked: new Set<number>(), shared: new Set<number>() };
    entry[shared.has(`${l.path}:${l.line}`) ? 'shared' : 'linked'].add(l.line);
    byPath.set(l.path, entry);
  }
  for (const o of others.flatMap((d) => index.callLines(d.id))) byPath.get(o.path)?.shared.add(o.line);
  const catalog = new PathCatalog(index.listFiles().map((f) => f.path));
  const resolves = (source: string, from: string, language: LanguageId) =>
    resolveImport(source, from, language, 'import', catalog).includes(target.path);
  const sites: CallSite[] = [];
  for (const [path, { linked, shared: unsure }] of byPath) {
    const language = findLanguage(path);
    const text = language ? await context.readHead(path).catch(() => undefined) : undefined;
    if (!language || text === undefined) continue;
    const read = await readSyntaxTree(path, text, (root) => ({
      calls: readCallArguments(root, language, definition.name),
      // `import delay from './delay.js'`: a plain `delay()` here is that one, whatever else the file imports.
      bound: ECMASCRIPT.has(language) && bindsImport(root, definition.name, (source) => resolves(source, path, language)),
    }));
    const calls = read?.calls ?? [];
    const holders = index.symbolsIn(path);
    const key = (call: CallArguments) => `${innermost(holders, call.line)}\u0000${call.receiver}`;
    const mine = (c: CallArguments) => linked.has(c.line) || (read?.bound === true && c.receiver === '' && unsure.has(c.line));
    const accepted = new Set(calls.filter(mine).map(key));
    for (const c of calls.filter((c) => unsure.has(c.line) && !mine(c))) accepted.delete(key(c));
    const seen = new Map<string, number>();
    for (const call of calls) {
      const caller = innermost(holders, call.line);
      const occurrence = (seen.get(caller) ?? 0) + 1;
      seen.set(caller, occurrence);
      if (!call.spread && accepted.has(key(call))) sites.push({ path, language, call, caller, occurrence });
    }
  }
  return sites;
}

/** The file imports `name` itself (by name, alias or default) from a module `resolves` accepts. */
function bindsImport(root: Node, name: string, resolves: (source: string) => boolean): boolean {
  for (const node of findNodes(root, ['import_statement'])) {
    const source = node.childForFieldName('source')?.text.replace(/^['"`]|['"`]$/g, '');
    if (source === undefined || !resolves(source)) continue;
    const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
    if (clause?.namedChildren.some((c) => c?.type === 'identifier' && c.text === name)) return true;
    const named = findNodes(node, ['import_specifier']);
    if (named.some((n) => (n.childForFieldName('alias') ?? n.childForFieldName('name'))?.text === name)) return true;
  }
  return false;
}

function innermost(symbols: SymbolHit[], line: number): string {
  let best: SymbolHit | undefined;
  for (const s of symbols) {
    if (s.startLine <= line && line <= s.endLine && (!best || s.endLine - s.startLine <= best.endLine - best.startLine)) best = s;
  }
  return best ? (best.scope ? `${best.scope}.${best.name}` : best.name) : 'module';
}
