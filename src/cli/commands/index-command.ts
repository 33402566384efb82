import type { Command } from 'commander';
import type { IndexRunStats } from '../../core/index.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { openIndexWriter, resolveIndexTarget, runIndex } from '../open-index.js';
import { nonNegativeInt, positiveInt, withCommonOptions, type Wrap } from '../cli-options.js';
import { keepWasmOnBaseline } from '../keep-wasm-on-baseline.js';

interface IndexOptions extends CommonOptions {
  workers?: number;
  maxFileBytes?: number;
}

export function registerIndexCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withCommonOptions(program.command('index'))
    .description('build or update the code index of a repository (only changed files are parsed)')
    .option('--workers <n>', 'parser threads (0 parses on the main thread; default: one per core)', nonNegativeInt('--workers', 64))
    .option('--max-file-bytes <n>', 'skip files larger than this (default 1000000)', positiveInt('--max-file-bytes', 100_000_000))
    .action(
      wrap(async (...args) => {
        const options = args[0] as IndexOptions;
        const { source, file } = await resolveIndexTarget(options, io);
        const store = await openIndexWriter(file, options, io);
        try {
          // This process exits after the run: a small job (an edit) parses on baseline WebAssembly code.
          const stats = await runIndex(source, store, { ...options, beforeParse: keepWasmOnBaseline }, io);
          const waited = store.lockWaitedMs;
          io.stdout.write(
            options.json
              ? `${JSON.stringify({ index: file, ...stats, lockWaitedMs: waited }, null, 2)}\n`
              : renderRunStats(file, stats, waited),
          );
          return EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );
}

export function renderRunStats(file: string, s: IndexRunStats, lockWaitedMs = 0): string {
  const skipped =
    Object.entries(s.skipped)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const seconds = (s.timings.totalMs / 1000).toFixed(2);
  const mbps = s.timings.parseMs > 0 ? ` (${(s.bytesParsed / 1e6 / (s.timings.parseMs / 1000)).toFixed(1)} MB/s)` : '';
  return [
    `indexed ${s.files} files in ${seconds}s${mbps}`,
    `  added ${s.added}, changed ${s.changed}, removed ${s.removed}, unchanged ${s.unchanged}`,
    `  parsed ${(s.bytesParsed / 1e6).toFixed(2)} MB, parse errors ${s.parseErrors}`,
    `  skipped: ${skipped}`,
    `  index: ${file}`,
    ...(lockWaitedMs > 0 ? [`  waited ${(lockWaitedMs / 1000).toFixed(1)}s for another process writing it`] : []),
    '',
  ].join('\n');
}
