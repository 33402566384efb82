import type { FileToChange } from './find-files-to-change.js';

/** At most this many files under "Make the change": a plan that proposes more is guessing. */
const MAX_TO_CHANGE = 4;

/**
 * Which files "Make the change" lists, and which are related files to read
 * first: a file is proposed for the change only with evidence for this change.
 * Every file the request names (a path it spells out, or the definition of a
 * name it spells) is proposed; when it names none, the best-ranked file whose
 * code the request's words matched, alone. A file the graph alone linked to
 * the evidence is never proposed, and when nothing qualifies none is: the
 * plan says so rather than guess. The rest are kept, in their order, as
 * related files (read first, not expected to change).
 *
 * Measured on the last 15 source commits of chi, click and koa and, never
 * tuned on, echo, express and requests (bench/eval/measure-plan-files.ts):
 * the second and later files the request's words matched were the neighbour
 * of the changed file far more often than a changed file (`mux.go` beside
 * `tree.go`, `lib/request.js` beside `lib/response.js`), so they are listed as
 * related rather than as changes.
 */
export function selectFilesToChange(files: FileToChange[]): FileToChange[] {
  const named = files.filter((f) => f.certainty === 'named').slice(0, MAX_TO_CHANGE);
  const best = files.find((f) => f.certainty === 'matched');
  const toChange = named.length > 0 ? named : best ? [best] : [];
  return [
    ...toChange.map((f) => ({ ...f, role: 'change' as const })),
    ...files.filter((f) => !toChange.includes(f)).map((f) => ({ ...f, role: 'related' as const })),
  ];
}
