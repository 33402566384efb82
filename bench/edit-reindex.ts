/**
 * A 1-file edit re-indexed (issue 28), on a clone of the corpus with a copy
 * of its index (the pinned corpus is never written to): a line appended to
 * one file, then `nanodex index --json`, the whole process; run in turn with
 * `git status`, which finds the same change and is the least any refresh
 * pays for it.
 */
import { appendFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { alternate } from './alternate.js';
import { runProcess, toTiming, type ProcessRun, type ProcessTiming } from './time-process.js';
import { cloneForEdit } from './clone-settled.js';

/** A mid-sized module of the Python tree (36 KB), the same in the quick and the full corpus. */
export const EDITED_FILE = 'python/sympy/sympy/matrices/determinant.py';

export interface EditReindexOptions {
  corpusRoot: string;
  /** The index of corpusRoot, built and closed (checkpointed: the file alone is the index). */
  indexFile: string;
  scratch: string;
  runs: number;
  env: NodeJS.ProcessEnv;
  nanodex: (...argv: string[]) => [string, string[]];
}

export interface EditReindex {
  index: ProcessTiming;
  /** The index's own timing of each run (timings.totalMs), in run order. */
  workMs: number[];
  gitStatus: ProcessTiming;
  /** Every run re-parsed exactly the edited file. */
  onlyTheFile: boolean;
}

interface IndexJson {
  added: number;
  changed: number;
  timings: { totalMs: number };
}

export async function measureEditReindex(options: EditReindexOptions): Promise<EditReindex> {
  const { clone, file } = cloneForEdit(options.corpusRoot, options.scratch, 'edit-clone', EDITED_FILE);
  const index = path.join(options.scratch, 'edit.db');
  copyFileSync(options.indexFile, index);
  const indexArgs = options.nanodex('index', '--repo', clone, '--index', index, '--json');
  // The copy was stamped with the corpus' folder: one refresh settles it on the clone before anything is timed.
  parseIndexJson(await runProcess(...indexArgs, { env: options.env }));
  const stats: IndexJson[] = [];
  const [runs, statuses] = await alternate(
    options.runs,
    async (run): Promise<ProcessRun> => {
      appendFileSync(file, `\n\ndef nanodex_bench_probe_${run}(value):\n    return value + ${run}\n`);
      const result = await runProcess(...indexArgs, { env: options.env });
      stats.push(parseIndexJson(result));
      return result;
    },
    () => runProcess('git', ['-C', clone, '--no-optional-locks', 'status', '--porcelain'], { env: options.env }),
  );
  return {
    index: toTiming('nanodex index (one file edited)', runs),
    workMs: stats.map((s) => s.timings.totalMs),
    gitStatus: toTiming('git status --porcelain', statuses),
    onlyTheFile: stats.every((s) => s.changed === 1 && s.added === 0),
  };
}

function parseIndexJson(run: ProcessRun): IndexJson {
  if (run.code !== 0) throw new Error(`nanodex index failed (exit ${run.code}): ${run.stderr.slice(0, 500)}`);
  return JSON.parse(run.stdout) as IndexJson;
}
