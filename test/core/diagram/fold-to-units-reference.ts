import { ROOT_UNIT, type FoldOptions } from '../../../src/core/diagram/fold-to-units.js';

/**
 * foldToUnits as it was first written: one full pass over every file per fold (quadratic: 22 s on
 * 55K files). Kept as the reference the one-pass version must equal on every tree.
 */
const PACKAGE_LANGUAGES = new Set(['go', 'java', 'kotlin', 'scala', 'csharp']);

/**
 * Files to boxes: each file its own box (a package-language file: its
 * folder), then, while there are more boxes than `maxUnits`, the deepest
 * folder holding two or more boxes is folded into one box, the least central
 * such folder first. The shallow, central structure stays readable and the
 * leaves (utils/, internal/bind/) become one box each. If folding every
 * folder below the base is not enough, the caller keeps the most central.
 */
export function foldToUnitsReference(files: string[], options: FoldOptions): Map<string, string> {
  const { base } = options;
  const unitOf = new Map(
    files.map((f): [string, string] => {
      if (!PACKAGE_LANGUAGES.has(options.language(f) ?? '')) return [f, f];
      const dir = dirOf(f);
      return [f, dir === '' ? ROOT_UNIT : dir];
    }),
  );
  const count = () => new Set(unitOf.values()).size;
  while (count() > options.maxUnits) {
    const inside = new Map<string, { units: Set<string>; rank: number }>();
    for (const [file, unit] of unitOf) {
      for (let dir = dirOf(unit); isBelow(dir, base); dir = dirOf(dir)) {
        const entry = inside.get(dir) ?? { units: new Set<string>(), rank: 0 };
        entry.units.add(unit);
        entry.rank += options.rank(file);
        inside.set(dir, entry);
      }
    }
    const candidates = [...inside.entries()].filter(([, e]) => e.units.size >= 2);
    if (candidates.length === 0) break;
    candidates.sort(([a, x], [b, y]) => depthOf(b) - depthOf(a) || x.rank - y.rank || (a < b ? -1 : 1));
    const [folder] = candidates[0]!;
    for (const [file, unit] of unitOf) if (unit.startsWith(`${folder}/`)) unitOf.set(file, folder);
  }
  return unitOf;
}

/** Whether `dir` is a folder strictly below `base` (every folder is below the root ''). */
function isBelow(dir: string, base: string): boolean {
  if (dir === '' || dir === ROOT_UNIT) return false;
  return base === '' || dir.startsWith(`${base}/`);
}

function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

function depthOf(path: string): number {
  return path.split('/').length;
}
