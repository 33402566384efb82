import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
/** The project root: `--import tsx` is resolved from the working directory, so the CLI runs here (pass --repo). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliProcess {
  /** Resolves when the process exits, with its exit code (or the signal that ended it) and output. */
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  /** Resolves once stderr contains `text`. */
  stderrContains(text: string): Promise<void>;
}

/** Runs the CLI from its sources as a real process (node + tsx), as two users at two terminals would. */
export function spawnCli(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stdout.on('data', (data: Buffer) => {
    stdout += data.toString();
  });
  child.stderr.on('data', (data: Buffer) => {
    stderr += data.toString();
    for (const w of waiters.filter((x) => stderr.includes(x.text))) w.resolve();
  });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    done,
    stderrContains: (text) =>
      new Promise((resolve, reject) => {
        if (stderr.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void done.then(() => reject(new Error(`the CLI exited without printing ${JSON.stringify(text)}; stderr:\n${stderr}`)));
      }),
  };
}
