import fc from 'fast-check';
import { hostileJson, hugeString } from './hostile-text.js';

type Json = Record<string, unknown>;

/** One edit of a JSON value: at a named path, or at the n-th field of a walk; a field removed or replaced. */
export type Mutation = { where: string | number; to: { kind: 'delete' } | { kind: 'set'; value: unknown } };

/** Mutations aimed at `paths` half the time (where the code under test reads), anywhere the other half. */
export function jsonMutation(paths: readonly string[]): fc.Arbitrary<Mutation> {
  const where = paths.length > 0 ? fc.oneof(fc.constantFrom(...paths), fc.nat()) : fc.nat();
  return fc.record({
    where,
    to: fc.oneof(
      fc.constant({ kind: 'delete' as const }),
      hostileJson.map((value) => ({ kind: 'set' as const, value })),
      hugeString.map((value) => ({ kind: 'set' as const, value })),
      fc
        .constantFrom(null, '', 0, -1, 1.5, true, [], {}, [{}], Number.MAX_SAFE_INTEGER + 2)
        .map((value) => ({ kind: 'set' as const, value })),
    ),
  });
}

/** A valid value of `base` with up to `max` mutations: zero often enough that some inputs stay valid and reach the code behind the check. */
export function mutatedJson<T>(base: fc.Arbitrary<T>, paths: readonly string[], max = 3): fc.Arbitrary<T> {
  return fc.tuple(base, fc.array(jsonMutation(paths), { maxLength: max })).map(([value, mutations]) => {
    const copy = structuredClone(value);
    for (const m of mutations) applyMutation(copy, m);
    return copy;
  });
}

/** Applies one mutation in place; a path whose parent is missing (or not an object) is left alone. */
export function applyMutation(value: unknown, m: Mutation): void {
  const path = typeof m.where === 'string' ? m.where.split('.') : pathAt(value, m.where);
  const key = path.at(-1);
  let holder: unknown = value;
  for (const part of path.slice(0, -1)) holder = typeof holder === 'object' && holder !== null ? (holder as Json)[part] : undefined;
  if (key === undefined || typeof holder !== 'object' || holder === null) return;
  if (m.to.kind === 'delete') delete (holder as Json)[key];
  else (holder as Json)[key] = m.to.value;
}

/** The n-th field (modulo their count) of a depth-first walk, as a path. */
function pathAt(value: unknown, n: number): string[] {
  const paths: string[][] = [];
  const walk = (node: unknown, prefix: string[]): void => {
    if (typeof node !== 'object' || node === null || prefix.length >= 5) return;
    for (const key of Object.keys(node)) {
      paths.push([...prefix, key]);
      walk((node as Json)[key], [...prefix, key]);
    }
  };
  walk(value, []);
  return paths[n % Math.max(1, paths.length)] ?? [];
}
