import type { Command } from 'commander';
import { parseRepoPath, searchChunks } from '../../core/lookups.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { openIndex } from '../open-index.js';
import { positiveInt, withCommonOptions, type Wrap } from '../cli-options.js';

interface SearchOptions extends CommonOptions {
  limit: number;
  path?: string;
}

export function registerSearchCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withCommonOptions(program.command('search'))
    .argument('<query...>', 'words or identifiers; "parse http request" finds parseHttpRequest')
    .description('full-text search (BM25) over code chunks')
    .option('--limit <n>', 'most hits to print', positiveInt('--limit', 1000), 20)
    .option('--path <folder>', 'only hits under this folder')
    .action(
      wrap(async (...args) => {
        const [words, options] = args as [string[], SearchOptions];
        const pathPrefix = options.path ? parseRepoPath(options.path) : undefined;
        const { store } = await openIndex(options, io);
        try {
          const hits = searchChunks(store, words.join(' '), { limit: options.limit, pathPrefix });
          if (options.json) io.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
          else if (hits.length === 0) io.stderr.write(`no chunk matches "${words.join(' ')}"\n`);
          // One write: every write is one pass of the redactor.
          else
            io.stdout.write(hits.map((h) => `${h.path}:${h.startLine}-${h.endLine}  ${h.kind}  ${h.context || '(no symbol)'}\n`).join(''));
          return hits.length === 0 ? EXIT.notFound : EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );
}
