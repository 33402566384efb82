#!/usr/bin/env node
import { CLI_VERSION } from './cli-version.js';
import { enableCompileCache } from './enable-compile-cache.js';

// First, before any other module loads: every module imported after this is read from V8's code cache on disk.
enableCompileCache(process.env);

const { findNodeProblem } = await import('../core/lookups.js');
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
