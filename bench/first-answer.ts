/**
 * Time to first answer on a tree nanodex has never seen (issue 28): `nanodex
 * ask "<question>"` with a fresh index file, the whole process, wall, run in
 * turn with `ctags -R` over the same tree. Whatever the CLI does on a cold
 * index (build it all first, or answer from part of it) is what is timed.
 * If the CLI leaves a build running after it answered, the next run waits
 * for it (the index's write lock) so the runs do not overlap; that build's
 * CPU is not in the figure.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isIndexWriteLocked } from '../src/core/code-index/index-write-lock.js';
import { alternate } from './alternate.js';
import { runProcess, toTiming, type ProcessRun, type ProcessTiming } from './time-process.js';

/** A build left behind that is still running after this is a failure of the run. */
const BACKGROUND_WAIT_MS = 15 * 60_000;

export interface FirstAnswerOptions {
  label: string;
  dir: string;
  question: string;
  scratch: string;
  runs: number;
  env: NodeJS.ProcessEnv;
  /** The CLI's command line for these arguments. */
  nanodex: (...argv: string[]) => [string, string[]];
  ctagsArgs: (tagsFile: string) => string[];
}

export interface FirstAnswer {
  ask: ProcessTiming;
  ctags: ProcessTiming;
  /** Runs after which a build was still running when the CLI exited. */
  leftBuilding: number;
}

export async function measureFirstAnswer(options: FirstAnswerOptions): Promise<FirstAnswer> {
  let leftBuilding = 0;
  const [asks, ctags] = await alternate(
    options.runs,
    async (run): Promise<ProcessRun> => {
      const index = path.join(options.scratch, `first-answer-${run}.db`);
      const result = await runProcess(...options.nanodex('ask', options.question, '--repo', options.dir, '--index', index), {
        env: options.env,
      });
      if (result.code !== 0 || result.stdout.trim() === '')
        throw new Error(`cold ask on ${options.label} gave no answer (exit ${result.code}): ${result.stderr.slice(0, 500)}`);
      if (await waitForWriters(index)) leftBuilding += 1;
      for (const suffix of ['', '-wal', '-shm', '.lock', '.build.log']) rmSync(`${index}${suffix}`, { force: true });
      return result;
    },
    async (run): Promise<ProcessRun> => {
      const tags = path.join(options.scratch, `first-answer-${run}.tags`);
      const result = await runProcess('ctags', options.ctagsArgs(tags), { env: options.env });
      rmSync(tags, { force: true });
      return result;
    },
  );
  return {
    ask: toTiming(`nanodex ask (cold, ${options.label})`, asks),
    ctags: toTiming(`ctags -R (${options.label})`, ctags),
    leftBuilding,
  };
}

/**
 * Waits while another process writes the index; true when one was. The detached build `ask` starts takes the
 * index's lock only once it has loaded (a few tenths of a second after `ask` exits): until its log
 * (`<index>.build.log`) ends with the summary's `index:` line or an error, it is still running, lock or not.
 * Left running, it took a core from the next runs (ctags and the next `ask`).
 */
export async function waitForWriters(index: string): Promise<boolean> {
  const started = Date.now();
  let waited = false;
  while (isIndexWriteLocked(index) || isBuildRunning(`${index}.build.log`)) {
    waited = true;
    if (Date.now() - started > BACKGROUND_WAIT_MS) throw new Error(`a build of ${index} was still running after 15 min`);
    await sleep(200);
  }
  return waited;
}

/** Whether a detached build's log says it has not ended yet: no summary (`index: …`) and no error. */
function isBuildRunning(log: string): boolean {
  if (!existsSync(log)) return false;
  const text = readFileSync(log, 'utf8');
  return !/^\s*index: /m.test(text) && !/\berror\b/i.test(text);
}
