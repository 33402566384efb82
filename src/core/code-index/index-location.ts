import { createHash } from '../runtime/create-hash.js';
import path from 'node:path';

/**
 * Where a repository's index lives: `<dataDir>/<name>-<hash>.sqlite`, outside
 * the repository so it never shows up in its tracked files. The hash of the
 * repository's real path keeps two checkouts named alike apart.
 */
export function toIndexFile(dataDir: string, repoRoot: string): string {
  const hash = createHash('sha256').update(repoRoot).digest('hex').slice(0, 12);
  const name = path.basename(repoRoot).replace(/[^A-Za-z0-9._-]/g, '_') || 'repo';
  return path.join(dataDir, `${name}-${hash}.sqlite`);
}
