/**
 * Runs rankers over the evaluation cases: indexes each case's snapshot once
 * (the index files are kept under ~/.cache/nanodex-eval/index and brought up
 * to date by nanodex's delta indexing on the next run), builds the whole-file
 * BM25 baseline over the same files, and scores every ranker's top 10.
 */
import { existsSync } from 'node:fs';
import { SqliteCodeIndex, type CodeIndex } from '../../src/core/code-index/code-index.js';
import { indexRepository } from '../../src/core/code-index/index-repository.js';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { FileBm25 } from './bm25-baseline.js';
import { indexFile, snapshotDir, type EvalCase } from './eval-paths.js';
import { aggregate, scoreCase, type CaseScore, type Metrics } from './metrics.js';

export interface RankContext {
  evalCase: EvalCase;
  index: CodeIndex;
  store: IndexStore;
  baseline: FileBm25;
  /** The snapshot folder and the files the index holds (for rankers that build their own structures). */
  root: string;
  files: string[];
}

/** A ranker returns repository paths, best first (at least the top 10). */
export type Ranker = (context: RankContext) => string[] | Promise<string[]>;

export interface CaseResult {
  evalCase: EvalCase;
  /** Expected files the index does not hold (skipped by nanodex's rules): a miss for every ranker. */
  unindexed: string[];
  ranked: Record<string, string[]>;
  scores: Record<string, CaseScore>;
}

export const log = (message: string): void => {
  process.stderr.write(`[eval] ${message}\n`);
};

export async function runCases(cases: EvalCase[], rankers: Record<string, Ranker>): Promise<CaseResult[]> {
  const bySnapshot = new Map<string, EvalCase[]>();
  for (const c of cases) bySnapshot.set(snapshotDir(c), [...(bySnapshot.get(snapshotDir(c)) ?? []), c]);
  const results: CaseResult[] = [];
  let done = 0;
  let indexMs = 0;
  for (const [dir, group] of bySnapshot) {
    if (!existsSync(dir)) throw new Error(`snapshot ${dir} is missing: run \`npx tsx bench/eval/build-cases.ts\``);
    const store = await IndexStore.openWriter(indexFile(group[0]!));
    const started = Date.now();
    try {
      await indexRepository(new LocalRepoSource(dir), store, {});
      indexMs += Date.now() - started;
      const index = new SqliteCodeIndex(store);
      const indexed = new Set(index.listFiles().map((f) => f.path));
      const files = [...indexed];
      const baseline = new FileBm25(dir, files);
      try {
        for (const evalCase of group) {
          const ranked: Record<string, string[]> = {};
          const scores: Record<string, CaseScore> = {};
          for (const [name, rank] of Object.entries(rankers)) {
            ranked[name] = (await rank({ evalCase, index, store, baseline, root: dir, files })).slice(0, 10);
            scores[name] = scoreCase(evalCase.expected, ranked[name]);
          }
          results.push({ evalCase, unindexed: evalCase.expected.filter((e) => !indexed.has(e)), ranked, scores });
        }
      } finally {
        baseline.close();
      }
    } finally {
      store.close();
    }
    done += group.length;
    if (done % 20 < group.length) log(`${done}/${cases.length} cases (indexing ${(indexMs / 1000).toFixed(0)} s so far)`);
  }
  return results;
}

/** Metrics per repository and overall, per ranker. */
export function summarise(results: CaseResult[]): Record<string, Record<string, Metrics>> {
  const groups = new Map<string, CaseResult[]>();
  for (const r of results) groups.set(r.evalCase.repo, [...(groups.get(r.evalCase.repo) ?? []), r]);
  groups.set('overall', results);
  const rankers = Object.keys(results[0]?.scores ?? {});
  const out: Record<string, Record<string, Metrics>> = {};
  for (const [group, rs] of groups) {
    out[group] = Object.fromEntries(rankers.map((name) => [name, aggregate(rs.map((r) => r.scores[name]!))]));
  }
  return out;
}

/** The `count` worst cases of a ranker (lowest recall@5, then reciprocal rank), for tuning. */
export function describeWorst(results: CaseResult[], ranker: string, count = 10): string {
  const worst = [...results]
    .sort((a, b) => a.scores[ranker]!.recall5 - b.scores[ranker]!.recall5 || a.scores[ranker]!.rr - b.scores[ranker]!.rr)
    .slice(0, count);
  return worst
    .map((r, i) => {
      const q = r.evalCase.query.length > 80 ? `${r.evalCase.query.slice(0, 79)}…` : r.evalCase.query;
      const top = r.ranked[ranker]!.slice(0, 5).map(
        (p, k) => `    ${k + 1}. ${p}${r.evalCase.expected.includes(p) ? '  <- expected' : ''}`,
      );
      const missing = r.unindexed.length > 0 ? ` (not indexed: ${r.unindexed.join(', ')})` : '';
      return [
        `${i + 1}. [${r.evalCase.repo} ${r.evalCase.sha.slice(0, 10)}] ${q}`,
        `   expected: ${r.evalCase.expected.join(', ')}${missing}`,
        ...top,
      ].join('\n');
    })
    .join('\n');
}
