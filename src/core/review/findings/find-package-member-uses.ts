import path from 'node:path/posix';
import type { FindingContext } from './review-finding.js';
import type { NameUse, RemovedName } from './find-name-uses.js';

/** References read per name: a name used more widely than this is read no further. */
const MAX_REFERENCES = 5_000;

/**
 * Python uses of a removed name through the package that re-exports it: the
 * package's `__init__.py` imports it from the removed file (`from ._api import *`,
 * `from ._api import get`, outside try/except), and files importing the package
 * still write `httpx.get(…)` (AttributeError) or `from httpx import get`
 * (ImportError). One use per file. Nothing when the package still defines the
 * name in another of its files.
 */
export async function findPackageMemberUses(context: FindingContext, removed: RemovedName): Promise<NameUse[]> {
  if (removed.language !== 'python' || !removed.exists) return [];
  const { index } = context;
  const stem = path.basename(removed.path, '.py');
  const name = escape(removed.name);
  const reExport = new RegExp(`^from\\s+\\.${escape(stem)}\\s+import\\s+(?:\\*|\\(?[^\\n]*\\b${name}\\b)`, 'm');
  const uses: NameUse[] = [];
  for (const entry of index.importers(removed.path, 1).filter((hit) => path.basename(hit.path) === '__init__.py')) {
    const dir = path.dirname(entry.path);
    const text = await context.readHead(entry.path).catch(() => undefined);
    if (
      text === undefined ||
      !reExport.test(text) ||
      /^\s*try\s*:/m.test(text.slice(0, text.search(reExport)).split('\n').slice(-3).join('\n'))
    )
      continue;
    const elsewhere = index
      .findDefinitions(removed.name, 50)
      .some((d) => d.name === removed.name && d.scope === '' && d.path !== removed.path && path.dirname(d.path) === dir);
    if (elsewhere) continue;
    const pkg = escape(path.basename(dir));
    const member = new RegExp(`(?<![\\w.])${pkg}\\s*\\.\\s*${name}\\b`);
    const fromImport = new RegExp(`^\\s*from\\s+${pkg}\\s+import\\b[^#]*\\b${name}\\b`);
    const importers = new Set(index.importers(entry.path, 1).map((hit) => hit.path));
    const refs = index.findReferences(removed.name, MAX_REFERENCES).filter((r) => r.name === removed.name && importers.has(r.path));
    const byPath = new Map<string, number[]>();
    for (const r of refs) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.line]);
    for (const [usePath, lines] of byPath) {
      if (index.symbolsIn(usePath).some((s) => s.name === removed.name && s.scope === '')) continue;
      const source = (await context.readHead(usePath).catch(() => undefined))?.split('\n');
      if (!source) continue;
      const line = lines
        .sort((a, b) => a - b)
        .find((l) => member.test(withoutComment(source[l - 1] ?? '')) || fromImport.test(source[l - 1] ?? ''));
      if (line === undefined) continue;
      const kind = fromImport.test(source[line - 1] ?? '') ? 'import' : 'use';
      const consequence = kind === 'use' ? 'raises AttributeError when that line runs' : undefined;
      uses.push({ path: usePath, line, kind, code: source[line - 1]!.trim(), language: 'python', ...(consequence ? { consequence } : {}) });
    }
  }
  return uses;
}

function withoutComment(line: string): string {
  const at = line.indexOf('#');
  return at < 0 ? line : line.slice(0, at);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
