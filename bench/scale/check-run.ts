import { quantile } from '../measure.js';
import type { BenchDelivery } from './scale-deliveries.js';
import type { ScaleGitHub } from './scale-github.js';

export interface RunCheck {
  ackP50Ms: number;
  ackP99Ms: number;
  completed: number;
  lost: number;
  duplicatesPosted: number;
  orderViolations: number;
  /** Deliveries that ran more than once (a worker killed in the middle: the 👀 reaction, or the diff read, seen twice). */
  rerun: number;
}

function percentile(values: number[], p: number): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    p / 100,
  );
}

/**
 * What GitHub saw, judged: a delivery is completed when its thread holds a
 * final reply (not "working"); a duplicate is a second comment created in
 * one thread (a rerun must update its sticky comment); an order violation
 * is a delivery whose first request for its thread came before the last
 * write of the delivery that arrived before it in the same repository.
 */
export function checkRun(github: ScaleGitHub, arrival: BenchDelivery[], all: BenchDelivery[], acks: number[]): RunCheck {
  const unique = all.filter((d) => !d.redelivery);
  const answered = (d: BenchDelivery) => github.finalBodies(`${d.repo}#${d.issue}`).some((b) => !/working on it|is working/i.test(b));
  const completed = unique.filter(answered).length;
  let duplicatesPosted = 0;
  for (const count of github.created.values()) duplicatesPosted += Math.max(0, count - 1);
  const span = new Map<string, { start: number; end: number }>();
  for (const r of github.seen) {
    if (r.repo === undefined || r.issue === undefined) continue;
    const key = `${r.repo}#${r.issue}`;
    const s = span.get(key) ?? { start: r.at, end: 0 };
    s.start = Math.min(s.start, r.at);
    if (r.method !== 'GET') s.end = Math.max(s.end, r.at);
    span.set(key, s);
  }
  const runs = new Map<string, number>();
  for (const r of github.seen) {
    if (r.repo === undefined || r.issue === undefined) continue;
    const isRunMark = (r.method === 'POST' && r.path.endsWith('/reactions')) || (r.method === 'GET' && /\/pulls\/\d+$/.test(r.path));
    if (isRunMark) runs.set(`${r.repo}#${r.issue}`, (runs.get(`${r.repo}#${r.issue}`) ?? 0) + 1);
  }
  let orderViolations = 0;
  const lastEnd = new Map<string, number>();
  for (const d of arrival) {
    const s = span.get(`${d.repo}#${d.issue}`);
    if (!s) continue;
    if (s.start < (lastEnd.get(d.repo) ?? 0)) orderViolations++;
    lastEnd.set(d.repo, Math.max(lastEnd.get(d.repo) ?? 0, s.end));
  }
  return {
    ackP50Ms: Math.round(percentile(acks, 50) * 10) / 10,
    ackP99Ms: Math.round(percentile(acks, 99) * 10) / 10,
    completed,
    lost: unique.length - completed,
    duplicatesPosted,
    orderViolations,
    rerun: [...runs.values()].filter((n) => n > 1).length,
  };
}
