import type { Node } from 'web-tree-sitter';
import { findLanguage } from '../../code-index/languages.js';
import { resolveImport, type PathCatalog } from '../../code-index/resolve-imports.js';
import { findNodes, readSyntaxTree } from './read-syntax-tree.js';
import type { FindingContext } from './review-finding.js';

/** A line of an ECMAScript file that imports or re-exports a name a module no longer provides. */
export interface ModuleImport {
  path: string;
  line: number;
}

/** Re-export chains followed (`index.ts` re-exporting `utils/x.ts`, a test importing `index.ts`). */
const MAX_HOPS = 3;

/**
 * JavaScript and TypeScript files among `candidates` that import `name`
 * from `from` by name, import its default export when `isDefault` (the
 * module has none left), or re-export it (`export { name } from`); a
 * re-export passes the break on, so importers of the re-exporting file are
 * followed for the name it re-exports. Imports inside try/catch are left
 * alone; a file that defines the name itself is skipped by `skip`.
 */
export async function findModuleImports(
  context: FindingContext,
  target: { from: string; name: string; isDefault: boolean; candidates: Iterable<string> },
  catalog: PathCatalog,
  skip: (path: string, name: string) => boolean,
): Promise<ModuleImport[]> {
  const out: ModuleImport[] = [];
  const seen = new Set<string>();
  let queue = [{ from: target.from, name: target.name, isDefault: target.isDefault, candidates: [...target.candidates] }];
  for (let hop = 0; hop < MAX_HOPS && queue.length > 0; hop++) {
    const next: typeof queue = [];
    for (const step of queue) {
      for (const usePath of step.candidates) {
        const key = `${step.from}\0${step.name}\0${usePath}`;
        if (seen.has(key) || usePath === step.from || skip(usePath, step.name)) continue;
        seen.add(key);
        const language = findLanguage(usePath);
        const text = await context.readHead(usePath).catch(() => undefined);
        if (text === undefined || language === undefined) continue;
        const found = await readSyntaxTree(usePath, text, (root) =>
          readStatements(root, step, (source) => resolveImport(source, usePath, language, 'import', catalog).includes(step.from)),
        );
        for (const line of found?.lines ?? []) out.push({ path: usePath, line });
        for (const name of found?.reexported ?? []) {
          next.push({ from: usePath, name, isDefault: false, candidates: context.index.importers(usePath, 1).map((h) => h.path) });
        }
      }
    }
    queue = next;
  }
  return out;
}

function readStatements(
  root: Node,
  step: { name: string; isDefault: boolean },
  resolves: (source: string) => boolean,
): { lines: number[]; reexported: string[] } {
  const lines: number[] = [];
  const reexported: string[] = [];
  for (const node of findNodes(root, ['import_statement', 'export_statement'])) {
    const source = node.childForFieldName('source')?.text.replace(/^['"`]|['"`]$/g, '');
    if (source === undefined || insideTry(node) || !resolves(source)) continue;
    if (node.type === 'export_statement') {
      for (const s of findNodes(node, ['export_specifier'])) {
        if (s.childForFieldName('name')?.text !== step.name) continue;
        lines.push(s.startPosition.row + 1);
        reexported.push(s.childForFieldName('alias')?.text ?? step.name);
      }
      continue;
    }
    const named = findNodes(node, ['import_specifier']).find((s) => s.childForFieldName('name')?.text === step.name);
    const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
    const byDefault = step.isDefault && clause?.namedChildren.some((c) => c?.type === 'identifier');
    if (named) lines.push(named.startPosition.row + 1);
    else if (byDefault) lines.push(node.startPosition.row + 1);
  }
  return { lines, reexported };
}

function insideTry(node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'try_statement') return true;
  return false;
}
