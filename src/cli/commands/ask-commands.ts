import type { Command } from 'commander';
import type { Command as RunCommand } from '../../core/index.js';
import type { CliIo } from '../cli-context.js';
import { refuseBlankPrompt, withCommonOptions, type Wrap } from '../cli-options.js';
import { withModelOptions } from '../model-options.js';
import type { RunOptions } from '../run-request.js';

export function registerAskCommands(program: Command, io: CliIo, wrap: Wrap): void {
  const define = (name: RunCommand, description: string) =>
    withModelOptions(withCommonOptions(program.command(name)))
      .argument('<prompt...>', 'the question; may carry budget words: rounds=3 files=10 budget=20k bytes=256 focus=src/auth')
      .description(description)
      .option('--verbose', 'log the run (one JSON line) on stderr', false)
      .option('--no-refresh', 'answer from the index as it is, without updating it first')
      .action(
        wrap(async (...args) => {
          const [words, options] = args as [string[], RunOptions];
          const blank = refuseBlankPrompt(name, words, io);
          if (blank !== undefined) return blank;
          // Loaded on use: the pipeline, the model providers and Octokit are most of the CLI's modules (lookups skip them).
          const { runRequest } = await import('../run-request.js');
          return runRequest(
            (repo) => ({ command: name, prompt: words.join(' '), repo, urlDetected: repo.kind === 'github' }),
            { ...options, question: words.join(' ') },
            io,
            // `index` only when it is partial: the usual output stays {"files": [...]}.
            (result) =>
              result.kind === 'done' && result.command === 'locate'
                ? { files: result.files, ...(result.metrics.index?.complete === false ? { index: result.metrics.index } : {}) }
                : result,
          );
        }),
      );
  define('ask', 'explore the repository for a question under a budget and print the evidence-backed context');
  define('locate', 'rank the files a question is most likely about (what the pipeline would read first)');
}
