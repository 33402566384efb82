import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Indexes `root` into `indexFile` in a child process (helpers/index-child.ts)
 * and SIGKILLs it once it has parsed `killAfter` files: a build that stops
 * mid-way, as on a crash, an OOM kill or a lost runner. The child stops
 * itself at `killAfter` and waits for the signal, so a slow parent never
 * lets it finish first. `killed` is false when the child ended another way
 * (the caller's test then fails).
 */
export function indexAndKill(root: string, indexFile: string, killAfter: number): Promise<{ killed: boolean }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./index-child.ts', import.meta.url)), root, indexFile, String(killAfter)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = '';
    let killed = false;
    child.stdout.on('data', (data: Buffer) => {
      buffer += data.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      if (!killed && lines.some((l) => Number(l) >= killAfter)) {
        killed = child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ killed }));
  });
}
