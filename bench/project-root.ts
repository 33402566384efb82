import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nanodex checkout the benchmark runs from, whether built (dist/bench) or from source (bench). */
export function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'nanodex') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the nanodex package.json above the benchmark');
    dir = parent;
  }
}
