#!/usr/bin/env node
import module from 'node:module';
import { findNodeProblem } from '../core/lookups.js';
import { CLI_VERSION } from './cli-version.js';

// V8's code cache on disk (Node >= 22.1): start-up parses the CLI's modules once, not on every run.
module.enableCompileCache?.();

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) {
  process.stderr.write(`${nodeProblem}\n`);
  process.exit(2);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  // Answered before the command table and its modules load: scripts probe the install with it.
  process.stdout.write(`${CLI_VERSION}\n`);
} else {
  const { runCli } = await import('./run-cli.js');
  process.exitCode = await runCli(args, {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
}
