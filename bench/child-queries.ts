/** Latencies of callers() and buildRepoMap(), measured in a child process that is killed when one call runs too long. */
import { fork } from 'node:child_process';
import { median, summarise, type Latency } from './measure.js';
import type { ChildReply, ChildTask } from './query-child.js';

export interface CallerTarget {
  id: number;
  name: string;
  kind: string;
}

interface Limits {
  callTimeoutMs: number;
  budgetMs: number;
}

export interface RepoMapTiming {
  /** Median of the timed runs; Infinity when a run timed out. */
  ms: number;
  all: number[];
  files: number;
  tokens: number;
  timedOut: boolean;
  callTimeoutMs: number;
}

export async function measureCallers(
  indexFile: string,
  symbols: CallerTarget[],
  options: Limits & { depth: number },
): Promise<Latency & { callTimeoutMs: number }> {
  const times: { ms: number; rows: number; input: string }[] = [];
  const label = (s: CallerTarget) => `${s.name} (${s.kind} #${s.id})`;
  const started = performance.now();
  let next = 0;
  while (next < symbols.length && performance.now() - started < options.budgetMs) {
    const batch = symbols.slice(next);
    const outcome = await runChild(
      indexFile,
      { kind: 'callers', ids: batch.map((s) => s.id), depth: options.depth },
      batch.length,
      options,
      started,
      (reply) => {
        times.push({ ms: reply.ms, rows: reply.rows, input: label(batch[reply.index]!) });
      },
    );
    next += outcome.done;
    if (outcome.killed === 'call' && next < symbols.length) {
      times.push({ ms: Number.POSITIVE_INFINITY, rows: 0, input: label(symbols[next]!) });
      next += 1; // skip the walk that ran too long; a new child takes the rest
    }
    if (outcome.killed === 'budget') break;
  }
  return { ...summarise(times), callTimeoutMs: options.callTimeoutMs };
}

/** One warm-up build, then `runs` timed builds; stops at the first build past the timeout. */
export async function measureRepoMap(
  indexFile: string,
  options: Limits & { runs: number; tokens: number; mentions?: string[] },
): Promise<RepoMapTiming> {
  const replies: ChildReply[] = [];
  const task: ChildTask = { kind: 'repoMap', runs: options.runs + 1, tokens: options.tokens, mentions: options.mentions };
  const outcome = await runChild(indexFile, task, options.runs + 1, options, performance.now(), (reply) => replies.push(reply));
  const timed = replies.filter((r) => r.index > 0);
  const timedOut = outcome.killed !== undefined;
  const all = timed.map((r) => r.ms);
  return {
    ms: timedOut ? Number.POSITIVE_INFINITY : median(all),
    all,
    files: replies[0]?.rows ?? 0,
    tokens: replies[0]?.tokens ?? 0,
    timedOut,
    callTimeoutMs: options.callTimeoutMs,
  };
}

function runChild(
  indexFile: string,
  task: ChildTask,
  expected: number,
  limits: Limits,
  started: number,
  onReply: (reply: ChildReply) => void,
): Promise<{ done: number; killed: 'call' | 'budget' | undefined }> {
  const isTs = import.meta.url.endsWith('.ts');
  const child = fork(new URL(isTs ? './query-child.ts' : './query-child.js', import.meta.url), [indexFile], {
    execArgv: isTs ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let done = 0;
    let killed: 'call' | 'budget' | undefined;
    let callStarted = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      if (now - callStarted > limits.callTimeoutMs) killed = 'call';
      else if (now - started > limits.budgetMs) killed = 'budget';
      if (killed) child.kill('SIGKILL');
    }, 50);
    child.on('message', (reply: ChildReply) => {
      done += 1;
      callStarted = performance.now();
      onReply(reply);
      if (done === expected) child.disconnect();
    });
    child.on('spawn', () => {
      callStarted = performance.now() + 1_000; // time to start Node and open the index
      child.send(task);
    });
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      if (killed || signal === 'SIGKILL') resolve({ done, killed: killed ?? 'call' });
      else if (code !== 0) reject(new Error(`query child exited with ${code ?? signal}`));
      else resolve({ done, killed: undefined });
    });
  });
}
