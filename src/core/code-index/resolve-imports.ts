import path from 'node:path/posix';
import type { LanguageId } from './languages.js';
import type { GoModule } from './read-go-modules.js';
import type { PackageMain } from './read-package-mains.js';

/**
 * What import resolution asks of the repository's paths: exact lookups, and
 * lookups by trailing path (`com/acme/Uploader.java`) for languages whose
 * imports name a package rather than a relative file.
 */
export interface PathLookup {
  has(p: string): boolean;
  filesIn(dir: string): string[];
  /** Files whose path ends with `suffix` at a segment boundary, nearest to `from` first. */
  withSuffix(suffix: string, from: string): string[];
  /** Folders whose path ends with `suffix` at a segment boundary. */
  dirsWithSuffix(suffix: string): string[];
}

/** All paths in memory: for resolving many imports at once. */
export class PathCatalog implements PathLookup {
  private readonly paths: Set<string>;
  private readonly byBase = new Map<string, string[]>();
  /** Paths by their last two segments (`core/__init__.py`): a package's `__init__.py` is one of hundreds by base name alone. */
  private readonly byTail = new Map<string, string[]>();
  private readonly dirs = new Map<string, string[]>();

  constructor(paths: Iterable<string>) {
    this.paths = new Set(paths);
    for (const p of this.paths) {
      const base = p.slice(p.lastIndexOf('/') + 1);
      push(this.byBase, base, p);
      if (p.length > base.length) push(this.byTail, lastTwoSegments(p), p);
      push(this.dirs, dirOf(p), p);
    }
  }

  has(p: string): boolean {
    return this.paths.has(p);
  }

  filesIn(dir: string): string[] {
    return this.dirs.get(dir) ?? [];
  }

  withSuffix(suffix: string, from: string): string[] {
    const base = suffix.slice(suffix.lastIndexOf('/') + 1);
    // A path ends with a suffix of two or more segments only if its last two segments are the suffix's.
    const candidates = suffix.length > base.length ? this.byTail.get(lastTwoSegments(suffix)) : this.byBase.get(base);
    return nearestFirst(
      (candidates ?? []).filter((p) => endsWithSegments(p, suffix)),
      from,
    );
  }

  dirsWithSuffix(suffix: string): string[] {
    return [...this.dirs.keys()].filter((d) => endsWithSegments(d, suffix));
  }
}

/** `a/b/c.py` -> `b/c.py`; a path of one segment is itself. */
function lastTwoSegments(p: string): string {
  return p.slice(p.lastIndexOf('/', p.lastIndexOf('/') - 1) + 1);
}

export function endsWithSegments(p: string, suffix: string): boolean {
  return p === suffix || p.endsWith(`/${suffix}`);
}

export function nearestFirst(paths: string[], from: string): string[] {
  return paths.sort((a, b) => sharedPrefix(b, from) - sharedPrefix(a, from) || a.length - b.length);
}

const ECMASCRIPT_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts'];

/**
 * Repo paths an import points at; empty for external packages and anything
 * that cannot be pinned to files of this repository.
 */
export function resolveImport(
  source: string,
  from: string,
  language: LanguageId | string,
  kind: 'import' | 'contains',
  catalog: PathLookup,
  context: { goModules?: GoModule[]; packageMains?: PackageMain[] } = {},
): string[] {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return resolveEcmascript(source, from, catalog, context.packageMains ?? []);
    case 'python':
      return resolvePython(source, from, catalog);
    case 'go':
      return resolveGo(source, catalog, context.goModules ?? []);
    case 'rust':
      return resolveRust(source, from, kind, catalog);
    case 'java':
      return resolveDotted(source, from, '.java', catalog);
    case 'ruby':
      return resolveRuby(source, from, catalog);
    case 'c':
    case 'cpp':
      return first(catalog, [path.join(dirOf(from), source)]) ?? catalog.withSuffix(normal(source), from).slice(0, 1);
    case 'php':
      return resolvePhp(source, from, catalog);
    case 'csharp':
      return resolveNamespaceFolder(source.split('.'), '.cs', catalog);
    default:
      return [];
  }
}

function resolveEcmascript(source: string, from: string, catalog: PathLookup, mains: PackageMain[]): string[] {
  if (!source.startsWith('.')) {
    // The package's own name (`require('koa')`, `import x from 'koa/lib/x'`): a test importing what it tests.
    const own = mains.find((m) => m.name !== undefined && (source === m.name || source.startsWith(`${m.name}/`)));
    if (!own) return [];
    return source === own.name
      ? (first(catalog, fileCandidates(own.main)) ?? [])
      : (first(catalog, fileCandidates(join(own.dir, source.slice(own.name!.length + 1)))) ?? []);
  }
  const target = path.join(dirOf(from), source);
  const found = first(catalog, fileCandidates(target));
  if (found) return found;
  // A package's folder (`require('../..')`): the file its package.json names as `main`.
  const folder = normal(target);
  if (folder === '') return []; // outside the repository
  const main = mains.find((m) => m.dir === folder || (folder === '.' && m.dir === ''));
  return main ? (first(catalog, fileCandidates(main.main)) ?? []) : [];
}

/** The files a module path can name: itself, with each extension, or its folder's index file. */
function fileCandidates(target: string): string[] {
  const stem = target.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [target];
  for (const ext of ECMASCRIPT_EXTENSIONS) candidates.push(stem + ext);
  for (const ext of ECMASCRIPT_EXTENSIONS) candidates.push(`${target}/index${ext}`);
  return candidates;
}

function resolvePython(source: string, from: string, catalog: PathLookup): string[] {
  // `from . import name` (extract-tags.ts writes `. import name`): the module `name`, else a name the package's __init__ defines.
  const named = /^(\.+) import (\w+)$/.exec(source);
  if (named) {
    let dir = dirOf(from);
    for (let i = 1; i < named[1]!.length; i += 1) dir = dirOf(dir);
    const base = path.join(dir, named[2]!);
    return first(catalog, [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`, path.join(dir, '__init__.py')]) ?? [];
  }
  const dots = /^\.*/.exec(source)![0].length;
  const rest = source.slice(dots).split('.').filter(Boolean).join('/');
  if (dots > 0) {
    let dir = dirOf(from);
    for (let i = 1; i < dots; i += 1) dir = dirOf(dir);
    const base = rest ? path.join(dir, rest) : dir;
    return first(catalog, [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`]) ?? [];
  }
  // An absolute import names a module from a root on sys.path (the repository root, src/, lib/…): the folder
  // above its first segment cannot itself be a package. So `import typing` is not flask's own typing.py, and
  // `import flask` is src/flask/, not a test fixture's inner package flask.py. Of the importable ones, the
  // shallowest root wins (a top-level package over a nested copy).
  const importable = [`${rest}.py`, `${rest}/__init__.py`]
    .flatMap((suffix) => catalog.withSuffix(suffix, from).map((hit) => ({ hit, root: rootOf(hit, suffix) })))
    // The repository root is always a sys.path root, even when it holds an __init__.py (a repository that is one package).
    .filter(({ root }) => root === '' || !catalog.has(`${root}/__init__.py`));
  importable.sort(
    (a, b) => depthOf(a.root) - depthOf(b.root) || (a.hit.endsWith('/__init__.py') ? 1 : 0) - (b.hit.endsWith('/__init__.py') ? 1 : 0),
  );
  return importable[0] ? [importable[0].hit] : [];
}

/** The folder a suffix match hangs from: `src` for `src/flask/app.py` matched by `flask/app.py`. */
function rootOf(hit: string, suffix: string): string {
  return hit === suffix ? '' : hit.slice(0, hit.length - suffix.length - 1);
}

function depthOf(dir: string): number {
  return dir === '' ? 0 : dir.split('/').length;
}

/** A Go import names a package (a folder): every non-test file in it. */
function resolveGo(source: string, catalog: PathLookup, modules: GoModule[]): string[] {
  // The repository's own module (go.mod): its path maps to the go.mod's folder, exactly.
  const goFiles = (dir: string) => catalog.filesIn(dir).filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
  for (const m of modules) {
    const dir = source === m.path ? m.dir : source.startsWith(`${m.path}/`) ? path.join(m.dir, source.slice(m.path.length + 1)) : undefined;
    const files = dir === undefined ? [] : goFiles(dir);
    // A module path with no such folder falls back to matching folder names below (a layout go.mod does not describe).
    if (files.length > 0) return files;
    if (dir !== undefined) break;
  }
  const segments = source.split('/');
  // The standard library has no dot in its first segment ("fmt", "net/http"): never ours.
  if (!segments[0]!.includes('.')) return [];
  for (let k = segments.length - 1; k >= 1; k -= 1) {
    const dirs = catalog.dirsWithSuffix(segments.slice(-k).join('/'));
    if (dirs.length === 1) {
      return catalog.filesIn(dirs[0]!).filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
    }
  }
  return [];
}

function resolveRust(source: string, from: string, kind: 'import' | 'contains', catalog: PathLookup): string[] {
  const moduleDir = rustModuleDir(from);
  if (kind === 'contains') return first(catalog, [`${moduleDir}/${source}.rs`, `${moduleDir}/${source}/mod.rs`]) ?? [];
  const segments = source
    .split('{')[0]!
    .split('::')
    .map((s) => s.trim())
    .filter(Boolean);
  let dir: string;
  if (segments[0] === 'crate') dir = rustCrateRoot(from, catalog);
  else if (segments[0] === 'self') dir = moduleDir;
  else if (segments[0] === 'super') dir = dirOf(moduleDir);
  else dir = ''; // a path from a module declared here (`mod report;` then `use report::x`)
  const rest = dir === '' && !['crate', 'self', 'super'].includes(segments[0]!) ? segments : segments.slice(1);
  if (dir === '') dir = moduleDir;
  while (rest[0] === 'super') {
    dir = dirOf(dir);
    rest.shift();
  }
  for (let k = rest.length; k >= 1; k -= 1) {
    const base = path.join(dir, ...rest.slice(0, k));
    const hit = first(catalog, [`${base}.rs`, `${base}/mod.rs`]);
    if (hit) return hit;
  }
  return [];
}

/** The folder holding a Rust file's child modules: `src/a/mod.rs` -> `src/a`, `src/a.rs` -> `src/a`. */
function rustModuleDir(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  if (['mod.rs', 'lib.rs', 'main.rs'].includes(base)) return dirOf(file);
  return file.slice(0, -'.rs'.length);
}

function rustCrateRoot(from: string, catalog: PathLookup): string {
  for (let dir = dirOf(from); ; dir = dirOf(dir)) {
    if (catalog.has(join(dir, 'lib.rs')) || catalog.has(join(dir, 'main.rs'))) return dir;
    if (dir === '') return dirOf(from);
  }
}

function resolveDotted(source: string, from: string, ext: string, catalog: PathLookup): string[] {
  const clean = source.replace(/^static\s+/, '');
  if (clean.endsWith('.*')) {
    const dirs = catalog.dirsWithSuffix(clean.slice(0, -2).split('.').join('/'));
    return dirs.length === 1 ? catalog.filesIn(dirs[0]!).filter((p) => p.endsWith(ext)) : [];
  }
  const segments = clean.split('.');
  // `import static a.b.C.member`: drop trailing members until a file matches.
  for (let k = segments.length; k >= 2; k -= 1) {
    const hit = catalog.withSuffix(`${segments.slice(0, k).join('/')}${ext}`, from)[0];
    if (hit) return [hit];
  }
  // `import a.b.*` reaches us as `a.b` when the grammar keeps the `.*` apart: a package is a folder.
  const dirs = catalog.dirsWithSuffix(segments.join('/'));
  return dirs.length === 1 ? catalog.filesIn(dirs[0]!).filter((p) => p.endsWith(ext)) : [];
}

function resolveRuby(source: string, from: string, catalog: PathLookup): string[] {
  const file = source.endsWith('.rb') ? source : `${source}.rb`;
  return first(catalog, [path.join(dirOf(from), file)]) ?? catalog.withSuffix(normal(file), from).slice(0, 1);
}

function resolvePhp(source: string, from: string, catalog: PathLookup): string[] {
  if (source.endsWith('.php')) {
    // `require __DIR__ . '/src/x.php'` leaves '/src/x.php': relative to the file all the same.
    const relative = source.replace(/^\/+/, '');
    return first(catalog, [path.join(dirOf(from), relative)]) ?? catalog.withSuffix(normal(relative), from).slice(0, 1);
  }
  const segments = source.replace(/^\\/, '').split('\\');
  // PSR-4 maps a namespace prefix to a folder: try ever shorter trailing parts of the name.
  for (let k = segments.length; k >= 2; k -= 1) {
    const hit = catalog.withSuffix(`${segments.slice(-k).join('/')}.php`, from)[0];
    if (hit) return [hit];
  }
  return [];
}

/**
 * A namespace (C#) usually mirrors folders below a root namespace:
 * `Bank.Models` -> a folder ending in `Bank/Models` or `Models`. One segment
 * alone (`System`) is never linked.
 */
function resolveNamespaceFolder(segments: string[], ext: string, catalog: PathLookup): string[] {
  if (segments.length < 2) return [];
  for (let k = segments.length; k >= 1; k -= 1) {
    const dirs = catalog.dirsWithSuffix(segments.slice(-k).join('/'));
    if (dirs.length === 1) return catalog.filesIn(dirs[0]!).filter((p) => p.endsWith(ext));
    if (dirs.length > 1) return [];
  }
  return [];
}

function first(catalog: PathLookup, candidates: string[]): string[] | undefined {
  for (const c of candidates) {
    const p = normal(c);
    if (p && catalog.has(p)) return [p];
  }
  return undefined;
}

function normal(p: string): string {
  const n = path.normalize(p);
  return n.startsWith('../') || n === '..' ? '' : n.replace(/^\.\//, '');
}

function join(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

function dirOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}

function sharedPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
