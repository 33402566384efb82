import { classifyFile } from '../repo/classify-file.js';

/**
 * Which of several definitions of one name to read first: implementations
 * before their type declarations (`.d.ts`, `.pyi`); a body before a one-line
 * stub (an interface's method, a package-level wrapper that only calls the
 * method: viper's `func Get(key string) any { return v.Get(key) }` before
 * `Viper.Get`, which is the one that looks the key up); then the one in the
 * stronger candidate file (`candidates`: the question's files, best first);
 * otherwise the index's order.
 */
export function rankDefinitions<T extends { path: string; startLine: number; endLine: number }>(
  defs: readonly T[],
  candidates: readonly string[] = [],
): T[] {
  const place = (path: string): number => {
    const i = candidates.indexOf(path);
    return i < 0 ? candidates.length : i;
  };
  const declared = (d: T): number => (classifyFile(d.path).kind === 'declaration' ? 1 : 0);
  const stub = (d: T): number => (d.endLine <= d.startLine ? 1 : 0);
  return defs
    .map((d, i) => ({ d, i }))
    .sort((a, b) => declared(a.d) - declared(b.d) || stub(a.d) - stub(b.d) || place(a.d.path) - place(b.d.path) || a.i - b.i)
    .map(({ d }) => d);
}

/** A definition with a body: more than its one line (not an interface's method or a one-line wrapper). */
export function hasBody(def: { startLine: number; endLine: number }): boolean {
  return def.endLine > def.startLine;
}
