// The App's entry (`npm start`, the Docker image's CMD): start, or list what stops it from starting; drain on SIGTERM.
import { describeError, findNodeProblem } from '../core/index.js';
import { runApp } from './run-app.js';
import { renderEnvProblems } from './read-app-env.js';

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) {
  process.stderr.write(`nanodex App cannot start: ${nodeProblem}\n`);
  process.exit(1);
}

const started = await runApp(process.env).catch((error: unknown) => {
  // The last line: a start-up failure nobody foresaw is still one line, never a stack trace.
  process.stderr.write(`nanodex App cannot start: ${describeError(error)}\n`);
  process.exit(1);
});
if (!started.ok) {
  process.stderr.write(renderEnvProblems(started.problems));
  process.exit(1);
}
const { app } = started;
let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  app.logger.info('signal received', { signal });
  app.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      app.logger.error('shutdown failed', { error: describeError(error) });
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
