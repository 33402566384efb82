import path from 'node:path';
import type { FunctionDefinition } from './find-definitions.js';
import type { Binding, RepoScan } from './repo-scan.js';
import { lineOf, type SourceFile } from './source-file.js';

const PACKAGE = /^package[ \t]+(\w+)/m;
const IMPORT_BLOCK = /^import[ \t]*\(([\s\S]*?)^\)/gm;
const IMPORT_ONE = /^import[ \t]+((?:\w+|\.|_)[ \t]+)?"([^"\n]+)"/gm;
const ENTRY = /^[ \t]*((?:\w+|\.|_)[ \t]+)?"([^"\n]+)"/gm;

function packageOf(scan: RepoScan, file: string): string {
  return scan.memo(`go-package:${file}`, () => PACKAGE.exec(scan.byPath.get(file)!.masked)?.[1] ?? '');
}

/** The module path of the root go.mod (read by the caller), from the scan's memo. */
function modulePath(scan: RepoScan): string {
  return scan.memo('go-module', () => '');
}

export function setGoModule(scan: RepoScan, goMod: string | undefined): void {
  scan.memo('go-module', () => /^module[ \t]+(\S+)/m.exec(goMod ?? '')?.[1] ?? '');
}

function importsOf(file: SourceFile): Array<{ alias?: string; dir: string; line: number }> {
  const found: Array<{ alias?: string; dir: string; line: number }> = [];
  const add = (alias: string | undefined, importPath: string, at: number) =>
    found.push({ alias: alias?.trim(), dir: importPath, line: lineOf(file, at) });
  for (const x of file.text.matchAll(IMPORT_ONE)) if (file.masked[x.index] === 'i') add(x[1], x[2]!, x.index);
  for (const x of file.text.matchAll(IMPORT_BLOCK)) {
    if (file.masked[x.index] !== 'i') continue;
    const at = x.index + x[0].indexOf('(') + 1;
    for (const e of x[1]!.matchAll(ENTRY)) add(e[1], e[2]!, at + e.index);
  }
  return found;
}

/**
 * How `file` reaches `def`: by name in the same package (same folder and
 * package clause), or as `alias.Name` through an import of its folder (an
 * exported name only). `package x_test` files import the package like any other.
 */
export function findGoBinding(scan: RepoScan, def: FunctionDefinition, file: string): Binding | undefined {
  const dir = path.posix.dirname(def.path);
  const pkg = packageOf(scan, def.path);
  if (path.posix.dirname(file) === dir && packageOf(scan, file) === pkg) return { names: [def.name], qualified: [], importLines: [] };
  if (!/^[A-Z]/.test(def.name)) return undefined;
  const module = modulePath(scan);
  const wanted = dir === '.' ? module : `${module}/${dir}`;
  if (module === '') return undefined;
  const binding: Binding = { names: [], qualified: [], importLines: [] };
  for (const i of scan.memo(`go-imports:${file}`, () => importsOf(scan.byPath.get(file)!))) {
    if (i.dir !== wanted || i.alias === '_') continue;
    if (i.alias === '.') binding.names.push(def.name);
    else binding.qualified.push({ qualifier: i.alias ?? pkg, member: def.name, line: i.line });
  }
  return binding.names.length + binding.qualified.length > 0 ? binding : undefined;
}
