import type { Command } from 'commander';
import { SqliteCodeIndex } from '../../core/code-index/code-index.js';
import { systemClock } from '../../core/ports.js';
import type { Command as RunCommand } from '../../core/request.js';
import { run } from '../../core/run.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { withCommonOptions, type Wrap } from '../cli-options.js';
import { createCliLogger } from '../cli-logger.js';
import { openIndex } from '../open-index.js';
import { renderRunResult } from '../render-run-result.js';

interface AskOptions extends CommonOptions {
  verbose: boolean;
  refresh: boolean;
}

export function registerAskCommands(program: Command, io: CliIo, wrap: Wrap): void {
  const define = (name: RunCommand, description: string) =>
    withCommonOptions(program.command(name))
      .argument('<prompt...>', 'the question; may carry budget words: rounds=3 files=10 budget=20k bytes=256 focus=src/auth')
      .description(description)
      .option('--verbose', 'log the run (one JSON line) on stderr', false)
      .option('--no-refresh', 'answer from the index as it is, without updating it first')
      .action(wrap(async (...args) => {
        const [words, options] = args as [string[], AskOptions];
        const { store, source } = await openIndex(options, io);
        try {
          const result = await run(
            { command: name, prompt: words.join(' '), repo: { kind: 'local', root: source.root } },
            { source, index: new SqliteCodeIndex(store), logger: createCliLogger(io, options.verbose), clock: systemClock },
          );
          if (options.json) {
            io.stdout.write(`${JSON.stringify(result.kind === 'done' && result.command === 'locate' ? { files: result.files } : result, null, 2)}\n`);
          } else {
            io.stdout.write(renderRunResult(result));
          }
          if (result.kind === 'failed') return EXIT.failed;
          if (result.kind === 'budget-exceeded') return EXIT.budget;
          return EXIT.ok;
        } finally {
          store.close();
        }
      }));
  define('ask', 'explore the repository for a question under a budget and print the evidence-backed context');
  define('locate', 'rank the files a question is most likely about (what the pipeline would read first)');
}
