/** What the bench reads of a finished process: `nanodex index --json`'s stats, and whether a lookup answered. */
import type { ProcessRun, ProcessTiming } from './time-process.js';

export interface Stats {
  files: number;
  added: number;
  changed: number;
  bytesParsed: number;
  timings: { totalMs: number };
}

export function parseStats(run: ProcessRun): Stats {
  if (run.code !== 0) throw new Error(`nanodex index failed (exit ${run.code}): ${run.stderr.slice(0, 500)}`);
  return JSON.parse(run.stdout) as Stats;
}

export function checkAnswered(name: string, timing: ProcessTiming): void {
  if (timing.last.code !== 0 || timing.last.stdout.length === 0)
    throw new Error(`${name} found nothing (exit ${timing.last.code}): ${timing.last.stderr.slice(0, 300)}`);
}
