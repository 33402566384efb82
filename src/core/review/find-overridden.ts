import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { lastPart, readClassBases } from '../code-index/read-class-bases.js';
import type { PlacedCaller } from './describe-unnamed-caller.js';

/** A method that overrides its base class's: whoever calls the base's may be running this one. */
export interface Overridden {
  base: SymbolHit;
  /**
   * The base method's linked callers (a `self._deserialize()` in the base class reaches the override at run time),
   * the override's own calls of it (`super()…`) aside.
   */
  callers: PlacedCaller[];
}

/**
 * The base-class method a changed method overrides, when the index holds
 * both: the class around the method names its base in its header, and that
 * base (defined in the index) has a method of the same name. Only the
 * nearest base that defines it; a class that defines no base, or whose base
 * comes from a library, overrides nothing the index can show.
 */
export function findOverridden(method: SymbolHit, index: CodeIndex, limit = 5): Overridden | undefined {
  if (method.kind !== 'method' || method.scope === '') return undefined;
  const className = lastPart(method.scope);
  const owner = index.findDefinitions(className, 20).find((d) => d.path === method.path && d.kind === 'class');
  if (!owner) return undefined;
  // The same name's methods, looked up once: each base is looked for among them.
  const sameName = index.findDefinitions(method.name, 50).filter((d) => d.kind === 'method');
  const own = [method, ...sameName.filter((d) => d.scope === method.scope && d.path === method.path)];
  const seen = new Set<string>([className]);
  let bases = readClassBases(owner.signature);
  for (let hops = 0; hops < 3 && bases.length > 0; hops += 1) {
    const next: string[] = [];
    for (const base of bases) {
      if (seen.has(base)) continue;
      seen.add(base);
      const found = sameName.find((d) => lastPart(d.scope) === base);
      // The override's own call of the base (`super().unsign(…)`) runs the base, never the override: not a way in;
      // nor is one in a sibling definition of it (a `@typing.overload` stub's implementation).
      if (found)
        return {
          base: found,
          callers: index
            .callers(found.id, 1, limit + 5)
            .filter((h) => h.symbolId !== method.id && !own.some((d) => d.path === h.path && h.line >= d.startLine && h.line <= d.endLine))
            .slice(0, limit),
        };
      const baseClass = index.findDefinitions(base, 20).find((d) => d.kind === 'class');
      if (baseClass) next.push(...readClassBases(baseClass.signature));
    }
    bases = next;
  }
  return undefined;
}
