/** The locator variants run-experiments.ts measures: one knob at a time, then combinations. */
import type { RankContext } from '../harness.js';
import { FileBm25 } from '../bm25-baseline.js';
import { BASE, locateFilesExp, type Knobs } from './locate-files-exp.js';

type Variant = (context: RankContext) => { path: string }[];

const knobs =
  (change: Partial<Knobs>): Variant =>
  ({ index, evalCase, baseline }) =>
    locateFilesExp(index, evalCase.query, { ...BASE, ...change }, 10, change.fileBm25 ? baseline.scores(evalCase.query, 50) : undefined);

/** The ladder reported: each step adds one change to the one before. */
const S1: Partial<Knobs> = { neighbour: 0.1, neighbourOnce: true };
const S2: Partial<Knobs> = { ...S1, testFactor: 0.3 };
const S3: Partial<Knobs> = { ...S2, textFactor: 0.5 };
const S4: Partial<Knobs> = { ...S3, pathWords: 0.4 };
const S5: Partial<Knobs> = { ...S4, extraChunks: 0.3 };
const S6: Partial<Knobs> = { ...S5, changeStopWords: true };
const S7: Partial<Knobs> = { ...S6, dotted: true };
export const VARIANTS: Record<string, Variant> = {
  base: knobs({}),
  'graph-off': knobs({ neighbour: 0 }),
  'S1 graph once x0.1': knobs(S1),
  'S2 +tests x0.3': knobs(S2),
  'S2b tests unless asked': knobs({ ...S2, testsUnlessAsked: true }),
  'S3 +non-code x0.5': knobs(S3),
  'S4 +path words 0.4': knobs(S4),
  'S5 +extra chunks 0.3': knobs(S5),
  'S6 +change stop words': knobs(S6),
  'S7 +dotted names': knobs(S7),
  'S5 without tests x0.3': knobs({ ...S5, testFactor: 1 }),
  'S5 without graph change': knobs({ ...S5, neighbour: 0.25, neighbourOnce: false }),
  'S5 +defs in <=3 files': knobs({ ...S5, definitionMaxFiles: 3 }),
  'S5 +defs in <=5 files': knobs({ ...S5, definitionMaxFiles: 5 }),
  'S6 +defs in <=3 files': knobs({ ...S6, definitionMaxFiles: 3 }),
  'S5 +file bm25 (tf)': knobs({ ...S5, fileBm25: 1 }),
};

/** Whole-file BM25 built differently from the baseline, one snapshot at a time (cases come grouped by snapshot). */
let cached: { key: string; bm25: FileBm25 } | undefined;
function fileBm25(context: RankContext, options: { distinct?: boolean; porter?: boolean }): FileBm25 {
  const key = `${context.root}|${JSON.stringify(options)}`;
  if (cached?.key !== key) {
    cached?.bm25.close();
    cached = { key, bm25: new FileBm25(context.root, context.files, options) };
  }
  return cached.bm25;
}

export const FILE_VARIANTS: Record<string, Variant> = {
  'bm25 files (distinct, porter)': (c) => fileBm25(c, { distinct: true, porter: true }).scores(c.evalCase.query, 10),
  'S5 +file bm25 (distinct, porter)': (c) =>
    locateFilesExp(
      c.index,
      c.evalCase.query,
      { ...BASE, ...S5, fileBm25: 1 },
      10,
      fileBm25(c, { distinct: true, porter: true }).scores(c.evalCase.query, 50),
    ),
};
