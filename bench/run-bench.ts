/**
 * `npm run bench`: indexes a large offline corpus cold, re-indexes one
 * changed file, times lookups, FTS and the repo map, runs Universal Ctags
 * over the same corpus as the baseline, and prints one Markdown table
 * (also written to bench/results/latest.json).
 *
 * Flags: --corpus DIR (an existing folder), --rebuild (the corpus),
 * --workers N (parser threads for the cold index), --skip-ctags.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indexRepository } from '../src/core/code-index/index-repository.js';
import { readIndexStats } from '../src/core/code-index/index-stats.js';
import { IndexStore } from '../src/core/code-index/index-store.js';
import { LocalRepoSource } from '../src/core/repo/local-repo-source.js';
import { buildCorpus, warmPageCache, type CorpusInfo } from './build-corpus.js';
import type { RepoMapTiming } from './child-queries.js';
import { CTAGS_INSTALL_HINT, runCtags, type CtagsResult } from './ctags-baseline.js';
import { collectGarbage, mb, peakRssMb, timeAsync } from './measure.js';
import { measureAsk } from './ask-latency.js';
import { findProjectRoot } from './project-root.js';
import { measureOutputs } from './outputs.js';
import { outputRows } from './run-outputs-bench.js';
import { measureQueries } from './queries.js';
import { measureReindex, recoverInterruptedChange } from './reindex.js';
import { count, fixed, infoRow, ms, renderTable, summarise, targetRow, writeJson, type Row } from './report.js';

const TARGETS = {
  askP50Ms: 2000,
  bytesReductionPct: 70,
  mbPerSecond: 3,
  ctagsRatio: 3,
  reindexMs: 100,
  lookupP50Ms: 1,
  ftsP50Ms: 10,
  repoMapMs: 1000,
  peakRssMb: 1024,
  files: 10_000,
  chunks: 100_000,
};

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

function mapTime(t: RepoMapTiming): string {
  return t.timedOut ? `timeout (stopped after ${ms(t.callTimeoutMs)})` : `${ms(t.ms)} (${t.files} files, ${t.tokens} tokens)`;
}

const { values: args } = parseArgs({
  options: {
    corpus: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    workers: { type: 'string' },
    'skip-ctags': { type: 'boolean', default: false },
  },
});
const workers = args.workers === undefined ? undefined : Number(args.workers);
if (workers !== undefined && (!Number.isInteger(workers) || workers < 0))
  throw new Error(`--workers must be a whole number, got ${args.workers}`);

const projectRoot = findProjectRoot();
const recovered = recoverInterruptedChange();
if (recovered) log(`restored ${recovered}, left changed by an interrupted run`);
let corpus: CorpusInfo;
if (args.corpus) {
  const root = path.resolve(args.corpus);
  corpus = { root, files: 0, bytes: 0, sources: [], linked: 0, copied: 0, reused: true, buildMs: 0, notes: ['--corpus given'] };
  log(`corpus: ${root} (given)`);
} else {
  log('building the corpus (hard links; reused when present) …');
  corpus = buildCorpus(path.join(os.tmpdir(), 'nanodex-bench-corpus'), projectRoot, args.rebuild);
  log(
    `corpus: ${corpus.root}, ${corpus.files} files, ${fixed(mb(corpus.bytes))} MB, ${corpus.reused ? 'reused' : `built in ${ms(corpus.buildMs)}`}`,
  );
  for (const note of corpus.notes) log(`note: ${note}`);
}
const warm = warmPageCache(corpus.root);
if (args.corpus) Object.assign(corpus, { files: warm.files, bytes: warm.bytes });
log(`page cache warmed: ${warm.files} files, ${fixed(mb(warm.bytes))} MB in ${ms(warm.ms)}`);

let ctags: CtagsResult | undefined;
if (!args['skip-ctags']) {
  log('running Universal Ctags …');
  ctags = runCtags(corpus.root);
  log(ctags.available ? `ctags: ${fixed(ctags.seconds, 2)} s, ${ctags.files} files, ${ctags.tags} tags` : `ctags: ${ctags.note}`);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'nanodex-bench-'));
const indexFile = path.join(scratch, 'index.db');
// Ctrl-C between SQLite calls: undo the corpus change and drop the index (a kill -9 is undone at the next start).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    recoverInterruptedChange();
    rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  });
}
let store: IndexStore | undefined;
try {
  collectGarbage();
  log(`cold index (workers: ${workers ?? 'default'}) …`);
  const source = new LocalRepoSource(corpus.root);
  let lastLog = 0;
  const cold = await timeAsync(async () => {
    store = await IndexStore.openWriter(indexFile);
    return indexRepository(source, store, {
      workers,
      onProgress: (p) => {
        const now = performance.now();
        if (p.phase !== 'parsing' || now - lastLog > 10_000) {
          lastLog = now;
          log(`  ${p.phase} ${p.done}/${p.total} files, ${fixed(mb(p.bytes))} MB`);
        }
      },
    });
  });
  const coldPeakRss = peakRssMb();
  const run = cold.value;
  const index = readIndexStats(store!);
  const coldSeconds = cold.ms / 1000;
  const mbPerSecond = mb(run.bytesParsed) / coldSeconds;
  const parsedFiles = run.added + run.changed;
  log(`cold index: ${fixed(coldSeconds, 2)} s, ${parsedFiles} files, ${index.chunks} chunks, peak RSS ${fixed(coldPeakRss, 0)} MB`);

  collectGarbage();
  log('re-index after one changed file (changed copy-on-write, restored afterwards) …');
  const reindex = await measureReindex(source, store!, scratch);
  log(`re-index ${reindex.path}: full ${ms(reindex.full.medianMs)}, onlyPaths ${ms(reindex.onlyPaths.medianMs)}`);

  collectGarbage();
  log('query latencies …');
  const queries = await measureQueries(store!, indexFile);
  log('offline ask, end to end …');
  const ask = await measureAsk(store!, corpus.root);
  log(`  ask: p50 ${ms(ask.p50)} over ${ask.n} questions`);
  log('output commands (find/refs/map, offline plan/explain/diagram, routing) …');
  const outputs = await measureOutputs(store!, corpus.root, { samples: 20 });
  const finalPeakRss = peakRssMb();

  const ratio = ctags?.available && ctags.seconds ? coldSeconds / ctags.seconds : undefined;
  const d = queries;
  const reindexProbeOk = [...reindex.full.runs, ...reindex.onlyPaths.runs].every((r) => r.probeFound && r.parsed === 1);
  const corpusLabel = args.corpus
    ? 'given folder'
    : corpus.sources.some((s) => s.label.startsWith('python'))
      ? 'node_modules + python'
      : 'node_modules only: no python3';
  const rows: Row[] = [
    targetRow('Corpus files (indexed)', `${count(run.files)} (${corpusLabel})`, `>= ${count(TARGETS.files)}`, run.files >= TARGETS.files),
    infoRow('Corpus source bytes', `${fixed(mb(corpus.bytes))} MB in ${count(corpus.files)} files`),
    infoRow(
      'Files parsed / parse errors / skipped',
      `${count(parsedFiles)} / ${count(run.parseErrors)} / ${count(Object.values(run.skipped).reduce((s, x) => s + x, 0))}`,
    ),
    infoRow('MB parsed', fixed(mb(run.bytesParsed))),
    infoRow(
      'Cold index time',
      `${fixed(coldSeconds, 2)} s (list ${ms(run.timings.listMs)}, parse ${ms(run.timings.parseMs)}, link ${ms(run.timings.linkMs)})`,
    ),
    targetRow(
      'Cold index throughput',
      `${fixed(mbPerSecond, 2)} MB/s`,
      `>= ${TARGETS.mbPerSecond} MB/s`,
      mbPerSecond >= TARGETS.mbPerSecond,
    ),
    infoRow('Cold index files/s', fixed(parsedFiles / coldSeconds, 0)),
    targetRow('Chunks', count(index.chunks), `>= ${count(TARGETS.chunks)}`, index.chunks >= TARGETS.chunks),
    infoRow(
      'Symbols / refs / edges',
      `${count(index.symbols)} / ${count(index.references)} / ${count(Object.values(index.edges).reduce((s, x) => s + x, 0))}`,
    ),
    infoRow('Index size on disk', `${fixed(mb(index.indexBytes))} MB`),
    targetRow(
      'Peak RSS, cold index (process incl. workers)',
      `${fixed(coldPeakRss, 0)} MB`,
      `<= ${TARGETS.peakRssMb} MB`,
      coldPeakRss <= TARGETS.peakRssMb,
    ),
    infoRow('Peak RSS, whole run', `${fixed(finalPeakRss, 0)} MB`),
    infoRow(
      'ctags time',
      ctags?.available
        ? `${fixed(ctags.seconds, 2)} s (${count(ctags.files)} files, ${count(ctags.tags)} tags, peak RSS ${fixed(ctags.peakRssMb, 0)} MB)`
        : (ctags?.note ?? 'skipped (--skip-ctags)'),
    ),
    targetRow(
      'Ratio cold index / ctags',
      ratio === undefined ? 'n/a' : `${fixed(ratio, 2)}x`,
      `<= ${TARGETS.ctagsRatio}x`,
      ratio === undefined ? undefined : ratio <= TARGETS.ctagsRatio,
    ),
    targetRow(
      'Re-index 1 changed file, full run (median of 3)',
      `${ms(reindex.full.medianMs)}`,
      `<= ${TARGETS.reindexMs} ms`,
      reindex.full.medianMs <= TARGETS.reindexMs,
    ),
    targetRow(
      'Re-index 1 changed file, onlyPaths (median of 3)',
      `${ms(reindex.onlyPaths.medianMs)}`,
      `<= ${TARGETS.reindexMs} ms`,
      reindex.onlyPaths.medianMs <= TARGETS.reindexMs,
    ),
    infoRow('Re-index correctness (1 file parsed, probe found)', reindexProbeOk ? 'yes' : 'NO'),
    targetRow(
      `findDefinitions p50 / p95 (n=${d.findDefinitions.n})`,
      `${ms(d.findDefinitions.p50)} / ${ms(d.findDefinitions.p95)}`,
      `p50 <= ${TARGETS.lookupP50Ms} ms`,
      d.findDefinitions.p50 <= TARGETS.lookupP50Ms,
    ),
    infoRow(`findReferences p50 / p95 (n=${d.findReferences.n})`, `${ms(d.findReferences.p50)} / ${ms(d.findReferences.p95)}`),
    infoRow(
      `callers(id, 2) p50 / p95 (n=${d.callers.n}, ${d.callers.timeouts} over ${ms(d.callers.callTimeoutMs)})`,
      `${ms(d.callers.p50)} / ${ms(d.callers.p95)} (slowest: ${d.callers.slowest[0]?.input ?? 'n/a'})`,
    ),
    targetRow(
      `FTS top-20 p50 / p95 (n=${d.fts.n}, ${d.fts.emptyResults} empty)`,
      `${ms(d.fts.p50)} / ${ms(d.fts.p95)}`,
      `p50 <= ${TARGETS.ftsP50Ms} ms`,
      d.fts.p50 <= TARGETS.ftsP50Ms,
    ),
    targetRow('Repo map 2048 tokens (median of 5)', mapTime(d.repoMap), `<= ${ms(TARGETS.repoMapMs)}`, d.repoMap.ms <= TARGETS.repoMapMs),
    targetRow(
      `Repo map with mentions [${d.repoMapMentions.mention}] (median of 5)`,
      mapTime(d.repoMapMentions),
      `<= ${ms(TARGETS.repoMapMs)}`,
      d.repoMapMentions.ms <= TARGETS.repoMapMs,
    ),
    targetRow(
      `Offline ask end to end p50 / p95 (n=${ask.n}, ${ask.budgetExceeded} stopped by budget)`,
      `${ms(ask.p50)} / ${ms(ask.p95)}`,
      `p50 <= ${ms(TARGETS.askP50Ms)}`,
      ask.p50 <= TARGETS.askP50Ms,
    ),
    targetRow(
      'ask bytes fetched vs naive keyword preselection (whole files)',
      `${fixed(mb(ask.bytes.nanodex))} MB vs ${fixed(mb(ask.bytes.naive))} MB: ${fixed(ask.bytes.reduction * 100, 0)}% fewer`,
      `>= ${TARGETS.bytesReductionPct}% fewer`,
      ask.bytes.reduction * 100 >= TARGETS.bytesReductionPct,
    ),
    ...outputRows(outputs).filter((r) => !r.metric.startsWith('offline review')),
    targetRow(
      'ask bytes fetched, largest single run',
      `${fixed(ask.bytes.maxPerRun / 1024, 0)} KB`,
      '<= 520 KB',
      ask.bytes.maxPerRun <= 520 * 1024,
    ),
  ];
  const summary = summarise(rows);
  const table = renderTable(rows);
  process.stdout.write(
    `\n## nanodex benchmark\n\nCorpus: \`${corpus.root}\` (${corpus.sources.map((s) => `${s.label}: ${s.files}`).join(', ') || 'given folder'})` +
      `; ${os.cpus().length} cores, Node ${process.version}; workers: ${workers ?? 'default'}\n\n${table}\n\n` +
      `${summary.pass} PASS, ${summary.miss} MISS, ${summary.na} n/a` +
      `${ctags && !ctags.available ? `\nctags baseline unavailable: ${CTAGS_INSTALL_HINT}` : ''}${corpus.notes.length ? `\nNotes: ${corpus.notes.join('; ')}` : ''}\n`,
  );

  const resultFile = path.join(projectRoot, 'bench', 'results', 'latest.json');
  writeJson(resultFile, {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryMb: Math.round(os.totalmem() / 1e6),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    args: { ...args, workers },
    targets: TARGETS,
    corpus: { ...corpus, warmMs: warm.ms },
    cold: {
      seconds: coldSeconds,
      mbParsed: mb(run.bytesParsed),
      mbPerSecond,
      filesPerSecond: parsedFiles / coldSeconds,
      peakRssMb: coldPeakRss,
      run,
      index,
    },
    ctags: ctags ?? null,
    ratioColdToCtags: ratio ?? null,
    reindex,
    queries,
    ask,
    outputs,
    peakRssMbWholeRun: finalPeakRss,
    table: rows,
    summary,
  });
  log(`results written to ${path.relative(projectRoot, resultFile)}`);
} finally {
  store?.close();
  rmSync(scratch, { recursive: true, force: true });
}
