/**
 * Localization metrics, as the benchmark defines them: recall@5 (the share
 * of expected files in the top 5, averaged over cases), all-in-top-5 (the
 * share of cases with every expected file in the top 5) and MRR (reciprocal
 * rank of the first expected file within the top 10; 0 when none is there).
 */

export interface CaseScore {
  recall5: number;
  allIn5: number;
  rr: number;
}

export interface Metrics {
  cases: number;
  recall5: number;
  allIn5: number;
  mrr: number;
}

export const TARGETS: Omit<Metrics, 'cases'> = { recall5: 0.85, allIn5: 0.8, mrr: 0.7 };

export function scoreCase(expected: string[], ranked: string[]): CaseScore {
  const top5 = new Set(ranked.slice(0, 5));
  const found = expected.filter((e) => top5.has(e)).length;
  const first = ranked.slice(0, 10).findIndex((p) => expected.includes(p));
  return { recall5: found / expected.length, allIn5: found === expected.length ? 1 : 0, rr: first < 0 ? 0 : 1 / (first + 1) };
}

export function aggregate(scores: CaseScore[]): Metrics {
  const mean = (pick: (s: CaseScore) => number): number =>
    scores.length === 0 ? 0 : Number((scores.reduce((sum, s) => sum + pick(s), 0) / scores.length).toFixed(3));
  return { cases: scores.length, recall5: mean((s) => s.recall5), allIn5: mean((s) => s.allIn5), mrr: mean((s) => s.rr) };
}

/** One Markdown table: a row per (group, ranker), the targets last. */
export function renderTable(results: Record<string, Record<string, Metrics>>): string {
  const lines = ['| repo | ranker | cases | recall@5 | all-in-top-5 | MRR |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  const f = (n: number): string => n.toFixed(3);
  for (const [group, byRanker] of Object.entries(results)) {
    for (const [ranker, m] of Object.entries(byRanker)) {
      lines.push(`| ${group} | ${ranker} | ${m.cases} | ${f(m.recall5)} | ${f(m.allIn5)} | ${f(m.mrr)} |`);
    }
  }
  lines.push(`| target | offline default | | >= ${TARGETS.recall5} | >= ${TARGETS.allIn5} | >= ${TARGETS.mrr} |`);
  return lines.join('\n');
}
