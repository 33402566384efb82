/** The rows `npm run bench` prints (run-perf-bench.ts) and how they are written: seconds, ratios, PASS/MISS. */

export interface PerfRow {
  figure: string;
  nanodex: string;
  baseline: string;
  ratio: string;
  target: string;
  result: 'PASS' | 'MISS' | 'n/a' | '';
}

/** Milliseconds as seconds: three decimals under a second, two above. */
export const s = (msValue: number): string => `${(msValue / 1000).toFixed(msValue < 1000 ? 3 : 2)} s`;
export const x = (ratio: number): string => `${ratio.toFixed(ratio < 10 ? 2 : 1)}x`;
/** true PASS, false MISS, undefined n/a (the baseline is missing, or the target is not this corpus's). */
export const verdict = (ok: boolean | undefined): PerfRow['result'] => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'MISS');

export function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The Markdown table, columns padded; a `|` inside a cell is escaped. */
export function renderPerfTable(table: PerfRow[]): string {
  const header = ['figure', 'nanodex', 'baseline, same run', 'ratio', 'target', 'result'];
  const cells = table.map((r) => [r.figure, r.nanodex, r.baseline, r.ratio, r.target, r.result].map((c) => c.replace(/\|/g, '\\|')));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
