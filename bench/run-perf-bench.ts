/**
 * `npm run bench`: issue 15's table on the pinned corpus (pinned-corpus.ts),
 * every figure a whole process timed beside its baseline in the same run:
 * `node -e 0`, ripgrep, `git grep` and Universal Ctags. Prints each target
 * PASS/MISS with its ratio and the corpus hash; writes bench/results/perf-latest.json.
 *
 * Flags: --quick (the sympy + small-packages corpus, 3 runs: minutes),
 * --runs N, --cache DIR (corpus cache, default $TMPDIR/nanodex-bench-cache),
 * --git-dir sympy=DIR (a local clone holding the pinned commit, used before the network).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkCompiledMermaid } from '../src/core/diagram/check-compiled-mermaid.js';
import { parseWithMermaid } from '../src/core/diagram/validate-mermaid.js';
import { describeBreakdown, indexSizeBreakdown, type TableBytes } from './index-size-breakdown.js';
import { buildPinnedCorpus } from './pinned-corpus.js';
import { findProjectRoot } from './project-root.js';
import { writeJson } from './report.js';
import { hasCommand, runProcess, timePair, timeProcess, type ProcessRun, type ProcessTiming } from './time-process.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    cache: { type: 'string' },
    'git-dir': { type: 'string', multiple: true, default: [] },
  },
});
const quick = args.quick;
const runs = Number(args.runs ?? (quick ? 3 : 5));
const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};
const gitDirs = Object.fromEntries(args['git-dir'].map((spec) => spec.split('=', 2) as [string, string]));

interface PerfRow {
  figure: string;
  nanodex: string;
  baseline: string;
  ratio: string;
  target: string;
  result: 'PASS' | 'MISS' | 'n/a' | '';
}
const rows: PerfRow[] = [];
let sizeBreakdown: TableBytes[] = [];
const s = (msValue: number): string => `${(msValue / 1000).toFixed(msValue < 1000 ? 3 : 2)} s`;
const x = (ratio: number): string => `${ratio.toFixed(ratio < 10 ? 2 : 1)}x`;
const verdict = (ok: boolean | undefined): PerfRow['result'] => (ok === undefined ? 'n/a' : ok ? 'PASS' : 'MISS');

const projectRoot = findProjectRoot();
const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'main.js');
const node = process.execPath;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'nanodex-perf-'));
const env = { PATH: process.env.PATH ?? '', HOME: scratch };
const nanodex = (...argv: string[]): [string, string[]] => [node, [cli, ...argv]];

log(`building the ${quick ? 'quick' : 'full'} pinned corpus (reused when cached) …`);
const corpus = buildCorpusOrExit();

/** The pinned corpus, or one line saying why it cannot be built (no network and no local mirror) and exit 2. */
function buildCorpusOrExit(): ReturnType<typeof buildPinnedCorpus> {
  try {
    return buildPinnedCorpus({ cacheDir: args.cache ?? path.join(os.tmpdir(), 'nanodex-bench-cache'), quick, gitDirs });
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
const sympy = path.join(corpus.root, corpus.parts.find((p) => p.label.startsWith('sympy'))!.dir);
log(
  `corpus ${corpus.hash}: ${corpus.files} files, ${(corpus.bytes / 1e6).toFixed(1)} MB (${corpus.parts.map((p) => `${p.label} ${p.files}`).join(', ')})`,
);
const haveRg = hasCommand('rg');
const haveCtags = hasCommand('ctags');
if (!haveRg) log('ripgrep (rg) not found: its baseline is skipped (apt-get install ripgrep)');
if (!haveCtags) log('ctags not found: its baseline is skipped (apt-get install universal-ctags)');

try {
  // 1. Start-up.
  log('start-up: --version vs node -e 0 …');
  const [version, bare] = await timePair(nanodex('--version'), [node, ['-e', '0']], { env, runs: runs * 2 });
  rows.push({
    figure: '`nanodex --version`',
    nanodex: s(version.wallMs),
    baseline: `\`node -e 0\` ${s(bare.wallMs)}`,
    ratio: x(version.wallMs / bare.wallMs),
    target: '<= 2x `node -e 0`',
    result: verdict(version.wallMs / bare.wallMs <= 2),
  });

  // 2. The Python-heavy tree: cold index vs ctags, then lookups vs rg and git grep.
  const sympyIndex = path.join(scratch, 'sympy.db');
  log('cold index of sympy …');
  const sympyCold = await runProcess(...nanodex('index', '--repo', sympy, '--index', sympyIndex, '--json'), { env });
  const sympyStats = parseStats(sympyCold);
  const sympyCtags = haveCtags ? await runCtags(sympy, path.join(scratch, 'sympy.tags')) : undefined;
  pushColdRow(`cold index CPU, sympy (${sympyStats.files} files, ${mb(sympyStats.bytesParsed)} parsed)`, sympyCold, sympyCtags);
  await pushFloorRows('sympy', sympy, sympyCtags);

  const lookups: [string, string[], string][] = [
    ['find', ['find', 'Symbol'], 'Symbol'],
    ['refs', ['refs', 'sympify'], 'sympify'],
    ['search', ['search', 'matrix', 'determinant'], 'determinant'],
  ];
  for (const [name, argv, word] of lookups) {
    log(`${name} on sympy …`);
    const command = nanodex(...argv, '--repo', sympy, '--index', sympyIndex);
    const gitGrep = await timeProcess('git', ['-C', sympy, 'grep', '-n', '-w', word, '--', '.'], { env, runs });
    if (haveRg) {
      const [ours, rg] = await timePair(command, ['rg', ['-n', '-w', word, sympy]], { env, runs });
      checkAnswered(name, ours);
      const ratio = ours.wallMs / rg.wallMs;
      rows.push({
        figure: `\`${name}\` on sympy`,
        nanodex: s(ours.wallMs),
        baseline: `rg ${s(rg.wallMs)}, git grep ${s(gitGrep.wallMs)}`,
        ratio: `${x(ratio)} rg`,
        target: '<= 0.25 s, <= 5x rg',
        result: verdict(ours.wallMs <= 250 && ratio <= 5),
      });
    } else {
      const ours = await timeProcess(...command, { env, runs });
      checkAnswered(name, ours);
      rows.push({
        figure: `\`${name}\` on sympy`,
        nanodex: s(ours.wallMs),
        baseline: `rg missing, git grep ${s(gitGrep.wallMs)}`,
        ratio: `${x(ours.wallMs / gitGrep.wallMs)} git grep`,
        target: '<= 0.25 s, <= 5x rg',
        result: verdict(ours.wallMs <= 250 ? undefined : false),
      });
    }
  }
  await pushDiagramRow('sympy', sympy, sympyIndex);

  // 3. The whole corpus: cold index (CPU vs ctags, peak RSS, size), no-change refresh, diagram.
  const bigIndex = path.join(scratch, 'corpus.db');
  log(`cold index of the whole corpus (${corpus.files} files) …`);
  const bigCold = await runProcess(...nanodex('index', '--repo', corpus.root, '--index', bigIndex, '--json'), { env });
  const bigStats = parseStats(bigCold);
  const bigCtags = haveCtags ? await runCtags(corpus.root, path.join(scratch, 'corpus.tags')) : undefined;
  pushColdRow(`cold index CPU, whole corpus (${bigStats.files} files, ${mb(bigStats.bytesParsed)} parsed)`, bigCold, bigCtags);
  await pushFloorRows('whole corpus', corpus.root, bigCtags);
  const big = !quick;
  rows.push({
    figure: `peak RSS, cold index of ${bigStats.files} files`,
    nanodex: `${bigCold.peakRssMb.toFixed(0)} MB`,
    baseline: bigCtags ? `ctags ${bigCtags.peakRssMb.toFixed(0)} MB` : 'ctags missing',
    ratio: '',
    target: '<= 600 MB at 50K files',
    result: big ? verdict(bigCold.peakRssMb <= 600) : 'n/a',
  });
  const indexBytes = fileBytes(bigIndex);
  const tagsBytes = bigCtags ? fileBytes(path.join(scratch, 'corpus.tags')) : undefined;
  rows.push({
    figure: 'index on disk / source bytes parsed',
    nanodex: `${mb(indexBytes)} / ${mb(bigStats.bytesParsed)}`,
    baseline: tagsBytes === undefined ? 'ctags missing' : `tags file ${x(tagsBytes / bigStats.bytesParsed)}`,
    ratio: x(indexBytes / bigStats.bytesParsed),
    target: '<= 1.0x',
    result: verdict(indexBytes <= bigStats.bytesParsed),
  });
  // Checkpointed on close: the file alone is the index. Where its bytes are, per table and index:
  sizeBreakdown = indexSizeBreakdown(bigIndex);
  log(`index bytes by table: ${describeBreakdown(sizeBreakdown)}`);
  rows.push({
    figure: 'index on disk / whole tree bytes',
    nanodex: `${mb(indexBytes)} / ${mb(corpus.bytes)}`,
    baseline: tagsBytes === undefined ? '' : `tags file ${x(tagsBytes / corpus.bytes)}`,
    ratio: x(indexBytes / corpus.bytes),
    target: '(info)',
    result: '',
  });

  log('no-change refresh of the whole corpus …');
  const refresh = await timeProcess(...nanodex('index', '--repo', corpus.root, '--index', bigIndex, '--json'), { env, runs });
  const work = refresh.runs.map((r) => parseStats(r).timings.totalMs).sort((a, b) => a - b)[Math.floor(refresh.runs.length / 2)]!;
  const unchanged = refresh.runs.every((r) => parseStats(r).changed === 0 && parseStats(r).added === 0);
  rows.push({
    figure: `re-index with no change, ${bigStats.files} files: work (process wall, CPU)`,
    nanodex: `${s(work)} (${s(refresh.wallMs)}, ${s(refresh.cpuMs)})`,
    baseline: '',
    ratio: '',
    target: '<= 0.3 s work on 46K files',
    result: big ? verdict(work <= 300 && unchanged) : 'n/a',
  });
  await pushDiagramRow('whole corpus', corpus.root, bigIndex);

  const passed = rows.filter((r) => r.result === 'PASS').length;
  const missed = rows.filter((r) => r.result === 'MISS').length;
  process.stdout.write(
    `\n## nanodex performance (issue 15)\n\nCorpus \`${corpus.hash}\` (${quick ? 'quick' : 'full'}: ${corpus.files} files, ${mb(corpus.bytes)}; ` +
      `${corpus.parts.map((p) => p.label).join(', ')}); ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}; medians of ${runs} runs\n\n` +
      `${renderPerfTable(rows)}\n\n${passed} PASS, ${missed} MISS\n\nIndex bytes by table: ${describeBreakdown(sizeBreakdown)}\n`,
  );
  writeJson(path.join(projectRoot, 'bench', 'results', quick ? 'perf-quick.json' : 'perf-latest.json'), {
    date: new Date().toISOString(),
    corpus,
    quick,
    runs,
    cpus: os.cpus().length,
    node: process.version,
    loadavg: os.loadavg(),
    rows,
    indexBytesByTable: sizeBreakdown,
  });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

interface Stats {
  files: number;
  added: number;
  changed: number;
  bytesParsed: number;
  timings: { totalMs: number };
}

function parseStats(run: ProcessRun): Stats {
  if (run.code !== 0) throw new Error(`nanodex index failed (exit ${run.code}): ${run.stderr.slice(0, 500)}`);
  return JSON.parse(run.stdout) as Stats;
}

function checkAnswered(name: string, timing: ProcessTiming): void {
  if (timing.last.code !== 0 || timing.last.stdout.length === 0)
    throw new Error(`${name} found nothing (exit ${timing.last.code}): ${timing.last.stderr.slice(0, 300)}`);
}

async function runCtags(dir: string, tagsFile: string): Promise<ProcessRun> {
  log(`ctags -R ${path.basename(dir)} …`);
  return runProcess('ctags', ['-R', '--languages=Python,JavaScript,TypeScript', '-f', tagsFile, dir], { env });
}

function pushColdRow(figure: string, ours: ProcessRun, ctags: ProcessRun | undefined): void {
  const ratio = ctags ? ours.cpuMs / ctags.cpuMs : undefined;
  rows.push({
    figure,
    nanodex: `${s(ours.cpuMs)} CPU (${s(ours.wallMs)} wall)`,
    baseline: ctags ? `ctags -R ${s(ctags.cpuMs)} CPU` : 'ctags missing',
    ratio: ratio === undefined ? '' : x(ratio),
    target: '<= 5x ctags',
    result: verdict(ratio === undefined ? undefined : ratio <= 5),
  });
}

/**
 * What the cold index cannot go below while it parses with tree-sitter's WASM build: the same files parsed
 * alone, then parsed with the tags query run over each tree, each a process of its own (parse-floor.ts).
 */
async function pushFloorRows(label: string, dir: string, ctags: ProcessRun | undefined): Promise<void> {
  for (const [mode, what] of [
    ['parse', 'tree-sitter parse alone'],
    ['tags', 'tree-sitter parse + tags query'],
  ] as const) {
    log(`floor: ${what} on ${label} …`);
    const run = await runProcess(node, [path.join(projectRoot, 'dist', 'bench', 'parse-floor.js'), dir, mode], { env });
    if (run.code !== 0) throw new Error(`parse-floor ${mode} failed (exit ${run.code}): ${run.stderr.slice(0, 300)}`);
    const { files } = JSON.parse(run.stdout) as { files: number };
    rows.push({
      figure: `floor: ${what}, ${label} (${files} files)`,
      nanodex: `${s(run.cpuMs)} CPU`,
      baseline: ctags ? `ctags -R ${s(ctags.cpuMs)} CPU` : 'ctags missing',
      ratio: ctags ? x(run.cpuMs / ctags.cpuMs) : '',
      target: '(info: the cold index cannot go below it)',
      result: '',
    });
  }
}

/** The offline diagram, timed; every Mermaid block it printed must parse with Mermaid and pass the fast check alike. */
async function pushDiagramRow(label: string, repo: string, index: string): Promise<void> {
  log(`diagram on ${label} …`);
  const timing = await timeProcess(...nanodex('diagram', '--repo', repo, '--index', index, '--no-refresh', '--json'), { env, runs });
  const texts = collectMermaid(JSON.parse(timing.last.stdout));
  let agreed = 0;
  for (const text of texts) {
    const [fast, full] = [checkCompiledMermaid(text), await parseWithMermaid(text)];
    if (!full.ok || fast === undefined || fast.ok !== full.ok)
      throw new Error(`a diagram the fast check and Mermaid disagree on:\n${text}`);
    agreed += 1;
  }
  rows.push({
    figure: `\`diagram\` on ${label} (${agreed} diagram(s), each parsed by Mermaid too)`,
    // CPU beside wall: on a shared machine the wall time says more about the load than about nanodex.
    nanodex: `${s(timing.wallMs)} (${s(timing.cpuMs)} CPU)`,
    baseline: '',
    ratio: '',
    target: '<= 1 s',
    result: verdict(timing.wallMs <= 1000 && agreed > 0),
  });
}

function collectMermaid(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) collectMermaid(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'mermaid' && typeof v === 'string') out.push(v);
      else collectMermaid(v, out);
    }
  }
  return [...new Set(out)];
}

function fileBytes(file: string): number {
  let total = 0;
  for (const suffix of ['', '-wal']) {
    try {
      total += statSync(`${file}${suffix}`).size;
    } catch {
      // no WAL left: checkpointed on close
    }
  }
  return total;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

function renderPerfTable(table: PerfRow[]): string {
  const header = ['figure', 'nanodex', 'baseline, same run', 'ratio', 'target', 'result'];
  const cells = table.map((r) => [r.figure, r.nanodex, r.baseline, r.ratio, r.target, r.result].map((c) => c.replace(/\|/g, '\\|')));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n');
}
