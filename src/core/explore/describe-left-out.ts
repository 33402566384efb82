import type { BudgetMeter } from '../budget/budget-meter.js';

/**
 * The gap that says what a too-small file or byte budget left out, and the
 * budget word that would read it all (always above the current limit), or
 * undefined when nothing was left out. Listed first: a `files=1` overview
 * must not read as if one file were the whole answer.
 */
export function describeLeftOut(leftOut: ReadonlyMap<string, number> | undefined, meter: BudgetMeter): string | undefined {
  if (leftOut === undefined || leftOut.size === 0) return undefined;
  const used = meter.usage();
  const { budget } = meter;
  const count = `${leftOut.size} file${leftOut.size === 1 ? '' : 's'}`;
  if (used.files + 1 > budget.files) {
    return (
      `the files budget (files=${budget.files}) left out ${count} this question would read (each is listed below): ` +
      `add files=${used.files + leftOut.size} to read them, or narrow it with focus=<folder>`
    );
  }
  const wantedKb = Math.ceil((used.bytes + [...leftOut.values()].reduce((a, b) => a + b, 0)) / 1024);
  return (
    `the bytes budget (bytes=${Math.floor(budget.bytes / 1024)}kb) left out ${count} this question would read (each is listed below): ` +
    `add bytes=${Math.max(wantedKb, Math.floor(budget.bytes / 1024) + 1)}kb to read them, or narrow it with focus=<folder>`
  );
}
