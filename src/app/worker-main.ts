// The worker's entry (`npm run worker`, `nanodex worker`): start, or list what stops it from starting; drain on SIGTERM.
import { describeError, findNodeProblem } from '../core/index.js';
import { renderEnvProblems } from './read-app-env.js';
import { runWorker } from './scale/run-worker.js';

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) {
  process.stderr.write(`nanodex worker cannot start: ${nodeProblem}\n`);
  process.exit(1);
}

const started = await runWorker(process.env).catch((error: unknown) => {
  process.stderr.write(`nanodex worker cannot start: ${describeError(error)}\n`);
  process.exit(1);
});
if (!started.ok) {
  process.stderr.write(renderEnvProblems(started.problems).replace('nanodex App cannot start', 'nanodex worker cannot start'));
  process.exit(1);
}
const { worker } = started;
let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  worker.logger.info('signal received', { signal });
  worker.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      worker.logger.error('shutdown failed', { error: describeError(error) });
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
