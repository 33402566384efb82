/**
 * `npm run bench:mcp`: tool latency of `nanodex mcp` on a warm index of the
 * pinned corpus (issue 17: lookups <= 20 ms p50, `ask` <= 500 ms p50), as an
 * agent pays it: the built server as a child process, each call a round trip
 * over stdio through the SDK's client. Baselines in the same run: the same
 * lookup as a `nanodex` CLI process on the same index (what an agent without
 * the server would run), and ripgrep for the text search.
 *
 * Flags: --full (the 55K-file corpus; default the quick one, 4.4K files),
 * --calls N (per tool, default 20), --cache DIR, --git-dir sympy=DIR (as `npm run bench`).
 * Writes bench/results/mcp-latency.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { quantile } from '../measure.js';
import { buildPinnedCorpus } from '../pinned-corpus.js';
import { findProjectRoot } from '../project-root.js';
import { writeJson } from '../report.js';
import { hasCommand, timeProcess } from '../time-process.js';

const { values: args } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    calls: { type: 'string' },
    cache: { type: 'string' },
    'git-dir': { type: 'string', multiple: true, default: [] },
  },
});
const calls = Number(args.calls ?? 20);
const log = (message: string): void => {
  process.stderr.write(`[bench:mcp] ${message}\n`);
};

/** Names and questions about sympy (the corpus's Python tree): each call takes the next, so no answer is a repeat. */
const SYMBOLS = [
  'simplify',
  'Matrix',
  'solve',
  'Integral',
  'Poly',
  'expand',
  'Symbol',
  'factor',
  'limit',
  'series',
  'Rational',
  'lambdify',
];
const QUESTIONS = [
  'how does simplify choose between the simplification strategies',
  'where is the inverse of a matrix computed',
  'how does solve handle a system of polynomial equations',
  'how are rational numbers normalised when they are created',
  'where does lambdify turn an expression into a python function',
  'how is the limit of an expression at infinity computed',
  'how does factor split a polynomial over the integers',
  'where are series expansions of functions computed',
];

const projectRoot = findProjectRoot();
const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'main.js');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'nanodex-mcp-bench-'));
const env = { PATH: process.env.PATH ?? '', HOME: scratch };
const dataDir = path.join(scratch, 'data');

const corpus = buildPinnedCorpus({
  cacheDir: args.cache ?? path.join(os.tmpdir(), 'nanodex-bench-cache'),
  quick: !args.full,
  gitDirs: Object.fromEntries(args['git-dir'].map((spec) => spec.split('=', 2) as [string, string])),
});
log(`corpus ${corpus.hash}: ${corpus.files} files (${args.full ? 'full' : 'quick'})`);

interface ToolFigure {
  tool: string;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  errors: number;
  target?: { p50AtMostMs: number; pass: boolean };
  baseline?: { what: string; medianMs: number; ratio: number };
}

const transport = new StdioClientTransport({
  command: process.execPath,
  args: [cli, 'mcp', '--repo', corpus.root, '--data-dir', dataDir],
  env,
  stderr: 'ignore',
});
const client = new Client({ name: 'nanodex-bench', version: '1.0.0' });
const figures: ToolFigure[] = [];
try {
  let started = performance.now();
  await client.connect(transport);
  const connectMs = performance.now() - started;
  started = performance.now();
  const first = await callTool('find_definition', { symbol: 'simplify' });
  const firstCallMs = performance.now() - started;
  if (first.isError) throw new Error(`the first call failed: ${JSON.stringify(first.content)}`);
  log(`connected in ${connectMs.toFixed(0)} ms; first call (cold index of ${corpus.files} files) ${(firstCallMs / 1000).toFixed(1)} s`);

  const plan: { tool: string; args: (i: number) => Record<string, unknown>; target?: number }[] = [
    { tool: 'find_definition', args: (i) => ({ symbol: SYMBOLS[i % SYMBOLS.length] }), target: 20 },
    { tool: 'find_references', args: (i) => ({ symbol: SYMBOLS[i % SYMBOLS.length], limit: 200 }), target: 20 },
    { tool: 'search_code', args: (i) => ({ query: QUESTIONS[i % QUESTIONS.length], limit: 20 }), target: 20 },
    { tool: 'repo_map', args: (i) => ({ tokens: 1024, focus: [SYMBOLS[i % SYMBOLS.length]] }) },
    { tool: 'locate_files', args: (i) => ({ question: QUESTIONS[i % QUESTIONS.length] }) },
    { tool: 'ask', args: (i) => ({ question: QUESTIONS[i % QUESTIONS.length] }), target: 500 },
    { tool: 'plan', args: (i) => ({ task: `change: ${QUESTIONS[i % QUESTIONS.length]}` }) },
  ];
  for (const step of plan) {
    const times: number[] = [];
    let errors = 0;
    for (let i = 0; i < calls; i += 1) {
      const t = performance.now();
      const result = await callTool(step.tool, step.args(i));
      times.push(performance.now() - t);
      if (result.isError) errors += 1;
    }
    times.sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    figures.push({
      tool: step.tool,
      calls,
      p50Ms: round(p50),
      p95Ms: round(quantile(times, 0.95)),
      errors,
      ...(step.target === undefined ? {} : { target: { p50AtMostMs: step.target, pass: p50 <= step.target } }),
    });
    log(`${step.tool}: p50 ${p50.toFixed(1)} ms`);
  }

  // Baselines, same run, same index: the CLI process an agent would otherwise spawn; rg for text.
  const indexFile = await findIndexFile();
  const cliFind = await timeProcess(process.execPath, [cli, 'find', 'simplify', '--repo', corpus.root, '--index', indexFile], {
    env,
    runs: 5,
  });
  attachBaseline('find_definition', '`nanodex find` process, same index', cliFind.wallMs);
  const cliSearch = await timeProcess(process.execPath, [cli, 'search', QUESTIONS[0]!, '--repo', corpus.root, '--index', indexFile], {
    env,
    runs: 5,
  });
  attachBaseline('search_code', '`nanodex search` process, same index', cliSearch.wallMs);
  if (hasCommand('rg')) {
    const rg = await timeProcess('rg', ['-n', '-w', 'simplify', corpus.root], { env, runs: 5 });
    attachBaseline('find_references', '`rg -nw` over the corpus', rg.wallMs);
  }
  const cliAsk = await timeProcess(
    process.execPath,
    [cli, 'ask', QUESTIONS[0]!, '--repo', corpus.root, '--index', indexFile, '--no-refresh'],
    {
      env,
      runs: 3,
    },
  );
  attachBaseline('ask', '`nanodex ask` process, same index', cliAsk.wallMs);

  process.stdout.write(render(connectMs, firstCallMs));
  writeJson(path.join(projectRoot, 'bench', 'results', 'mcp-latency.json'), {
    corpus: { hash: corpus.hash, files: corpus.files, full: args.full },
    machine: { cores: os.cpus().length, node: process.version, load: os.loadavg()[0] },
    connectMs: round(connectMs),
    firstCallMs: round(firstCallMs),
    figures,
  });
} finally {
  await client.close().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}

async function callTool(name: string, toolArgs: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
}

function attachBaseline(tool: string, what: string, medianMs: number): void {
  const figure = figures.find((f) => f.tool === tool);
  if (figure) figure.baseline = { what, medianMs: round(medianMs), ratio: round(figure.p50Ms / medianMs, 3) };
}

/** The server's index file: the only `.sqlite` file under the data directory. */
async function findIndexFile(): Promise<string> {
  const { globSync } = await import('node:fs');
  const found = globSync('**/*.sqlite', { cwd: dataDir });
  if (found.length !== 1) throw new Error(`expected one index under ${dataDir}, found ${found.length}`);
  return path.join(dataDir, found[0]!);
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function render(connectMs: number, firstCallMs: number): string {
  const lines = [
    `\n## nanodex mcp: tool latency on a warm index (corpus ${corpus.hash}, ${corpus.files} files; ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)})\n`,
    `Start-up to initialized: ${connectMs.toFixed(0)} ms; first call (builds the index): ${(firstCallMs / 1000).toFixed(1)} s; ${calls} calls per tool.\n`,
    '| tool | p50 | p95 | errors | baseline, same run | ratio | target | result |',
    '| --- | ---: | ---: | ---: | --- | ---: | --- | --- |',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.tool} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.errors} | ${f.baseline ? `${f.baseline.what}: ${f.baseline.medianMs} ms` : ''} | ${f.baseline ? `${f.baseline.ratio}x` : ''} | ${f.target ? `p50 <= ${f.target.p50AtMostMs} ms` : ''} | ${f.target ? (f.target.pass ? 'PASS' : 'MISS') : ''} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
