import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { lastPart, readClassBases } from '../code-index/read-class-bases.js';
import escapeStringRegexp from 'escape-string-regexp';
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
  // Building the base class never runs a subclass's constructor: no caller of the base's is a way into this one.
  if (method.name === '__init__' || method.name === 'constructor') return undefined;
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

/** A line that opens a function: `def f(`, `function f(`, `func (`, `test('…', () => {`, a method `name(a) {`. */
const OPENS_FUNCTION =
  /^\s*(?:async\s+)?(?:def|function|func)\b|=>\s*\{\s*$|^\s*(?!(?:if|for|while|switch|catch|with)\b)[A-Za-z_$][\w$]*\s*\([^()]*\)\s*\{\s*$/;

/** Lines above a call looked through for where its receiver was made. */
const RECEIVER_LOOKBACK = 50;

/**
 * The callers of the base method that may run the override: not those whose receiver the calling code builds as
 * the base class itself (itsdangerous's `signer = Signer(…)` then `signer.unsign(…)`, or `Signer(…).unsign(…)`):
 * that object is a `Signer`, never the subclass. Read from the calling file's text, the nearest assignment of the
 * receiver above the call; a receiver assigned otherwise, a parameter or `self` stays (it may be the subclass).
 */
export async function dropBaseInstances(overridden: Overridden, read: (path: string) => Promise<string | undefined>): Promise<Overridden> {
  const base = escapeStringRegexp(lastPart(overridden.base.scope));
  const name = escapeStringRegexp(overridden.base.name);
  const direct = new RegExp(`\\b(?:new\\s+)?${base}\\s*\\([^()]*\\)\\s*\\.\\s*${name}\\s*\\(`);
  const onReceiver = new RegExp(`([A-Za-z_$][\\w$]*)\\s*\\.\\s*${name}\\s*\\(`);
  const kept: PlacedCaller[] = [];
  for (const caller of overridden.callers) {
    const lines = (await read(caller.path))?.split('\n');
    const line = lines?.[caller.line - 1];
    if (!lines || line === undefined) {
      kept.push(caller);
      continue;
    }
    if (direct.test(line)) continue;
    const receiver = onReceiver.exec(line)?.[1];
    if (receiver && !['self', 'this', 'cls', 'super'].includes(receiver)) {
      const assigned = new RegExp(`^\\s*(?:(?:const|let|var)\\s+)?${escapeStringRegexp(receiver)}\\s*(?::[^=]+)?=(?!=)\\s*(.*)$`);
      let nearest: string | undefined;
      // Within the calling function: a `field = Field()` in the test above is another function's.
      for (let i = caller.line - 2; i >= Math.max(0, caller.line - 1 - RECEIVER_LOOKBACK); i--) {
        nearest = assigned.exec(lines[i]!)?.[1];
        if (nearest !== undefined || OPENS_FUNCTION.test(lines[i]!)) break;
      }
      if (nearest !== undefined && new RegExp(`^(?:new\\s+)?${base}\\s*\\(`).test(nearest)) continue;
    }
    kept.push(caller);
  }
  return { ...overridden, callers: kept };
}
