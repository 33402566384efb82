import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../../helpers/build-dist.js';

/** Starts the shipped worker entry with only PATH (a newcomer's first try) and returns what it printed. */
function startWorker(entry: 'src/app/worker-main.js' | 'src/cli/main.js'): { status: number | null; stderr: string } {
  const args = entry === 'src/cli/main.js' ? [ensureBuilt(entry), 'worker'] : [ensureBuilt(entry)];
  return spawnSync(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('a worker started with no environment', () => {
  // Built once here (npm test builds first; a run of this file alone may compile for minutes on a loaded machine).
  beforeAll(() => {
    ensureBuilt('src/app/worker-main.js');
  }, 600_000);

  it.each(['src/app/worker-main.js', 'src/cli/main.js'] as const)(
    '(%s) names REDIS_URL first, then the App variables',
    (entry) => {
      const result = startWorker(entry);

      expect(result.status).toBe(1);
      const problems = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
      expect(problems[0]).toMatch(/^ {2}- REDIS_URL is not set\. Fix: .*redis:\/\/redis:6379/);
      expect(problems.slice(1).join('\n')).toMatch(/APP_ID/);
    },
    90_000,
  );
});
