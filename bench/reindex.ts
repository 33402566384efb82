/**
 * Re-index after one changed file. The corpus is hard links into
 * node_modules, so the file is changed copy-on-write: the link is moved
 * aside (a second link keeps the original inode), a new file is written in
 * its place, and at the end the original link is moved back.
 */
import { copyFileSync, existsSync, linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GraphQueries } from '../src/core/code-index/graph-queries.js';
import { indexRepository, type IndexRunStats } from '../src/core/code-index/index-repository.js';
import type { IndexStore } from '../src/core/code-index/index-store.js';
import type { LocalRepoSource } from '../src/core/repo/local-repo-source.js';
import { median } from './measure.js';

const RUNS = 3;
/** Names the changed file and its saved original while a change is live, so a killed run can be undone next time. */
const RESTORE_MARKER = path.join(os.tmpdir(), 'nanodex-bench-restore.json');

export interface ReindexRun {
  ms: number;
  parsed: number;
  timings: IndexRunStats['timings'];
  probeFound: boolean;
}

export interface ReindexResult {
  path: string;
  bytes: number;
  full: { medianMs: number; runs: ReindexRun[] };
  onlyPaths: { medianMs: number; runs: ReindexRun[] };
}

/** A mid-sized hand-written TypeScript file (JavaScript if there is none), chosen the same way every run. */
function pickFile(store: IndexStore): { path: string; size: number; language: string } {
  const pick = (where: string) => {
    const rows = store
      .statement(`SELECT path, size, language FROM files WHERE status = 'ok' AND size BETWEEN 4000 AND 40000 AND ${where} ORDER BY path`)
      .all() as { path: string; size: number; language: string }[];
    return rows[Math.floor(rows.length / 2)];
  };
  const file =
    pick(`language = 'typescript' AND path NOT LIKE '%.d.ts'`) ??
    pick(`language = 'typescript'`) ??
    pick(`language = 'javascript'`) ??
    pick(`language = 'python'`);
  if (!file) throw new Error('no mid-sized source file in the index to change');
  return file;
}

function probeText(file: { path: string; language: string }, n: number): string {
  const name = `nanodexBenchProbe${n}`;
  if (file.language === 'python') return `\n\ndef ${name}(value):\n    return value + ${n}\n`;
  if (file.path.endsWith('.d.ts')) return `\nexport declare function ${name}(value: number): number;\n`;
  if (file.language === 'typescript') return `\nexport function ${name}(value: number): number {\n  return value + ${n};\n}\n`;
  return `\nfunction ${name}(value) {\n  return value + ${n};\n}\n`;
}

function restore(absolute: string, backup: string): void {
  rmSync(absolute, { force: true });
  try {
    renameSync(backup, absolute);
  } catch {
    copyFileSync(backup, absolute); // --corpus on another file system than the scratch folder
    rmSync(backup, { force: true });
  }
  rmSync(RESTORE_MARKER, { force: true });
}

/** Puts back a file a killed run left changed. Returns the path restored, if any. */
export function recoverInterruptedChange(): string | undefined {
  if (!existsSync(RESTORE_MARKER)) return undefined;
  const { absolute, backup } = JSON.parse(readFileSync(RESTORE_MARKER, 'utf8')) as { absolute: string; backup: string };
  if (!existsSync(backup)) {
    rmSync(RESTORE_MARKER, { force: true });
    return undefined;
  }
  restore(absolute, backup);
  return absolute;
}

export async function measureReindex(source: LocalRepoSource, store: IndexStore, scratchDir: string): Promise<ReindexResult> {
  const file = pickFile(store);
  const absolute = path.join(source.root, ...file.path.split('/'));
  const backup = path.join(scratchDir, 'original-link');
  const original = readFileSync(absolute);
  try {
    linkSync(absolute, backup); // keeps the original inode (and its link to node_modules) alive
  } catch {
    copyFileSync(absolute, backup);
  }
  writeFileSync(RESTORE_MARKER, JSON.stringify({ absolute, backup }));
  const queries = new GraphQueries(store);
  let probe = 0;
  const change = (): string => {
    probe += 1;
    // Never write through the hard link: that would modify the file in node_modules.
    unlinkSync(absolute);
    writeFileSync(absolute, Buffer.concat([original, Buffer.from(probeText(file, probe))]));
    return `nanodexBenchProbe${probe}`;
  };
  const run = async (options: { onlyPaths?: string[] }): Promise<ReindexRun> => {
    const name = change();
    const t = performance.now();
    const stats = await indexRepository(source, store, options);
    const ms = performance.now() - t;
    const probeFound = queries.findDefinitions(name).some((hit) => hit.path === file.path);
    return { ms, parsed: stats.added + stats.changed, timings: stats.timings, probeFound };
  };
  const full: ReindexRun[] = [];
  const only: ReindexRun[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) full.push(await run({}));
    for (let i = 0; i < RUNS; i += 1) only.push(await run({ onlyPaths: [file.path] }));
  } finally {
    restore(absolute, backup);
  }
  // Bring the index back in line with the restored file.
  await indexRepository(source, store, { onlyPaths: [file.path] });
  return {
    path: file.path,
    bytes: file.size,
    full: { medianMs: median(full.map((r) => r.ms)), runs: full },
    onlyPaths: { medianMs: median(only.map((r) => r.ms)), runs: only },
  };
}
