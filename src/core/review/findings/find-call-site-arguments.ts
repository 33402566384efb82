import { dirname } from 'node:path/posix';
import type { Node } from 'web-tree-sitter';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { PathCatalog, resolveImport } from '../../code-index/resolve-imports.js';
import type { SymbolHit } from '../../code-index/graph-queries.js';
import { importSource } from './find-name-uses.js';
import { findPackageMemberCalls } from './find-package-member-uses.js';
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
  const targetLanguage = findLanguage(target.path);
  const go = targetLanguage === 'go';
  // A Python or Go function named too commonly to link by name (`httpx.get`, chi's `split`) is still read, through
  // the calls that name it plainly or by its package (`get(…)`, `httpx.get(…)`): never `x.get(…)`.
  const common = index.callSites(symbol.id, 1, 1).ambiguous;
  if (common && !(definition.scope === '' && (go || targetLanguage === 'python'))) return undefined;
  const packages = new Set(common ? dirname(target.path).split('/') : []);
  const certain = (call: CallArguments) => !common || call.receiver === '' || packages.has(call.receiver);
  const lines = index.callLines(symbol.id, undefined, { evenCommon: common });
  const others = index
    .findDefinitions(definition.name, common ? 200 : MAX_OTHER_DEFINITIONS + 1)
    .filter((d) => d.id !== symbol.id && d.name === definition.name && CALLABLE.has(d.kind))
    // A method is reached only through its class's receiver, which a plain or package call is not.
    .filter((d) => !(common && d.scope))
    // Two Go functions of one name in one package are build variants (`binding_nomsgpack.go`): a call breaks in the build that compiles this one.
    .filter((d) => !(go && !definition.scope && !d.scope && dirname(d.path) === dirname(target.path)));
  if (others.length > MAX_OTHER_DEFINITIONS) return undefined;
  // The index keeps one call per calling symbol, receiver and name (its first line): the other calls in that
  // symbol on the same receiver expression are the same link. A caller another definition is linked from is left out.
  const otherLines = others.flatMap((o) =>
    index.callLines(o.id, undefined, { evenCommon: common }).map((l) => ({ ...l, home: dirname(o.path), plain: !o.scope })),
  );
  // Python: `click.getchar(…)` names the package whose `__init__.py` re-exports this definition, whatever else of
  // the name the file imports (`import click._termui_impl`) or defines (a command named `pause`).
  const python = targetLanguage === 'python' && definition.scope === '';
  const { packages: reExporting, calls: memberCalls } = python
    ? await findPackageMemberCalls(context, { path: target.path, name: definition.name })
    : { packages: [], calls: [] };
  const reExporters = new Set(reExporting);
  // Calls beside a platform fallback: the fallback's links too, so they count only where the file binds the import.
  const fallbackCalls = python ? findCallsBesideFallback(context, target.path, definition.name) : [];
  if (lines.length + memberCalls.length + fallbackCalls.length === 0) return [];
  const byPath = new Map<string, { linked: Set<number>; shared: Set<number> }>();
  for (const l of [...lines, ...memberCalls, ...fallbackCalls])
    byPath.set(l.path, byPath.get(l.path) ?? { linked: new Set<number>(), shared: new Set<number>() });
  for (const l of [...lines, ...memberCalls, ...fallbackCalls]) byPath.get(l.path)!.linked.add(l.line);
  const competing = new Map<string, { home: string; plain: boolean }[]>();
  for (const o of otherLines) {
    const entry = byPath.get(o.path);
    if (!entry) continue;
    entry.shared.add(o.line);
    competing.set(`${o.path}:${o.line}`, [...(competing.get(`${o.path}:${o.line}`) ?? []), o]);
  }
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
      bound:
        (ECMASCRIPT.has(language) && bindsImport(root, definition.name, (source) => resolves(source, path, language))) ||
        (language === 'python' && bindsPythonImport(root, definition.name, (source) => resolves(source, path, language))),
    }));
    const calls = read?.calls ?? [];
    const holders = index.symbolsIn(path);
    const key = (call: CallArguments) => `${innermost(holders, call.line)}\u0000${call.receiver}`;
    // A Go call names its package unless it is the caller's own (`binding.Default()` vs `Default()`): a function of
    // another package than the call says is not a competitor.
    const rivals = (c: CallArguments) =>
      (competing.get(`${path}:${c.line}`) ?? []).some(
        (o) => language !== 'go' || !o.plain || (c.receiver === '') === (o.home === dirname(path)),
      );
    const contested = (c: CallArguments) => unsure.has(c.line) && rivals(c) && !reExporters.has(c.receiver);
    const mine = (c: CallArguments) => linked.has(c.line) && certain(c) && (!contested(c) || (read?.bound === true && c.receiver === ''));
    const accepted = new Set(calls.filter(mine).map(key));
    for (const c of calls.filter((c) => contested(c) && !mine(c))) accepted.delete(key(c));
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

function innermost(symbols: SymbolHit[], line: number): string {
  let best: SymbolHit | undefined;
  for (const s of symbols) {
    if (s.startLine <= line && line <= s.endLine && (!best || s.endLine - s.startLine <= best.endLine - best.startLine)) best = s;
  }
  return best ? (best.scope ? `${best.scope}.${best.name}` : best.name) : 'module';
}

/**
 * Python files that import the name from the definition's file and define one of their own as well: the
 * platform fallback (`if WIN: from ._winconsole import f` / `else: def f(…)`). The index links their calls to
 * the local one; where the import runs, they call the changed definition. Their calls of the name, as lines.
 */
function findCallsBesideFallback(context: FindingContext, path: string, name: string): { path: string; line: number }[] {
  const { index } = context;
  const importers = new Set(
    index
      .importers(path, 1)
      .map((hit) => hit.path)
      .filter((p) => p.endsWith('.py') && index.symbolsIn(p).some((s) => s.name === name && s.scope === '' && CALLABLE.has(s.kind))),
  );
  if (importers.size === 0) return [];
  return index
    .findReferences(name, 5_000)
    .filter((r) => r.name === name && r.kind === 'call' && importers.has(r.path))
    .map((r) => ({ path: r.path, line: r.line }));
}

/** `from <module> import name` (not aliased) from a module `resolves` accepts, anywhere in the file. */
function bindsPythonImport(root: Node, name: string, resolves: (source: string) => boolean): boolean {
  for (const node of findNodes(root, ['import_from_statement'])) {
    const source = importSource(node, 'python', name);
    if (source === undefined) continue;
    const names = node.childrenForFieldName('name');
    if (names.some((n) => n?.type === 'dotted_name' && n.text === name) && resolves(source)) return true;
  }
  return false;
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
