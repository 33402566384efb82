/** A class's bases as its header writes them: `class DateTime(Field):`, `export class Queue<T> extends Base {`. */
const CLASS_BASES = /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+[\w$]+(?:<[^>]*>)?\s*(?:\(([^)]*)\)|extends\s+([\w$.]+))/;

/**
 * The base class names a class signature gives, last dotted part only
 * (`models.Model` -> `Model`), without subscripts (`Generic[T]` -> `Generic`)
 * or keywords (`metaclass=ABCMeta`); none for a header that names no base.
 */
export function readClassBases(signature: string): string[] {
  const m = CLASS_BASES.exec(signature);
  const text = m?.[1] ?? m?.[2] ?? '';
  return text
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '' && !b.includes('='))
    .map((b) => lastPart(b.replace(/\[.*$/, '')));
}

/** `a.b.C` -> `C`. */
export const lastPart = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
