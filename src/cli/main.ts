#!/usr/bin/env node
import module from 'node:module';
import { findNodeProblem } from '../core/runtime/find-node-problem.js';

// V8's code cache on disk (Node >= 22.1): start-up parses the CLI's modules once, not on every run.
module.enableCompileCache?.();

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) {
  process.stderr.write(`${nodeProblem}\n`);
  process.exit(2);
}
const { runCli } = await import('./run-cli.js');
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
});
