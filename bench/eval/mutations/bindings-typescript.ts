import path from 'node:path';
import type { FunctionDefinition } from './find-definitions.js';
import type { Binding, RepoScan } from './repo-scan.js';
import { lineOf, type SourceFile } from './source-file.js';

interface TsImport {
  spec: string;
  line: number;
  reexport: boolean;
  star: boolean;
  named: Array<{ imported: string; local: string; line: number }>;
  defaultLocal?: string;
  namespace?: string;
}

const STATEMENT = /^[ \t]*(import|export)[ \t]+(?:type[ \t]+)?([^;'"]*?)[ \t\n]*from[ \t]*['"]([^'"\n]+)['"]/gm;
const LOCAL_EXPORT = /^[ \t]*export[ \t]*\{([^}]*)\}[ \t]*;?[ \t]*$/gm;

/** Static imports and re-exports of a file (dynamic `import()` and `require` are not followed). */
function parseImports(file: SourceFile): TsImport[] {
  const found: TsImport[] = [];
  for (const x of file.text.matchAll(STATEMENT)) {
    const at = x.index + x[0].indexOf(x[1]!);
    if (file.masked[at] !== x[1]![0]) continue; // in a comment or a string
    const clause = x[2]!;
    const clauseAt = x.index + x[0].indexOf(clause);
    const item: TsImport = { spec: x[3]!, line: lineOf(file, at), reexport: x[1] === 'export', star: false, named: [] };
    const braces = /\{([^}]*)\}/.exec(clause);
    if (braces) item.named = parseNamed(file, braces[1]!, clauseAt + braces.index + 1);
    const rest = clause.replace(/\{[^}]*\}/, '').trim();
    const ns = /\*\s*as\s+([\w$]+)/.exec(rest);
    if (ns) item.namespace = ns[1];
    else if (rest === '*') item.star = true;
    const def = /^([\w$]+)/.exec(rest);
    if (def && !item.reexport && def[1] !== 'type') item.defaultLocal = def[1];
    found.push(item);
  }
  return found;
}

function parseNamed(file: SourceFile, list: string, offset: number): TsImport['named'] {
  const named: TsImport['named'] = [];
  for (const x of list.matchAll(/(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?/g)) {
    if (x[1] === 'type' && x[2] === undefined) continue;
    named.push({ imported: x[1]!, local: x[2] ?? x[1]!, line: lineOf(file, offset + x.index + x[0].indexOf(x[1]!)) });
  }
  return named;
}

/** The file a relative specifier names (`./merge.js` is `./merge.ts` in a TypeScript source tree). */
function resolveModule(scan: RepoScan, from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.js`, `${stem}.mjs`, `${base}/index.ts`, `${base}/index.js`];
  return candidates.find((c) => scan.byPath.has(c));
}

/** What `exported` of `file` is, followed through re-exports (`export {x} from`, `export *`) up to 4 files deep. */
function resolveExport(scan: RepoScan, file: string, exported: string, depth = 0): FunctionDefinition | undefined {
  if (depth > 4) return undefined;
  const own = (scan.definitions.get(file) ?? []).filter((d) => d.exportedAs?.includes(exported));
  if (own.length === 1) return scan.findDefinition(file, own[0]!.name);
  const source = scan.byPath.get(file)!;
  for (const x of source.masked.matchAll(LOCAL_EXPORT)) {
    for (const n of parseNamed(source, x[1]!, x.index)) if (n.local === exported) return scan.findDefinition(file, n.imported);
  }
  for (const i of importsOf(scan, file).filter((i) => i.reexport)) {
    const target = resolveModule(scan, file, i.spec);
    if (target === undefined) continue;
    const named = i.named.find((n) => n.local === exported);
    if (named) return resolveExport(scan, target, named.imported, depth + 1);
    if (i.star && exported !== 'default') {
      const found = resolveExport(scan, target, exported, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

function importsOf(scan: RepoScan, file: string): TsImport[] {
  return scan.memo(`ts-imports:${file}`, () => parseImports(scan.byPath.get(file)!));
}

const same = (a: FunctionDefinition | undefined, b: FunctionDefinition) => a?.path === b.path && a.name === b.name;

/** How `file` reaches `def` through its imports; undefined when it does not. */
export function findTypeScriptBinding(scan: RepoScan, def: FunctionDefinition, file: string): Binding | undefined {
  const binding: Binding = { names: [], qualified: [], importLines: [] };
  for (const i of importsOf(scan, file)) {
    const target = resolveModule(scan, file, i.spec);
    if (target === undefined) continue;
    for (const n of i.named) {
      if (!same(resolveExport(scan, target, n.imported), def)) continue;
      binding.importLines.push(n.line);
      if (!i.reexport) binding.names.push(n.local);
    }
    if (i.defaultLocal && same(resolveExport(scan, target, 'default'), def)) {
      binding.names.push(i.defaultLocal);
      binding.importLines.push(i.line);
    }
    if (i.namespace && !i.reexport) {
      for (const exported of def.exportedAs ?? []) {
        if (exported !== 'default' && same(resolveExport(scan, target, exported), def)) {
          binding.qualified.push({ qualifier: i.namespace, member: exported, line: i.line });
        }
      }
    }
  }
  return binding.importLines.length + binding.qualified.length > 0 ? binding : undefined;
}
