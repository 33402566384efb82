import type { FileToChange } from './find-files-to-change.js';

/** At most this many files under "Make the change": a plan that proposes more is guessing. */
const MAX_TO_CHANGE = 4;

/**
 * Which files "Make the change" lists, and which are related files to read
 * first. "Make the change" is a claim, so it lists only the files the request
 * names (findCertainFiles: a path it spells, a definition only that file has);
 * when it names none, no file is listed there and the plan says so, and the
 * best candidates stay, in their order, as related files to read first.
 *
 * Measured on the last 15 source commits of axios, koa, click, httpx, gin and
 * chi and, never tuned on, express, requests and echo
 * (bench/eval/measure-plan-files.ts, docs/evaluation.md): the best-ranked file
 * the request's words matched was a changed file about two times in three (a
 * caller, a neighbour or a same-named file changed instead), the named files
 * far more often.
 */
export function selectFilesToChange(files: FileToChange[]): FileToChange[] {
  const toChange = files.filter((f) => f.certainty === 'named').slice(0, MAX_TO_CHANGE);
  return [
    ...toChange.map((f) => ({ ...f, role: 'change' as const })),
    ...files.filter((f) => !toChange.includes(f)).map((f) => ({ ...f, role: 'related' as const })),
  ];
}
