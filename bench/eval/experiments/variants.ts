/** The locator variants run-experiments.ts measures: one knob at a time, then combinations. */
import type { RankContext } from '../harness.js';
import { BASE, locateFilesExp, type Knobs } from './locate-files-exp.js';

type Variant = (context: RankContext) => { path: string }[];

const knobs = (change: Partial<Knobs>): Variant => ({ index, evalCase, baseline }) =>
  locateFilesExp(index, evalCase.query, { ...BASE, ...change }, 10, change.fileBm25 ? baseline.scores(evalCase.query, 50) : undefined);

const G1: Partial<Knobs> = { neighbourOnce: true };
const NG: Partial<Knobs> = { neighbour: 0 };
const C1: Partial<Knobs> = { ...NG, testFactor: 0.3, textFactor: 0.5 };
export const VARIANTS: Record<string, Variant> = {
  base: knobs({}),
  'no-graph': knobs(NG),
  'ng+tests0.3': knobs({ ...NG, testFactor: 0.3 }),
  C1: knobs(C1),
  'C1+g1': knobs({ ...C1, ...G1, neighbour: 0.25 }),
  'C1+g1-0.1': knobs({ ...C1, ...G1, neighbour: 0.1 }),
  'C1+text0.3': knobs({ ...C1, textFactor: 0.3 }),
  'C1+tests0.2': knobs({ ...C1, testFactor: 0.2 }),
  'C1+extra0.3': knobs({ ...C1, extraChunks: 0.3 }),
  'C1+path0.4': knobs({ ...C1, pathWords: 0.4 }),
  'C1+stop': knobs({ ...C1, changeStopWords: true }),
  'C1+dotted': knobs({ ...C1, dotted: true }),
  'C1+transfer0.5': knobs({ ...C1, testTransfer: 0.5 }),
  'C1+file0.5': knobs({ ...C1, fileBm25: 0.5 }),
  'C1+file1': knobs({ ...C1, fileBm25: 1 }),
  'C1+all': knobs({ ...C1, extraChunks: 0.3, pathWords: 0.4, changeStopWords: true, dotted: true }),
  'C1+all+file0.5': knobs({ ...C1, extraChunks: 0.3, pathWords: 0.4, changeStopWords: true, dotted: true, fileBm25: 0.5 }),
};
