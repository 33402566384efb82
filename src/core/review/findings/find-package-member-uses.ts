import escapeStringRegexp from 'escape-string-regexp';
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
  const uses: NameUse[] = [];
  for (const { pkg, entry } of await findReExportingPackages(context, removed, { movable: true })) {
    const name = escapeStringRegexp(removed.name);
    const member = new RegExp(`(?<![\\w.])${escapeStringRegexp(pkg)}\\s*\\.\\s*${name}\\b`);
    const fromImport = new RegExp(`^\\s*from\\s+${escapeStringRegexp(pkg)}\\s+import\\b[^#]*\\b${name}\\b`);
    for (const [usePath, lines] of referencesThrough(context, entry, removed.name)) {
      if (index.symbolsIn(usePath).some((s) => s.name === removed.name && s.scope === '')) continue;
      const source = (await context.readHead(usePath).catch(() => undefined))?.split('\n');
      if (!source) continue;
      const line = lines.find((l) => member.test(withoutComment(source[l - 1] ?? '')) || fromImport.test(source[l - 1] ?? ''));
      if (line === undefined) continue;
      const kind = fromImport.test(source[line - 1] ?? '') ? 'import' : 'use';
      const consequence = kind === 'use' ? 'raises AttributeError when that line runs' : undefined;
      uses.push({ path: usePath, line, kind, code: source[line - 1]!.trim(), language: 'python', ...(consequence ? { consequence } : {}) });
    }
  }
  return uses;
}

/**
 * Python calls written `pkg.name(…)` of a function the package re-exports, in files importing the package: the
 * written module says whose they are where the index, linking by name, gives them to another definition (a
 * click command named `pause` calling `click.pause()`, a test that also imports `click._termui_impl`, which has a
 * `getchar` of its own). One entry per calling line, and the packages' names as importers write them.
 */
export async function findPackageMemberCalls(
  context: FindingContext,
  target: { path: string; name: string },
): Promise<{ packages: string[]; calls: { path: string; line: number }[] }> {
  if (!target.path.endsWith('.py')) return { packages: [], calls: [] };
  const calls: { path: string; line: number }[] = [];
  const packages = await findReExportingPackages(context, target);
  for (const { pkg, entry } of packages) {
    const call = new RegExp(`(?<![\\w.])${escapeStringRegexp(pkg)}\\s*\\.\\s*${escapeStringRegexp(target.name)}\\s*\\(`);
    for (const [usePath, lines] of referencesThrough(context, entry, target.name)) {
      const source = (await context.readHead(usePath).catch(() => undefined))?.split('\n');
      for (const line of lines) if (source && call.test(withoutComment(source[line - 1] ?? ''))) calls.push({ path: usePath, line });
    }
  }
  return { packages: packages.map((p) => p.pkg), calls };
}

/**
 * The packages whose `__init__.py` re-exports the name from its file (`from ._api import *`, `from ._api import
 * get`, outside try/except): `pkg` is the package's folder name, as importers write it. With `movable` (a name
 * removed from its file), not a package that defines the name in another of its files: it may have moved there.
 */
async function findReExportingPackages(
  context: FindingContext,
  target: { path: string; name: string },
  options: { movable?: boolean } = {},
): Promise<{ pkg: string; entry: string }[]> {
  const { index } = context;
  const stem = path.basename(target.path, '.py');
  const name = escapeStringRegexp(target.name);
  const reExport = new RegExp(`^from\\s+\\.${escapeStringRegexp(stem)}\\s+import\\s+(?:\\*|\\(?[^\\n]*\\b${name}\\b)`, 'm');
  const found: { pkg: string; entry: string }[] = [];
  for (const entry of index.importers(target.path, 1).filter((hit) => path.basename(hit.path) === '__init__.py')) {
    const dir = path.dirname(entry.path);
    const text = await context.readHead(entry.path).catch(() => undefined);
    if (
      text === undefined ||
      !reExport.test(text) ||
      /^\s*try\s*:/m.test(text.slice(0, text.search(reExport)).split('\n').slice(-3).join('\n'))
    )
      continue;
    const elsewhere =
      options.movable === true &&
      index
        .findDefinitions(target.name, 50)
        .some((d) => d.name === target.name && d.scope === '' && d.path !== target.path && path.dirname(d.path) === dir);
    if (!elsewhere) found.push({ pkg: path.basename(dir), entry: entry.path });
  }
  return found;
}

/** The lines naming `name` in each file that imports the package entry, in order. */
function referencesThrough(context: FindingContext, entry: string, name: string): Map<string, number[]> {
  const importers = new Set(context.index.importers(entry, 1).map((hit) => hit.path));
  const byPath = new Map<string, number[]>();
  for (const r of context.index.findReferences(name, MAX_REFERENCES)) {
    if (r.name === name && importers.has(r.path)) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r.line]);
  }
  for (const lines of byPath.values()) lines.sort((a, b) => a - b);
  return byPath;
}

function withoutComment(line: string): string {
  const at = line.indexOf('#');
  return at < 0 ? line : line.slice(0, at);
}
