import path from 'node:path';
import type { FunctionDefinition } from './find-definitions.js';
import type { Binding, RepoScan } from './repo-scan.js';
import { lineOf, type SourceFile } from './source-file.js';

interface PyImport {
  /** The module as written: `.utils`, `click.testing`, `httpx`. */
  module: string;
  line: number;
  /** `from M import a as b`: the names; empty for `import M`. */
  names: Array<{ imported: string; local: string; line: number }>;
  star: boolean;
  /** `import a.b as c`: the name the module is bound to (`a.b` without an alias). */
  alias?: string;
}

const FROM = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)/gm;
const IMPORT = /^[ \t]*import[ \t]+([^\n]+)/gm;

function parseImports(file: SourceFile): PyImport[] {
  const found: PyImport[] = [];
  for (const x of file.masked.matchAll(FROM)) {
    const listAt = x.index + x[0].lastIndexOf(x[2]!);
    const list = x[2]!.replace(/^\(|\)$/g, '');
    const names: PyImport['names'] = [];
    for (const n of list.matchAll(/(\w+)(?:\s+as\s+(\w+))?/g)) {
      names.push({ imported: n[1]!, local: n[2] ?? n[1]!, line: lineOf(file, listAt + n.index + (x[2]!.startsWith('(') ? 1 : 0)) });
    }
    found.push({ module: x[1]!, line: lineOf(file, x.index + x[0].indexOf('from')), names, star: list.trim() === '*' });
  }
  for (const x of file.masked.matchAll(IMPORT)) {
    for (const part of x[1]!.split(',')) {
      const m = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (m) found.push({ module: m[1]!, line: lineOf(file, x.index), names: [], star: false, alias: m[2] ?? m[1]! });
    }
  }
  return found;
}

/** The file of a module: relative to the importing file's package, or from the root or `src/`. */
function resolveModule(scan: RepoScan, from: string, module: string): string | undefined {
  const dots = /^\.*/.exec(module)![0].length;
  const rest = module.slice(dots).split('.').filter(Boolean).join('/');
  const roots = dots > 0 ? [path.posix.join(path.posix.dirname(from), ...Array<string>(dots - 1).fill('..'))] : ['', 'src'];
  for (const root of roots) {
    const base = path.posix.join(root, rest);
    for (const candidate of [`${base}.py`, `${base}/__init__.py`]) {
      const clean = path.posix.normalize(candidate).replace(/^\.\//, '');
      if (scan.byPath.has(clean)) return clean;
    }
  }
  return undefined;
}

function importsOf(scan: RepoScan, file: string): PyImport[] {
  return scan.memo(`py-imports:${file}`, () => parseImports(scan.byPath.get(file)!));
}

/** What `name` of module file `file` is: its own top-level def, or one it imports (`from ._api import get`), 4 deep. */
function resolveName(scan: RepoScan, file: string, name: string, depth = 0): FunctionDefinition | undefined {
  if (depth > 4) return undefined;
  const own = scan.findDefinition(file, name);
  if (own) return own;
  for (const i of importsOf(scan, file)) {
    const target = i.alias === undefined ? resolveModule(scan, file, i.module) : undefined;
    if (target === undefined) continue;
    const named = i.names.find((n) => n.local === name);
    if (named) return resolveName(scan, target, named.imported, depth + 1);
    if (i.star && !name.startsWith('_')) {
      const found = resolveName(scan, target, name, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

const same = (a: FunctionDefinition | undefined, b: FunctionDefinition) => a?.path === b.path && a.name === b.name;

/** How `file` reaches `def`: `from m import f` (f), `import m` / `from pkg import m` (m.f), through package `__init__`s. */
export function findPythonBinding(scan: RepoScan, def: FunctionDefinition, file: string): Binding | undefined {
  const binding: Binding = { names: [], qualified: [], importLines: [] };
  for (const i of importsOf(scan, file)) {
    if (i.alias !== undefined) {
      const target = resolveModule(scan, file, i.module);
      if (target !== undefined && same(resolveName(scan, target, def.name), def)) {
        binding.qualified.push({ qualifier: i.alias, member: def.name, line: i.line });
      }
      continue;
    }
    const target = resolveModule(scan, file, i.module);
    if (target === undefined) continue;
    for (const n of i.names) {
      if (same(resolveName(scan, target, n.imported), def)) {
        binding.names.push(n.local);
        binding.importLines.push(n.line);
        continue;
      }
      const submodule = resolveModule(scan, file, `${i.module}${i.module.endsWith('.') ? '' : '.'}${n.imported}`);
      if (submodule !== undefined && same(resolveName(scan, submodule, def.name), def)) {
        binding.qualified.push({ qualifier: n.local, member: def.name, line: n.line });
      }
    }
  }
  return binding.importLines.length + binding.qualified.length > 0 ? binding : undefined;
}
