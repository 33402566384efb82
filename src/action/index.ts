import * as core from '@actions/core';
import { findNodeProblem } from '../core/index.js';
import { run } from './run.js';

const nodeProblem = findNodeProblem(process.version);
if (nodeProblem) core.setFailed(`${nodeProblem} Set the step's node-version input to 24.`);
else await run();
// Past a deadline, stuck work (a call that never returns) may still hold the event loop: the step is over.
process.exit();
