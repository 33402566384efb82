import type { Command } from 'commander';
import type { CliIo } from '../cli-context.js';
import type { Wrap } from '../cli-options.js';

/**
 * `nanodex worker`: the App's Redis worker, started from the CLI the
 * deployment already has. The worker is part of the App front (it runs the
 * App's handlers); this command only loads its entry, on use, which reads
 * the App's environment, runs until SIGTERM and exits by itself (the one
 * import of the App from the CLI, allowed by name in .dependency-cruiser.cjs).
 */
export function registerWorkerCommand(program: Command, _io: CliIo, wrap: Wrap): void {
  program
    .command('worker')
    .description("run the App's worker: jobs from Redis (REDIS_URL and the App's variables; docs/app.md, Scaling out)")
    .action(
      wrap(async () => {
        await import('../../app/worker-main.js');
        // The entry owns the process from here: it exits on a start-up problem or after a signal.
        return new Promise<number>(() => undefined);
      }),
    );
}
