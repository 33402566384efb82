import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseFile } from './parse-file.js';
import type { ParsedFile } from './types.js';

export interface ParseTask {
  id: number;
  path: string;
  absolutePath: string;
}

export type ParseReply =
  | { id: number; ok: true; file: ParsedFile; bytes: number }
  | { id: number; ok: false; message: string };

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

/**
 * One worker per core: the main thread's share of the work (hashing, SQLite
 * writes) is small next to parsing, so parsing gets every core.
 */
export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism());
}

export function createParsePool(workers: number): ParsePool {
  return workers <= 0 ? createInlinePool() : createWorkerPool(workers);
}

function createInlinePool(): ParsePool {
  return {
    async parse(path, absolutePath) {
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(absolutePath);
      } catch (error) {
        return { file: undefined, bytes: 0, error: error instanceof Error ? error.message : String(error) };
      }
      return { file: await parseFile(path, bytes), bytes: bytes.byteLength, error: undefined };
    },
    async close() {},
  };
}

function spawnWorker(): Worker {
  const url = new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js', import.meta.url);
  if (url.pathname.endsWith('.js')) return new Worker(url);
  // Running from TypeScript sources (tests, tsx): let the worker load them through tsx.
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true });
}

function createWorkerPool(count: number): ParsePool {
  let nextId = 0;
  const pending = new Map<number, { resolve: (o: ParseOutcome) => void; worker: Worker }>();
  const idle: Worker[] = [];
  const queue: { task: ParseTask; resolve: (o: ParseOutcome) => void }[] = [];
  const all: Worker[] = [];

  const dispatch = (): void => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const { task, resolve } = queue.shift()!;
      pending.set(task.id, { resolve, worker });
      worker.postMessage(task);
    }
  };

  for (let i = 0; i < count; i += 1) {
    const worker = spawnWorker();
    worker.on('message', (reply: ParseReply) => {
      const entry = pending.get(reply.id);
      if (!entry) return;
      pending.delete(reply.id);
      idle.push(worker);
      entry.resolve(reply.ok
        ? { file: reply.file, bytes: reply.bytes, error: undefined }
        : { file: undefined, bytes: 0, error: reply.message });
      dispatch();
    });
    worker.on('error', (error) => {
      // A crashed worker fails its task and leaves the pool; the rest carry on.
      for (const [id, entry] of pending) {
        if (entry.worker !== worker) continue;
        pending.delete(id);
        entry.resolve({ file: undefined, bytes: 0, error: `parser worker crashed: ${error.message}` });
      }
      all.splice(all.indexOf(worker), 1);
      if (all.length === 0) {
        for (const { resolve } of queue.splice(0)) resolve({ file: undefined, bytes: 0, error: 'no parser workers left' });
      }
    });
    all.push(worker);
    idle.push(worker);
  }

  return {
    parse(path, absolutePath) {
      return new Promise((resolve) => {
        queue.push({ task: { id: nextId++, path, absolutePath }, resolve });
        dispatch();
      });
    },
    async close() {
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
