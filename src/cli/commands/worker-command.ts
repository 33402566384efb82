import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CliIo } from '../cli-context.js';
import type { Wrap } from '../cli-options.js';

/**
 * `nanodex worker`: the App's Redis worker, started from the CLI the
 * deployment already has. The worker is part of the App front (it runs the
 * App's handlers), so the CLI does not import it: it runs its entry
 * (`src/app/worker-main`) as a child process with this process's streams,
 * passes SIGTERM and SIGINT on (the worker's graceful shutdown), and exits
 * with its exit code.
 */
export function registerWorkerCommand(program: Command, io: CliIo, wrap: Wrap): void {
  program
    .command('worker')
    .description("run the App's worker: jobs from Redis (REDIS_URL and the App's variables; docs/app.md, Scaling out)")
    .action(
      wrap(async () => {
        const entry = workerEntry();
        if (entry === undefined) {
          io.stderr.write(
            'nanodex worker cannot start: the App is not built (run `npm run build`), so dist/src/app/worker-main.js is missing\n',
          );
          return 3;
        }
        // Loaded here: child_process costs every other command a few milliseconds of start-up.
        const { spawn } = await import('node:child_process');
        // execArgv carries a loader when the CLI itself runs from source (tsx).
        const child = spawn(process.execPath, [...process.execArgv, entry], { stdio: 'inherit', env: io.env });
        const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
        const onTerm = forward('SIGTERM');
        const onInt = forward('SIGINT');
        process.on('SIGTERM', onTerm);
        process.on('SIGINT', onInt);
        try {
          return await new Promise<number>((resolve, reject) => {
            child.on('error', reject);
            child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128 + 15)));
          });
        } finally {
          process.off('SIGTERM', onTerm);
          process.off('SIGINT', onInt);
        }
      }),
    );
}

/** The worker entry beside this build (dist/src/app/worker-main.js), or its source when the CLI runs from source. */
function workerEntry(): string | undefined {
  for (const name of ['../../app/worker-main.js', '../../app/worker-main.ts']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(file)) return file;
  }
  return undefined;
}
