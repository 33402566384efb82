import { readFileSync } from 'node:fs';
import module from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LanguageId } from './languages.js';
import { parseFile } from './parse-file.js';
import type { ParsedFile } from './types.js';

export interface ParseTask {
  id: number;
  path: string;
  absolutePath: string;
}

/** Asks a worker to load these grammars and compile their queries now, before its first file (no reply). */
export interface WarmTask {
  warm: LanguageId[];
}

/**
 * A worker's answer. The parsed file comes as JSON text: one string crosses
 * the thread boundary instead of a clone of every symbol, reference and chunk
 * object (measured on 287 sympy files: 215 ms to write and read back as JSON
 * against 300 ms as a structured clone, and half the bytes copied).
 */
export type ParseReply = { id: number; ok: true; json: string; bytes: number } | { id: number; ok: false; message: string };

export interface ParseOutcome {
  file: ParsedFile | undefined;
  bytes: number;
  /** Set when the file could not be read at all. */
  error: string | undefined;
}

/** Parses files on worker threads (or in this thread when `workers` is 0). */
export interface ParsePool {
  parse(path: string, absolutePath: string): Promise<ParseOutcome>;
  close(): Promise<void>;
}

/** Up to this many cores, this thread parses beside the workers (see defaultParseThreads). */
const INLINE_LANE_MAX_CORES = 2;

/**
 * One worker per core. On a machine of one or two cores this thread parses
 * too and one worker fewer is started: a worker costs its own start (grammar,
 * query and modules: ~0.3 s of CPU each) and its answers are copied across,
 * and this thread's own work (SQLite writes) is too little to fill a core.
 */
export function defaultParseThreads(cores = Math.max(1, availableParallelism())): { workers: number; inline: boolean } {
  return cores <= INLINE_LANE_MAX_CORES ? { workers: cores - 1, inline: true } : { workers: cores, inline: false };
}

/**
 * `inline`: this thread takes a file whenever it has none of its own, beside `workers` worker threads.
 * `warm`: grammars each worker loads at once, before its first file, so a pool started ahead of its
 * files (a first answer's, once the scan has picked them) has them ready (~0.2 s of CPU a thread: the
 * grammar and its query). This thread loads its own with its first file: loading them here ahead
 * held up the text scan's git processes, whose answers this thread takes (the scan then ran out of
 * its second on a loaded machine and the first answer picked from fewer terms).
 * `spawn`: how a worker thread is started (tests start one that fails).
 */
export function createParsePool(
  workers: number,
  options: { recycleAfterBytes?: number; inline?: boolean; warm?: LanguageId[]; spawn?: () => Worker } = {},
): ParsePool {
  if (workers <= 0) return createInlinePool();
  return createWorkerPool(workers, {
    recycleAfterBytes: options.recycleAfterBytes ?? RECYCLE_AFTER_BYTES,
    inline: options.inline ?? false,
    warm: options.warm ?? [],
    spawn: options.spawn ?? spawnWorker,
  });
}

/** Reads and parses one file on this thread. */
async function parseHere(path: string, absolutePath: string): Promise<ParseOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(absolutePath);
  } catch (error) {
    return { file: undefined, bytes: 0, error: error instanceof Error ? error.message : String(error) };
  }
  return { file: await parseFile(path, bytes), bytes: bytes.byteLength, error: undefined };
}

function createInlinePool(): ParsePool {
  // One file at a time, so callers that queue thousands do not read them all up front.
  let tail: Promise<unknown> = Promise.resolve();
  return {
    parse(path, absolutePath) {
      const next = tail.then(() => parseHere(path, absolutePath));
      tail = next.catch(() => undefined);
      return next;
    },
    async close() {},
  };
}

/**
 * A worker's young generation, in MB. V8's default for a worker lets each one's heap grow to 100-170 MB
 * while it holds 20-90 MB: with 16 MB the cold index of the quick bench corpus peaked at 473-489 MB
 * instead of 648-664 MB (2 workers), for the same CPU time. The old generation keeps its default limit.
 */
const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * The worker's body, started through a line that first turns on the compile cache this thread uses (the
 * CLI's, enable-compile-cache.ts), so the worker reads its modules' compiled code too: a worker does not
 * inherit it, and compiled its modules afresh on every start.
 */
function spawnWorker(): Worker {
  const url = new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js', import.meta.url);
  const resourceLimits = { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB };
  const cacheDir = module.getCompileCacheDir?.();
  if (url.pathname.endsWith('.js') && cacheDir === undefined) return new Worker(url, { resourceLimits });
  if (url.pathname.endsWith('.js')) {
    const boot = `require('node:module').enableCompileCache(${JSON.stringify(cacheDir)}); import(${JSON.stringify(url.href)});`;
    return new Worker(boot, { eval: true, resourceLimits });
  }
  // Running from TypeScript sources (tests, tsx): let the worker load them through tsx.
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/**
 * Tasks queued per worker beyond the one it is parsing: while the main thread
 * commits a batch, each worker keeps going on its own backlog.
 */
const IN_FLIGHT_PER_WORKER = 4;

/**
 * Source bytes a parser worker parses before a fresh one replaces it (see recycle below). Measured on the
 * pinned full corpus (53,608 files, 78.7 MB parsed; four runs without, three with, in turn): peak RSS 566-627
 * MB without, 536-554 MB at 20 MB (542-547 MB at 10 MB), for 1-2 s more CPU over ~43 s (the new workers load
 * their grammars again).
 */
export const RECYCLE_AFTER_BYTES = 20_000_000;

function createWorkerPool(
  count: number,
  { recycleAfterBytes, inline, warm, spawn }: { recycleAfterBytes: number; inline: boolean; warm: LanguageId[]; spawn: () => Worker },
): ParsePool {
  let nextId = 0;
  const pending = new Map<number, { resolve: (o: ParseOutcome) => void; worker: Worker }>();
  const load = new Map<Worker, number>();
  const parsed = new Map<Worker, number>();
  const retiring = new Set<Worker>();
  const queue: { task: ParseTask; resolve: (o: ParseOutcome) => void }[] = [];

  let inlineBusy = false;
  let closed = false;
  // This thread's lane: one file at a time, started on the next turn so the caller's loop and the workers' answers go on.
  const runInline = (): void => {
    const next = queue.shift();
    if (!next) return;
    inlineBusy = true;
    setImmediate(() => {
      void parseHere(next.task.path, next.task.absolutePath)
        .catch((error: unknown): ParseOutcome => ({
          file: undefined,
          bytes: 0,
          error: error instanceof Error ? error.message : String(error),
        }))
        .then((outcome) => {
          inlineBusy = false;
          next.resolve(outcome);
          dispatch();
        });
    });
  };

  const dispatch = (): void => {
    // Every worker gone (crashed, perhaps while starting before any file came) and no lane here: fail what
    // waits, now and later, rather than leave it waiting on a worker that will never come.
    if (load.size === 0 && !inline) {
      for (const { resolve } of queue.splice(0)) resolve({ file: undefined, bytes: 0, error: 'no parser workers left' });
      return;
    }
    if (inline && !inlineBusy && !closed && queue.length > 0) runInline();
    while (queue.length > 0) {
      let target: Worker | undefined;
      for (const [worker, inFlight] of load) {
        if (retiring.has(worker)) continue;
        if (inFlight < IN_FLIGHT_PER_WORKER && (target === undefined || inFlight < load.get(target)!)) target = worker;
      }
      if (!target) return;
      const { task, resolve } = queue.shift()!;
      pending.set(task.id, { resolve, worker: target });
      load.set(target, load.get(target)! + 1);
      target.postMessage(task);
    }
  };

  const settle = (id: number, outcome: ParseOutcome): void => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    if (load.has(entry.worker)) load.set(entry.worker, load.get(entry.worker)! - 1);
    entry.resolve(outcome);
  };

  // A worker that has parsed recycleAfterBytes takes no new task; once its last one is answered it is
  // replaced by a fresh one, so WASM memory grown on big files is given back (it never shrinks in place).
  const recycle = (worker: Worker, bytes: number): void => {
    parsed.set(worker, (parsed.get(worker) ?? 0) + bytes);
    if (!retiring.has(worker) && parsed.get(worker)! >= recycleAfterBytes) retiring.add(worker);
    if (!retiring.has(worker) || load.get(worker) !== 0) return;
    load.delete(worker);
    parsed.delete(worker);
    retiring.delete(worker);
    void worker.terminate();
    addWorker();
  };

  const addWorker = (): void => {
    const worker = spawn();
    if (warm.length > 0) worker.postMessage({ warm } satisfies WarmTask);
    worker.on('message', (reply: ParseReply) => {
      settle(
        reply.id,
        reply.ok
          ? { file: JSON.parse(reply.json) as ParsedFile, bytes: reply.bytes, error: undefined }
          : { file: undefined, bytes: 0, error: reply.message },
      );
      recycle(worker, reply.ok ? reply.bytes : 0);
      dispatch();
    });
    worker.on('error', (error) => {
      // A crashed worker fails its tasks and leaves the pool; the rest carry on.
      load.delete(worker);
      retiring.delete(worker);
      for (const [id, entry] of pending) {
        if (entry.worker === worker) settle(id, { file: undefined, bytes: 0, error: `parser worker crashed: ${error.message}` });
      }
      dispatch();
    });
    load.set(worker, 0);
  };
  for (let i = 0; i < count; i += 1) addWorker();

  return {
    parse(path, absolutePath) {
      return new Promise((resolve) => {
        queue.push({ task: { id: nextId++, path, absolutePath }, resolve });
        dispatch();
      });
    },
    async close() {
      closed = true;
      await Promise.all([...load.keys()].map((w) => w.terminate()));
    },
  };
}
