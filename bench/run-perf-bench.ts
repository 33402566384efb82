/**
 * `npm run bench`: issues 15 and 28's table on the pinned corpus
 * (pinned-corpus.ts), every figure a whole process timed beside its baseline
 * in the same run, the two in turn: `node -e 0`, ripgrep, `git grep`,
 * Universal Ctags, `git status`, and for the App's cold mention a download
 * of the same tarball. Prints each target PASS/MISS with its ratio and the
 * corpus hash; writes bench/results/perf-latest.json.
 *
 * Flags: --quick (the sympy + small-packages corpus, 3 runs: the sympy rows
 * and the small corpus' own), --runs N, --cold-runs N (runs of each cold
 * first answer and cold mention, default 3), --cache DIR (corpus cache,
 * default $TMPDIR/nanodex-bench-cache), --git-dir sympy=DIR (a local clone
 * holding the pinned commit, used before the network), --only ROWS (only
 * these rows, comma-separated: first-answer (sympy's, and the whole corpus'
 * without --quick), cold-mention, mcp-edit (its index built by the server's
 * first call); written to bench/results/perf-only.json).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderWorking } from '../src/core/render/render-reply.js';
import { measureColdMention } from './cold-mention.js';
import { TARGETS, toColdIndexRow, toColdMentionRow, toFirstAnswerRow, toMcpEditRow, toRefreshRow } from './cold-path-rows.js';
import { toDiagramRow } from './diagram-row.js';
import { measureEditReindex } from './edit-reindex.js';
import { measureFirstAnswer } from './first-answer.js';
import { measureMcpEdit } from './mcp-edit.js';
import { describeBreakdown, fileBytes, indexSizeBreakdown, type TableBytes } from './index-size-breakdown.js';
import { mb, renderPerfTable, s, verdict, x, type PerfRow } from './perf-table.js';
import { buildPinnedCorpus, PINNED_GIT } from './pinned-corpus.js';
import { findProjectRoot } from './project-root.js';
import { checkAnswered, parseStats } from './index-run-stats.js';
import { writeJson } from './report.js';
import { TarballGitHub } from './tarball-github.js';
import { hasCommand, runProcess, timePair, timeProcess, type ProcessRun } from './time-process.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'cold-runs': { type: 'string', default: '3' },
    cache: { type: 'string' },
    'git-dir': { type: 'string', multiple: true, default: [] },
    only: { type: 'string' },
  },
});
/** Rows --only can pick, each measured as in the whole run. */
const ONLY_ROWS = ['first-answer', 'cold-mention', 'mcp-edit'];
const only = args.only === undefined ? undefined : new Set(args.only.split(',').map((r) => r.trim()));
const unknownRows = [...(only ?? [])].filter((r) => !ONLY_ROWS.includes(r));
if (unknownRows.length > 0) {
  process.stderr.write(`bench: --only ${unknownRows.join(', ')}: no such row (rows: ${ONLY_ROWS.join(', ')})\n`);
  process.exit(2);
}
const quick = args.quick;
const runs = Number(args.runs ?? (quick ? 3 : 5));
const coldRuns = Number(args['cold-runs']);
/** A question a person would ask of sympy, whose answer is in sympy/matrices (also on the full corpus, which holds sympy). */
const QUESTION = 'where is the determinant of a matrix computed?';
const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};
const gitDirs = Object.fromEntries(args['git-dir'].map((spec) => spec.split('=', 2) as [string, string]));

const rows: PerfRow[] = [];
let sizeBreakdown: TableBytes[] = [];

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
  if (only !== undefined) await runOnly(only);
  else await runAll();

  const passed = rows.filter((r) => r.result === 'PASS').length;
  const missed = rows.filter((r) => r.result === 'MISS').length;
  process.stdout.write(
    `\n## nanodex performance (issues 15 and 28)\n\nCorpus \`${corpus.hash}\` (${quick ? 'quick' : 'full'}: ${corpus.files} files, ${mb(corpus.bytes)}; ` +
      `${corpus.parts.map((p) => p.label).join(', ')}); ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}; medians of ${runs} runs\n\n` +
      `${renderPerfTable(rows)}\n\n${passed} PASS, ${missed} MISS\n` +
      (sizeBreakdown.length > 0 ? `\nIndex bytes by table: ${describeBreakdown(sizeBreakdown)}\n` : ''),
  );
  const resultFile = only !== undefined ? 'perf-only.json' : quick ? 'perf-quick.json' : 'perf-latest.json';
  writeJson(path.join(projectRoot, 'bench', 'results', resultFile), {
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

function ctagsArgs(dir: string, tagsFile: string): string[] {
  return ['-R', '--languages=Python,JavaScript,TypeScript', '-f', tagsFile, dir];
}

async function runCtags(dir: string, tagsFile: string): Promise<ProcessRun> {
  log(`ctags -R ${path.basename(dir)} …`);
  return runProcess('ctags', ctagsArgs(dir, tagsFile), { env });
}

/** `nanodex ask` on a cold index of `dir` against `ctags -R` on it, in turn (first-answer.ts). */
async function pushFirstAnswerRow(label: string, dir: string, limits: { maxMs: number; maxRatio?: number }): Promise<void> {
  if (!haveCtags) return log(`first answer on ${label}: skipped (ctags missing)`);
  log(`time to first answer on cold ${label} (${coldRuns} runs), in turn with ctags -R …`);
  const measured = await measureFirstAnswer({
    label,
    dir,
    question: QUESTION,
    scratch,
    runs: coldRuns,
    env,
    nanodex,
    ctagsArgs: (tags) => ctagsArgs(dir, tags),
  });
  log(`  first answer: ${measured.ask.last.stdout.split('\n')[0]}`);
  rows.push(toFirstAnswerRow(label, measured, limits));
}

/** The shipped App answering a mention on a cold sympy served as a tarball (cold-mention.ts), in turn with curl | tar. */
async function pushColdMentionRow(): Promise<void> {
  if (!hasCommand('curl')) return log('cold mention: skipped (curl missing: apt-get install curl)');
  const part = corpus.parts.find((p) => p.label.startsWith('sympy'))!;
  const commit = PINNED_GIT.find((g) => g.name === 'sympy')!.commit;
  const tarball = path.join(scratch, 'sympy.tar.gz');
  // GitHub's layout: one top folder named owner-repo-sha.
  execFileSync('git', [
    '-C',
    corpus.root,
    'archive',
    '--format=tar.gz',
    `--prefix=sympy-sympy-${commit.slice(0, 7)}/`,
    '-o',
    tarball,
    `HEAD:${part.dir}`,
  ]);
  const github = new TarballGitHub({ owner: 'sympy', repo: 'sympy', headSha: commit, tarball: readFileSync(tarball) });
  const githubUrl = await github.listen();
  try {
    log(`cold mention on sympy (${mb(statSync(tarball).size)} tarball, ${coldRuns} runs), in turn with curl | tar …`);
    const measured = await measureColdMention({
      appMain: path.join(projectRoot, 'dist', 'src', 'app', 'main.js'),
      github,
      githubUrl,
      prompt: QUESTION,
      // `@nanodex ask` is an alias (of explain): the placeholder's words before the command's name.
      workingText: renderWorking('ask').split('`')[0]!,
      scratch,
      runs: coldRuns,
      env,
      log,
    });
    if (github.unknown.length > 0) log(`  the App asked for routes the bench's GitHub does not serve: ${github.unknown.join(', ')}`);
    log(
      `  answer: ${
        measured.runs
          .at(-1)!
          .answer.replace(/<!--[^]*?-->/g, '')
          .trim()
          .split('\n')[0]
      }`,
    );
    rows.push(toColdMentionRow('sympy', measured));
  } finally {
    await github.close();
  }
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

/** The offline diagram, timed (diagram-row.ts). */
async function pushDiagramRow(label: string, repo: string, index: string): Promise<void> {
  log(`diagram on ${label} …`);
  const timing = await timeProcess(...nanodex('diagram', '--repo', repo, '--index', index, '--no-refresh', '--json'), { env, runs });
  rows.push(await toDiagramRow(label, timing));
}

/** The rows --only names, each measured as in the whole run. */
async function runOnly(names: Set<string>): Promise<void> {
  if (names.has('first-answer')) {
    await pushFirstAnswerRow('sympy', sympy, { maxMs: TARGETS.firstAnswerSympyMs, maxRatio: TARGETS.firstAnswerSympyVsCtags });
    if (!quick) await pushFirstAnswerRow(`whole corpus (${corpus.files} files)`, corpus.root, { maxMs: TARGETS.firstAnswerCorpusMs });
  }
  if (names.has('cold-mention')) await pushColdMentionRow();
  if (names.has('mcp-edit')) await pushMcpEditRow(undefined);
}

/** The 1-file edit in a running MCP server (mcp-edit.ts), beside the CLI's row: a clone, from `index` (a copy) if given. */
async function pushMcpEditRow(index: string | undefined): Promise<void> {
  log(`1-file edit in a running nanodex mcp (a clone; ${runs} edits), in turn with a no-change lookup and git status …`);
  const measured = await measureMcpEdit({ corpusRoot: corpus.root, indexFile: index, scratch, runs, env, cli });
  rows.push(toMcpEditRow(`${corpus.files} files`, measured));
}

/** Every row, in the order of the table. */
async function runAll(): Promise<void> {
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
  rows.push(
    toColdIndexRow(
      `cold index CPU, sympy (${sympyStats.files} files, ${mb(sympyStats.bytesParsed)} parsed)`,
      sympyCold,
      sympyCtags,
      TARGETS.coldIndexSympyVsCtags,
    ),
  );
  await pushFirstAnswerRow('sympy', sympy, { maxMs: TARGETS.firstAnswerSympyMs, maxRatio: TARGETS.firstAnswerSympyVsCtags });
  await pushColdMentionRow();
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
  rows.push(
    toColdIndexRow(
      `cold index CPU, whole corpus (${bigStats.files} files, ${mb(bigStats.bytesParsed)} parsed)`,
      bigCold,
      bigCtags,
      TARGETS.coldIndexCorpusVsCtags,
    ),
  );
  await pushFloorRows('whole corpus', corpus.root, bigCtags);
  const big = !quick;
  // The 55,000-file first answer: the full corpus only (--quick keeps to sympy's).
  if (big) await pushFirstAnswerRow(`whole corpus (${corpus.files} files)`, corpus.root, { maxMs: TARGETS.firstAnswerCorpusMs });
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

  log('no-change refresh of the whole corpus, in turn with git status …');
  const [refresh, status] = await timePair(
    nanodex('index', '--repo', corpus.root, '--index', bigIndex, '--json'),
    ['git', ['-C', corpus.root, '--no-optional-locks', 'status', '--porcelain']],
    { env, runs },
  );
  const refreshStats = refresh.runs.map(parseStats);
  rows.push(
    toRefreshRow(
      `re-index with no change, ${bigStats.files} files`,
      {
        index: refresh,
        workMs: refreshStats.map((r) => r.timings.totalMs),
        gitStatus: status,
        asExpected: refreshStats.every((r) => r.changed === 0 && r.added === 0),
      },
      big, // the target is for 50,000 files
    ),
  );
  log(`1-file edit re-index of the whole corpus (a clone; ${runs} edits), in turn with git status …`);
  const edit = await measureEditReindex({ corpusRoot: corpus.root, indexFile: bigIndex, scratch, runs: runs, env, nanodex });
  rows.push(
    toRefreshRow(`re-index after a 1-file edit, ${bigStats.files} files`, {
      index: edit.index,
      workMs: edit.workMs,
      gitStatus: edit.gitStatus,
      asExpected: edit.onlyTheFile,
    }),
  );
  await pushMcpEditRow(bigIndex);
  await pushDiagramRow('whole corpus', corpus.root, bigIndex);
}
