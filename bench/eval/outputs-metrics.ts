/**
 * Evidence and plan metrics of the outputs evaluation (issue 13):
 * hunk hit (some excerpt within 2 lines of a changed hunk), hunk recall (the
 * share of hunks so reached), on-target share (excerpt lines within 30
 * lines of a change), lines used; plan files recall@5 and the share of
 * proposed files that are docs, examples, benchmarks or tests the commit
 * did not touch.
 */
import type { Hunk } from './read-hunks.js';
import type { Excerpt } from './window-bm25.js';

const HIT_SLACK = 2;
const NEAR = 30;

export interface EvidenceScore {
  hunkHit: number;
  hunkRecall: number;
  onTarget: number;
  lines: number;
  /** Share of excerpt lines that start at line 1 of their file (file heads). */
  headShare: number;
  files: number;
}

export function scoreEvidence(hunks: Hunk[], excerpts: Excerpt[]): EvidenceScore {
  const near = (e: Excerpt, h: Hunk, slack: number) =>
    e.path === h.path && e.startLine <= h.endLine + slack && h.startLine <= e.endLine + slack;
  const reached = hunks.filter((h) => excerpts.some((e) => near(e, h, HIT_SLACK)));
  let lines = 0;
  let onTarget = 0;
  let heads = 0;
  for (const e of excerpts) {
    const n = e.endLine - e.startLine + 1;
    lines += n;
    if (e.startLine === 1) heads += n;
    for (let l = e.startLine; l <= e.endLine; l += 1) {
      if (hunks.some((h) => h.path === e.path && l >= h.startLine - NEAR && l <= h.endLine + NEAR)) onTarget += 1;
    }
  }
  return {
    hunkHit: reached.length > 0 ? 1 : 0,
    hunkRecall: hunks.length === 0 ? 0 : reached.length / hunks.length,
    onTarget: lines === 0 ? 0 : onTarget / lines,
    lines,
    headShare: lines === 0 ? 0 : heads / lines,
    files: new Set(excerpts.map((e) => e.path)).size,
  };
}

/** Docs, examples, benchmarks and tests: not where a product change lands. */
export function isNonProductPath(p: string): boolean {
  const segments = p.toLowerCase().split('/');
  const base = segments[segments.length - 1] ?? '';
  if (
    segments
      .slice(0, -1)
      .some((d) =>
        /^(docs?|documentation|examples?|samples?|bench(es|mark|marks)?|tests?|__tests__|spec|specs|testdata|fixtures|e2e)$/.test(d),
      )
  )
    return true;
  if (/\.(md|mdx|rst|txt|adoc)$/.test(base)) return true;
  return /(^test_.*\.py$|_test\.(go|py|rb|rs)$|\.(test|spec)\.[cm]?[jt]sx?$|tests?\.java$)/.test(base);
}

export interface PlanScore {
  recall5: number;
  nonProductShare: number;
  proposed: number;
}

export function scorePlan(expected: string[], touched: string[], files: string[]): PlanScore {
  const top = files.slice(0, 5);
  const found = expected.filter((e) => top.includes(e)).length;
  const nonProduct = files.filter((f) => isNonProductPath(f) && !touched.includes(f)).length;
  return {
    recall5: expected.length === 0 ? 0 : found / expected.length,
    nonProductShare: files.length === 0 ? 0 : nonProduct / files.length,
    proposed: files.length,
  };
}

export const mean = (values: number[]): number =>
  values.length === 0 ? 0 : Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(3));
