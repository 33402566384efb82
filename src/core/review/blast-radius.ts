import { findNonProductFolder } from '../repo/non-product-folders.js';
import type { CodeIndex } from '../code-index/code-index.js';
import { placeUnnamedCallers, readOnce, type PlacedCaller } from './describe-unnamed-caller.js';
import type { ChangedSymbol } from './find-changed-symbols.js';
import { dropBaseInstances, findOverridden, type Overridden } from './find-overridden.js';

export interface BlastRadius {
  changed: ChangedSymbol;
  /** Callers (symbols, or a file's module level) one hop away, outside the changed files. */
  direct: number;
  /** Callers within `depth` hops (direct included), outside the changed files. */
  total: number;
  /** Files those callers sit in. */
  files: number;
  /** Callers in files this change also touches: counted apart, since the author has them in view. */
  inChangedFiles: number;
  /** The nearest callers outside the changed files, each at its call line, for links (placed: placeBlastCallers). */
  topCallers: PlacedCaller[];
  /** The name is too common to count callers by name (`get`, `slice`…): no counts are claimed. */
  ambiguous?: boolean;
  /** Calls by the method's name on receivers the index could not type: not counted, said. */
  unresolved?: number;
  /** A method no one calls by its own class, overriding a base method whose callers reach it at run time. */
  overrides?: Overridden;
}

/** Examples, benchmarks and docs: code that uses the product, listed after the product's own callers. */
function isPeripheral(path: string): boolean {
  return findNonProductFolder(path) !== undefined;
}

/** Two hops: a caller's callers are still likely to notice; past that, the graph says little (see MAX_CALL_DEPTH). */
const DEFAULT_DEPTH = 2;
const DEFAULT_TOP = 5;

/**
 * Who calls what changed, from the head index's call graph. Callers in files
 * the diff also changes are reported as a separate count rather than in the
 * totals and links: the point is to show what the change reaches that its
 * diff does not show. Recursion (a symbol calling itself) is not a caller.
 */
export function buildBlastRadius(
  changed: ChangedSymbol[],
  index: CodeIndex,
  options: { changedPaths: ReadonlySet<string>; depth?: number; top?: number },
): BlastRadius[] {
  const depth = options.depth ?? DEFAULT_DEPTH;
  const top = options.top ?? DEFAULT_TOP;
  return changed.map((c) => {
    const sites = index.callSites(c.symbol.id, depth);
    if (sites.ambiguous) return { changed: c, direct: 0, total: 0, files: 0, inChangedFiles: 0, topCallers: [], ambiguous: true };
    const seen = new Set<string>();
    const hits = sites.callers.filter((h) => {
      const key = `${h.path}:${h.line}`;
      if (h.symbolId === c.symbol.id || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const outside = hits.filter((h) => !options.changedPaths.has(h.path));
    // The product's own callers first: a benchmark or an example calling it matters less to a reviewer.
    outside.sort(
      (a, b) =>
        a.depth - b.depth || Number(isPeripheral(a.path)) - Number(isPeripheral(b.path)) || a.path.localeCompare(b.path) || a.line - b.line,
    );
    // Nobody outside the diff calls it through its own class: an override is called wherever the base method is.
    const overrides = outside.length === 0 ? findOverridden(c.symbol, index, top) : undefined;
    return {
      ...(overrides ? { overrides } : {}),
      changed: c,
      direct: outside.filter((h) => h.depth === 1).length,
      total: outside.length,
      files: new Set(outside.map((h) => h.path)).size,
      inChangedFiles: hits.length - outside.length,
      topCallers: outside.slice(0, top),
      ...(sites.unresolved > 0 ? { unresolved: sites.unresolved } : {}),
    };
  });
}

/** The base's callers that may run an override (not those built as the base itself), placed as any others. */
async function placeOverrideCallers(overrides: Overridden, read: (path: string) => Promise<string | undefined>): Promise<Overridden> {
  const kept = await dropBaseInstances(overrides, read);
  return { ...kept, callers: await placeUnnamedCallers(kept.callers, read) };
}

/**
 * The callers no named function holds, given their place from the calling file's text (a JavaScript test's
 * title, a callback): what "module level" would misstate. Only the listed callers are read, each file once.
 */
export async function placeBlastCallers(radius: BlastRadius[], readFile: (path: string) => Promise<string>): Promise<BlastRadius[]> {
  const read = readOnce(readFile);
  return Promise.all(
    radius.map(async (b) => ({
      ...b,
      topCallers: await placeUnnamedCallers(b.topCallers, read),
      ...(b.overrides ? { overrides: await placeOverrideCallers(b.overrides, read) } : {}),
    })),
  );
}
