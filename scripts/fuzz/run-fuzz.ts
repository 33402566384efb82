/**
 * `npm run fuzz`: property-based fuzzing (fast-check) of every place nanodex
 * reads untrusted input: webhook payloads, mentions, the repository's
 * config and skills, the planner's JSON, repository paths, proposed
 * changes, and raw HTTP against the App's server on loopback. Each target counts inputs, crashes (a throw other than the
 * documented typed errors and results), violations (a broken property, an
 * input slower than a second), path escapes and unhandled rejections; the
 * first failure is shrunk and printed. Exits 1 on any failure.
 * Flags: --seed N (reproduce a run), --scale X (inputs x X), --only TEXT.
 * Not part of `npm test`: a full run takes minutes.
 */
import { parseArgs } from 'node:util';
import { changeTarget } from './change-target.js';
import { httpTarget } from './http-target.js';
import { configTarget, skillTarget } from './config-targets.js';
import { makeHostileRoot } from './make-hostile-root.js';
import { mentionTarget } from './mention-target.js';
import { planTarget } from './plan-target.js';
import { repoPathTarget } from './repo-path-target.js';
import { ruleFileTarget } from './rule-file-target.js';
import { linkedIssuesTarget, walkthroughTarget } from './review-text-targets.js';
import { runTarget, type FuzzTarget, type TargetReport } from './run-target.js';
import { webhookJsonTarget, webhookMutationTarget } from './webhook-targets.js';

/** The issue's floor for one run at scale 1. */
const MIN_TOTAL_INPUTS = 100_000;

const { values } = parseArgs({ options: { seed: { type: 'string' }, scale: { type: 'string', default: '1' }, only: { type: 'string' } } });
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const scale = Number(values.scale);

let current = '(between targets)';
const unhandled = new Map<string, number>();
const countUnhandled = (): void => {
  unhandled.set(current, (unhandled.get(current) ?? 0) + 1);
};
process.on('unhandledRejection', countUnhandled);
process.on('uncaughtException', countUnhandled);

const hostile = makeHostileRoot();
const targets = (
  [
    webhookJsonTarget,
    webhookMutationTarget,
    mentionTarget,
    configTarget,
    skillTarget,
    ruleFileTarget,
    planTarget,
    repoPathTarget(hostile.root),
    changeTarget(hostile.root),
    linkedIssuesTarget,
    walkthroughTarget,
    httpTarget,
  ] as FuzzTarget<unknown>[]
).filter((t) => values.only === undefined || t.name.includes(values.only));

process.stdout.write(`nanodex fuzz: seed ${seed}, scale ${scale}, ${targets.length} targets\n`);
const reports: TargetReport[] = [];
for (const target of targets) {
  current = target.name;
  const report = await runTarget(target, { seed, scale });
  // Let rejections from this target's stray promises surface before its count is read.
  await new Promise((resolve) => setTimeout(resolve, 50));
  reports.push({ ...report, unhandled: unhandled.get(target.name) ?? 0 });
  process.stdout.write(`  ${target.name}: ${report.inputs} inputs, ${Math.round(report.ms)} ms\n`);
}
hostile.remove();

const total = reports.reduce((sum, r) => sum + r.inputs, 0);
printTable(reports, total);
for (const r of reports.filter((r) => r.failure !== undefined)) {
  const kinds = [...r.kinds]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `  ${String(n).padStart(6)} x ${kind}`)
    .join('\n');
  process.stdout.write(
    `\n${r.name}\n${kinds}\n  first, shrunk: ${r.failure!.problem.slice(0, 800).replace(/\n/g, '\n  ')}\n  shrunk input: ${r.failure!.input}\n`,
  );
}
const failed = reports.some((r) => r.crashes + r.violations + r.escapes + r.unhandled > 0) || (unhandled.get('(between targets)') ?? 0) > 0;
const tooFew = scale >= 1 && values.only === undefined && total < MIN_TOTAL_INPUTS;
if (tooFew) process.stdout.write(`\nonly ${total} inputs, under the floor of ${MIN_TOTAL_INPUTS}\n`);
process.stdout.write(`\n${failed || tooFew ? 'FAILED' : 'passed'} (reproduce with --seed ${seed})\n`);
process.exit(failed || tooFew ? 1 : 0);

function printTable(rows: TargetReport[], inputs: number): void {
  const header = ['target', 'inputs', 'accepted', 'crashes', 'violations', 'escapes', 'unhandled', 'time (s)', 'slowest (ms)'];
  const share = (part: number, whole: number) => `${Math.round((part / Math.max(1, whole)) * 100)}%`;
  const cells = rows.map((r) =>
    [
      r.name,
      r.inputs,
      share(r.accepted, r.inputs),
      r.crashes,
      r.violations,
      r.escapes,
      r.unhandled,
      (r.ms / 1000).toFixed(1),
      Math.round(r.slowestMs),
    ].map(String),
  );
  const sum = (key: 'crashes' | 'violations' | 'escapes' | 'unhandled') => String(rows.reduce((s, r) => s + r[key], 0));
  cells.push([
    'total',
    String(inputs),
    share(
      rows.reduce((s, r) => s + r.accepted, 0),
      inputs,
    ),
    sum('crashes'),
    sum('violations'),
    sum('escapes'),
    sum('unhandled'),
    (rows.reduce((s, r) => s + r.ms, 0) / 1000).toFixed(1),
    '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  process.stdout.write(
    `\n${line(header)}\n|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|\n${cells.map(line).join('\n')}\n`,
  );
}
