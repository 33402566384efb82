import escapeStringRegexp from 'escape-string-regexp';
import path from 'node:path/posix';
import type { Node } from 'web-tree-sitter';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import { PathCatalog, resolveImport } from '../../code-index/resolve-imports.js';
import { findModuleImports } from './find-module-imports.js';
import { findNodes, readSyntaxTree } from './read-syntax-tree.js';
import type { FindingContext } from './review-finding.js';

/** A name the change took away from a file. */
export interface RemovedName {
  /** The file that defined it (its path before the change). */
  path: string;
  language: LanguageId;
  name: string;
  /** Its line in the base, and that line as written. */
  line: number;
  code: string;
  how: 'removed' | 'renamed' | 'unexported' | 'deleted';
  /** Whether the file is still there at the head. */
  exists: boolean;
  renamedTo?: { name: string; line: number };
  /** Go: the package clause's name, what other packages qualify the name with. */
  goPackage?: string;
  /** JavaScript, TypeScript: the base made it the module's default export. */
  isDefault?: boolean;
}

export interface NameUse {
  path: string;
  line: number;
  kind: 'import' | 'use';
  code: string;
  language: LanguageId;
  /** What happens there, when not what the language's plain use or import says (`httpx.get`: AttributeError). */
  consequence?: string;
  /** When not an error: a guarded import falls back instead of failing. */
  severity?: 'warning';
}

const ECMASCRIPT = new Set<LanguageId>(['javascript', 'typescript', 'tsx']);
/** References read per name: a name used more widely than this is read no further (the first ones are enough to act). */
const MAX_REFERENCES = 5_000;

/**
 * Where the head still uses a removed name from its file: imports of it
 * that resolve to that file (JavaScript, TypeScript, Python; an import
 * inside try/except is a warning in Python: it now fails every time and
 * its fallback runs; elsewhere, or of a deleted file, it is left alone), and in Go `pkg.Name` in
 * files importing the package or `Name` in the package itself. Nothing
 * when the file still mentions the name (an alias, a re-export, a shim) or
 * the package still defines it elsewhere.
 */
export async function findNameUses(context: FindingContext, removed: RemovedName): Promise<NameUse[]> {
  const { index } = context;
  const dir = path.dirname(removed.path);
  if (removed.exists) {
    const head = await context.readHead(removed.path).catch(() => undefined);
    if (head === undefined || stillProvides(head, removed)) return [];
  }
  const headPaths = index.listFiles().map((f) => f.path);
  const samePackage =
    removed.language === 'go' ? headPaths.filter((p) => path.dirname(p) === dir && p.endsWith('.go') && p !== removed.path) : [];
  if (
    removed.language === 'go' &&
    index.findDefinitions(removed.name, 20).some((d) => d.name === removed.name && d.scope === '' && path.dirname(d.path) === dir)
  ) {
    return [];
  }
  const candidates = new Set<string>(samePackage);
  if (removed.language === 'go') {
    for (const p of removed.exists ? [removed.path] : samePackage.slice(0, 1))
      for (const hit of index.importers(p, 1)) candidates.add(hit.path);
  } else if (removed.exists) {
    for (const hit of index.importers(removed.path, 1)) candidates.add(hit.path);
  } else {
    const catalog = new PathCatalog([...headPaths, removed.path]);
    for (const { path: from, source } of index.importSources(headPaths.filter((p) => sameFamily(p, removed.language)))) {
      if (resolveImport(source, from, removed.language, 'import', catalog).includes(removed.path)) candidates.add(from);
    }
  }
  candidates.delete(removed.path);
  const catalog = new PathCatalog([...headPaths, removed.path]);
  if (ECMASCRIPT.has(removed.language)) {
    // A default import's local name is the importer's own: it breaks only when the module has no default export left.
    const head = removed.exists ? await context.readHead(removed.path).catch(() => '') : '';
    const isDefault = removed.isDefault === true && !/\bexport\s+default\b/.test(head);
    const defines = (p: string, name: string) => index.symbolsIn(p).some((s) => s.name === name && s.scope === '');
    const found = await findModuleImports(context, { from: removed.path, name: removed.name, isDefault, candidates }, catalog, defines);
    const uses: NameUse[] = removed.exists ? await findOwnUses(context, removed) : [];
    for (const { path: usePath, line } of found.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line)) {
      const text = (await context.readHead(usePath).catch(() => '')).split('\n');
      uses.push({
        path: usePath,
        line,
        kind: 'import',
        code: text[line - 1]?.trim() ?? '',
        language: findLanguage(usePath) ?? removed.language,
      });
    }
    return uses;
  }
  const refs = index.findReferences(removed.name, MAX_REFERENCES).filter((r) => r.name === removed.name && candidates.has(r.path));
  const byPath = new Map<string, number[]>();
  for (const r of refs) if (removed.language === 'go' || r.kind === 'import') byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.line]);
  const uses: NameUse[] = removed.exists ? await findOwnUses(context, removed) : [];
  for (const [usePath, lines] of byPath) {
    const language = findLanguage(usePath);
    if (!language) continue;
    // A Python file defining the name itself is read only for the guarded import its definition is the fallback of.
    const definesIt = index.symbolsIn(usePath).some((s) => s.name === removed.name && s.scope === '');
    if (definesIt && (language !== 'python' || !removed.exists)) continue;
    const text = await context.readHead(usePath).catch(() => undefined);
    if (text === undefined) continue;
    const found =
      language === 'go'
        ? findGoUses(text, removed, { samePackage: path.dirname(usePath) === dir, lines }).map((line) => ({ line, guarded: false }))
        : ((await readSyntaxTree(usePath, text, (root) => findImports(root, { usePath, language, removed, lines, catalog }))) ?? []);
    const sourceLines = text.split('\n');
    const byLine = new Map(found.filter((f) => !definesIt || f.guarded).map((f) => [f.line, f.guarded]));
    for (const [line, guarded] of [...byLine].sort((a, b) => a[0] - b[0])) {
      const code = sourceLines[line - 1]?.trim() ?? '';
      uses.push({ path: usePath, line, kind: language === 'go' ? 'use' : 'import', code, language, ...(guarded ? GUARDED : {}) });
      if (language === 'go') break; // one per file: the first use says it; the rest say the same
    }
  }
  return uses;
}

/**
 * `try: from ._main import main / except ImportError: …`: the guard was for what the module needs (an optional
 * dependency); with the name gone from a file the repository still has, the import fails every time.
 */
const GUARDED: Pick<NameUse, 'consequence' | 'severity'> = {
  consequence: 'now fails every time inside its try, so the except branch (a fallback, or nothing) always runs instead',
  severity: 'warning',
};

/**
 * The file still provides the name in a way the parse does not pair: an alias (`parse = parse_text`), an
 * import or re-export (`export { makeUrl as buildUrl }`, `from .x import name`), a definition, or a shim naming
 * it in a string (`__getattr__`, `__all__`). Mentions in calls and comments do not count.
 */
function stillProvides(head: string, removed: RemovedName): boolean {
  const name = escapeStringRegexp(removed.name);
  const exported = [`export\\s*\\{[^}]*\\b${name}\\b`, `export\\s+default\\s+${name}\\b`, `\\bexports\\.${name}\\b`];
  if (removed.how === 'unexported') return exported.some((p) => new RegExp(p, 's').test(head));
  const patterns =
    removed.language === 'go'
      ? [`^\\s*(?:func|type|var|const)\\s+${name}\\b`, `^\\s*${name}\\b[^=\\n]*=`]
      : removed.language === 'python'
        ? [
            `^\\s*(?:async\\s+def|def|class)\\s+${name}\\b`,
            `^\\s*${name}\\s*(?::[^=\\n]*)?=(?!=)`,
            `\\bimport\\b[^\\n]*\\b${name}\\b`,
            `^\\s+${name}\\s*,?\\s*$`,
            `['"]${name}['"]`,
          ]
        : [
            ...exported,
            `\\b(?:function\\*?|class|const|let|var|type|interface|enum)\\s+${name}\\b`,
            `\\bimport\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b`,
            `\\bimport\\s+${name}\\b`,
            `module\\.exports\\s*=\\s*\\{[^}]*\\b${name}\\b`,
          ];
  return patterns.some((p) => new RegExp(p, 'm').test(head));
}

/** Calls of the name left in its own file, which no longer defines it: the first one, as a plain call (not `x.name()`). */
async function findOwnUses(context: FindingContext, removed: RemovedName): Promise<NameUse[]> {
  const lines = context.index
    .findReferences(removed.name, MAX_REFERENCES)
    .filter((r) => r.path === removed.path && r.name === removed.name && (r.kind === 'call' || r.kind === 'new'))
    .map((r) => r.line);
  if (lines.length === 0) return [];
  const text = await context.readHead(removed.path).catch(() => undefined);
  if (text === undefined) return [];
  const source = text.split('\n');
  const call = new RegExp(`(?<![\\w.$#])${escapeStringRegexp(removed.name)}\\s*\\(`);
  const line = lines.sort((a, b) => a - b).find((l) => call.test(withoutComment(source[l - 1] ?? '')));
  return line === undefined ? [] : [{ path: removed.path, line, kind: 'use', code: source[line - 1]!.trim(), language: removed.language }];
}

function findGoUses(text: string, removed: RemovedName, at: { samePackage: boolean; lines: number[] }): number[] {
  const name = escapeStringRegexp(removed.name);
  const qualifiers = new Set([removed.goPackage ?? path.basename(path.dirname(removed.path))]);
  // `alias "example.com/mod/pkg"` names the package otherwise.
  for (const m of text.matchAll(/^\s*(?:import\s+)?(\w+)\s+"([^"]+)"/gm)) {
    if (path.basename(m[2]!) === path.basename(path.dirname(removed.path))) qualifiers.add(m[1]!);
  }
  const pattern = at.samePackage
    ? new RegExp(`(?<![\\w.])${name}\\b`)
    : new RegExp(`\\b(?:${[...qualifiers].map(escapeStringRegexp).join('|')})\\s*\\.\\s*${name}\\b`);
  const lines = text.split('\n');
  return at.lines.filter((l) => pattern.test(withoutComment(lines[l - 1] ?? '')));
}

/**
 * Lines among `lines` holding an import of the name whose source resolves to the removed file; `guarded` when
 * inside a try (Python, a file that still exists: the import fails every time now).
 */
function findImports(
  root: Node,
  input: { usePath: string; language: LanguageId; removed: RemovedName; lines: number[]; catalog: PathCatalog },
): { line: number; guarded: boolean }[] {
  const types = input.language === 'python' ? ['import_from_statement'] : ['import_statement'];
  const out: { line: number; guarded: boolean }[] = [];
  for (const node of findNodes(root, types)) {
    const first = node.startPosition.row + 1;
    const last = node.endPosition.row + 1;
    const lines = input.lines.filter((l) => first <= l && l <= last);
    const guarded = insideTry(node);
    // A guarded import of a file the change deleted, or outside Python, is a fallback the author meant.
    if (lines.length === 0 || (guarded && (input.language !== 'python' || !input.removed.exists))) continue;
    const source = importSource(node, input.language, input.removed.name);
    if (source === undefined || !importsByName(node, input.language, input.removed.name)) continue;
    if (resolveImport(source, input.usePath, input.language, 'import', input.catalog).includes(input.removed.path)) {
      out.push(...lines.map((line) => ({ line, guarded })));
    }
  }
  return out;
}

/** An import statement's source as resolveImport reads it (`from . import name` as `. import name`). */
export function importSource(node: Node, language: LanguageId, name: string): string | undefined {
  if (language !== 'python') {
    const source = node.childForFieldName('source');
    return source?.text.replace(/^['"`]|['"`]$/g, '');
  }
  const module = node.childForFieldName('module_name')?.text;
  if (module === undefined) return undefined;
  // `from . import name` is stored as `. import name` (extract-tags.ts), which resolvePython reads.
  return /^\.+$/.test(module) ? `${module} import ${name}` : module;
}

/** A named import of it (`import { f }`): a default import's local name is the importer's own, whatever the file calls it. */
function importsByName(node: Node, language: LanguageId, name: string): boolean {
  if (language === 'python') return true;
  return findNodes(node, ['import_specifier']).some((s) => s.childForFieldName('name')?.text === name);
}

function insideTry(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'try_statement') return true;
  return false;
}

function sameFamily(p: string, language: LanguageId): boolean {
  const other = findLanguage(p);
  return other === language || (other !== undefined && ECMASCRIPT.has(other) && ECMASCRIPT.has(language));
}

function withoutComment(line: string): string {
  const at = line.indexOf('//');
  return at < 0 ? line : line.slice(0, at);
}
