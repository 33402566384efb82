import type { CodeIndex } from '../code-index/code-index.js';
import type { CallHit, SymbolHit } from '../code-index/graph-queries.js';

/** A method that overrides its base class's: whoever calls the base's may be running this one. */
export interface Overridden {
  base: SymbolHit;
  /** The base method's linked callers (a `self._deserialize()` in the base class reaches the override at run time). */
  callers: CallHit[];
}

/** A class's bases as its header writes them: `class DateTime(Field):`, `class Queue extends Base {`. */
const CLASS_BASES = /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+[\w$]+(?:<[^>]*>)?\s*(?:\(([^)]*)\)|extends\s+([\w$.]+))/;

/**
 * The base-class method a changed method overrides, when the index holds
 * both: the class around the method names its base in its header, and that
 * base (defined in the index) has a method of the same name. Only the
 * nearest base that defines it; a class that defines no base, or whose base
 * comes from a library, overrides nothing the index can show.
 */
export function findOverridden(method: SymbolHit, index: CodeIndex, limit = 5): Overridden | undefined {
  if (method.kind !== 'method' || method.scope === '') return undefined;
  const className = method.scope.slice(method.scope.lastIndexOf('.') + 1);
  const owner = index.findDefinitions(className, 20).find((d) => d.path === method.path && d.kind === 'class');
  if (!owner) return undefined;
  const seen = new Set<string>([className]);
  let bases = readBases(owner.signature);
  for (let hops = 0; hops < 3 && bases.length > 0; hops += 1) {
    const next: string[] = [];
    for (const base of bases) {
      if (seen.has(base)) continue;
      seen.add(base);
      const candidates = index.findDefinitions(method.name, 50).filter((d) => d.kind === 'method' && lastPart(d.scope) === base);
      const found = candidates[0];
      if (found) return { base: found, callers: index.callers(found.id, 1, limit) };
      const baseClass = index.findDefinitions(base, 20).find((d) => d.kind === 'class');
      if (baseClass) next.push(...readBases(baseClass.signature));
    }
    bases = next;
  }
  return undefined;
}

function readBases(signature: string): string[] {
  const m = CLASS_BASES.exec(signature);
  const text = m?.[1] ?? m?.[2] ?? '';
  return text
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '' && !b.includes('='))
    .map((b) => lastPart(b.replace(/\[.*$/, '')));
}

const lastPart = (name: string) => name.slice(name.lastIndexOf('.') + 1);
