/** The printed Markdown table and the JSON result file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Row {
  metric: string;
  value: string;
  /** Human-readable target, e.g. `>= 3 MB/s`. */
  target?: string;
  /** true PASS, false MISS, undefined n/a (no target, or the baseline is missing). */
  pass?: boolean;
  hasTarget?: boolean;
}

/** A row with a target: `pass` is computed unless the value is missing (then n/a). */
export function targetRow(metric: string, value: string, target: string, ok: boolean | undefined): Row {
  return { metric, value, target, pass: ok, hasTarget: true };
}

export function infoRow(metric: string, value: string): Row {
  return { metric, value };
}

export function fixed(value: number | undefined, digits = 1): string {
  return value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(digits);
}

export function count(value: number | undefined): string {
  return value === undefined ? 'n/a' : value.toLocaleString('en-US');
}

export function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (!Number.isFinite(value)) return 'timeout';
  return value < 10 ? `${value.toFixed(3)} ms` : value < 1000 ? `${value.toFixed(1)} ms` : `${(value / 1000).toFixed(2)} s`;
}

function escape(cell: string): string {
  return cell.replace(/\|/g, '\\|');
}

export function renderTable(rows: Row[]): string {
  const header = ['Measure', 'nanodex', 'Target', 'Result'];
  const cells = rows.map((r) =>
    [r.metric, r.value, r.target ?? '', r.hasTarget ? (r.pass === undefined ? 'n/a' : r.pass ? 'PASS' : 'MISS') : ''].map(escape),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}

export function summarise(rows: Row[]): { pass: number; miss: number; na: number } {
  const targeted = rows.filter((r) => r.hasTarget);
  return {
    pass: targeted.filter((r) => r.pass === true).length,
    miss: targeted.filter((r) => r.pass === false).length,
    na: targeted.filter((r) => r.pass === undefined).length,
  };
}

export function writeJson(file: string, data: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
