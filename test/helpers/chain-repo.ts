/**
 * `count` TypeScript modules in a ring: each imports and calls the next, so
 * a whole index has exactly `count` import edges and `count` call edges, and
 * a partial one visibly fewer. Big enough (at a few hundred) that an index
 * run lasts long enough to be caught midway.
 */
export function chainRepoFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i += 1) {
    const next = (i + 1) % count;
    files[`src/m${i}.ts`] = [
      `import { f${next} } from './m${next}.js';`,
      `export function f${i}(n: number): number {`,
      `  return n > 0 ? f${next}(n - 1) : ${i};`,
      '}',
      '',
    ].join('\n');
  }
  return files;
}
