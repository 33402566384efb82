/** Timing helpers: latency distributions, medians, peak memory. */

export interface Latency {
  /** Inputs timed (fewer than offered when the time budget ran out). */
  n: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
  /** Rows returned per call, on average: shows the queries did real work. */
  meanRows: number;
  /** Calls stopped for taking too long (counted as infinitely slow in the quantiles). */
  timeouts: number;
  /** The slowest inputs, slowest first. */
  slowest: { input: string; ms: number }[];
}

/** Sums up per-call times (Infinity for a call that timed out). */
export function summarise(times: { ms: number; rows: number; input: string }[]): Latency {
  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const finite = sorted.filter(Number.isFinite);
  const total = finite.reduce((s, x) => s + x, 0);
  return {
    n: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    mean: finite.length ? total / finite.length : Number.NaN,
    meanRows: times.length ? times.reduce((s, t) => s + t.rows, 0) / times.length : 0,
    timeouts: sorted.length - finite.length,
    slowest: [...times]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map(({ input, ms }) => ({ input, ms })),
  };
}

/** The q-quantile (0..1) of sorted values, nearest-rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/**
 * Times `run` once per input, in milliseconds. The first `warmup` inputs run
 * untimed (statement preparation, page cache); a run that passes `budgetMs`
 * stops early so a pathological query cannot hold the benchmark hostage.
 */
export function measureLatency<T>(
  inputs: T[],
  run: (input: T) => unknown[] | unknown,
  options: { warmup?: number; budgetMs?: number; label?: (input: T) => string } = {},
): Latency {
  const warmup = Math.min(options.warmup ?? 10, inputs.length);
  const budget = options.budgetMs ?? 120_000;
  const label = options.label ?? ((input: T) => String(input));
  for (let i = 0; i < warmup; i += 1) run(inputs[i]!);
  const times: { ms: number; rows: number; input: string }[] = [];
  const started = performance.now();
  for (const input of inputs) {
    const t = performance.now();
    const result = run(input);
    times.push({ ms: performance.now() - t, rows: Array.isArray(result) ? result.length : 1, input: label(input) });
    if (performance.now() - started > budget) break;
  }
  return summarise(times);
}

/** Median wall time of `runs` calls, in milliseconds. */
export function medianTime(runs: number, fn: () => unknown): { ms: number; all: number[] } {
  const all: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    fn();
    all.push(performance.now() - t);
  }
  return { ms: median(all), all };
}

export async function timeAsync<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/**
 * Peak resident set of this process in MB. Worker threads live in the same
 * process, so getrusage's high-water mark covers them too.
 */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function mb(bytes: number): number {
  return bytes / 1_000_000;
}
