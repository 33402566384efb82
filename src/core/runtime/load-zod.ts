import { createRequire } from 'node:module';
import path from 'node:path';
import type { z as Zod } from 'zod';

let zod: typeof Zod | undefined;

/**
 * zod, loaded on its first use rather than with the modules whose schemas
 * need it: its 95 modules took ~0.1 s of CPU in every `diagram` (and every
 * other command that loads a schema's module but parses no untrusted JSON).
 * Required as the ES module that `import 'zod'` loads elsewhere (require of
 * an ES module, Node 22.12+), not the package's CommonJS copy, so a process
 * that also imports it holds one zod.
 */
export function loadZod(): typeof Zod {
  if (zod === undefined) {
    const require = createRequire(import.meta.url);
    const entry = path.join(path.dirname(require.resolve('zod')), 'index.js');
    zod = (require(entry) as { z: typeof Zod }).z;
  }
  return zod;
}
