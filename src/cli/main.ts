#!/usr/bin/env node
import { findNodeProblem } from '../core/index.js';
import { runCli } from './run-cli.js';

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) {
  process.stderr.write(`${nodeProblem}\n`);
  process.exit(2);
}
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
