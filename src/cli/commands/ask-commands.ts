import type { Command } from 'commander';
import { SqliteCodeIndex } from '../../core/code-index/code-index.js';
import { systemClock } from '../../core/ports.js';
import type { Command as RunCommand } from '../../core/request.js';
import { run } from '../../core/run.js';
import { createChatModel } from '../../core/llm/create-chat-model.js';
import { parseModelConfig, type ModelConfig } from '../../core/llm/model-config.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { withCommonOptions, type Wrap } from '../cli-options.js';
import { createCliLogger } from '../cli-logger.js';
import { openIndex } from '../open-index.js';
import { openGitHubIndex } from '../open-github-index.js';
import { renderRunResult } from '../render-run-result.js';

interface AskOptions extends CommonOptions {
  verbose: boolean;
  refresh: boolean;
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
}

export function registerAskCommands(program: Command, io: CliIo, wrap: Wrap): void {
  const define = (name: RunCommand, description: string) =>
    withCommonOptions(program.command(name))
      .argument('<prompt...>', 'the question; may carry budget words: rounds=3 files=10 budget=20k bytes=256 focus=src/auth')
      .description(description)
      .option('--verbose', 'log the run (one JSON line) on stderr', false)
      .option('--no-refresh', 'answer from the index as it is, without updating it first')
      .option('--provider <name>', 'model provider: none (offline, default), openai, anthropic, ollama (or $NANODEX_PROVIDER)')
      .option('--model <name>', 'model name (or $NANODEX_MODEL)')
      .option('--api-key <key>', 'API key (prefer $NANODEX_OPENAI_API_KEY / $NANODEX_ANTHROPIC_API_KEY)')
      .option('--base-url <url>', 'provider base URL (or $NANODEX_BASE_URL)')
      .action(wrap(async (...args) => {
        const [words, options] = args as [string[], AskOptions];
        const modelConfig = readModelConfig(options, io.env);
        const model = modelConfig ? createChatModel(modelConfig) : undefined;
        const opened = isUrl(options.repo)
          ? await openGitHubIndex(options.repo, options, io)
          : await openLocal(options, io);
        const { store, source } = opened;
        try {
          const result = await run(
            { command: name, prompt: words.join(' '), repo: opened.repo, urlDetected: opened.repo.kind === 'github' },
            {
              source, index: new SqliteCodeIndex(store), logger: createCliLogger(io, options.verbose), clock: systemClock,
              model, modelConfig,
            },
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

/** The model settings from flags, then the environment; undefined means offline. */
function readModelConfig(options: AskOptions, env: NodeJS.ProcessEnv): ModelConfig | undefined {
  const provider = options.provider ?? env.NANODEX_PROVIDER ?? 'none';
  if (provider === 'none') return undefined;
  const keyVariable = `NANODEX_${provider.toUpperCase()}_API_KEY`;
  return parseModelConfig({
    provider,
    ...(options.model ?? env.NANODEX_MODEL ? { model: options.model ?? env.NANODEX_MODEL } : {}),
    ...(options.apiKey ?? env[keyVariable] ? { apiKey: options.apiKey ?? env[keyVariable] } : {}),
    ...(options.baseUrl ?? env.NANODEX_BASE_URL ? { baseUrl: options.baseUrl ?? env.NANODEX_BASE_URL } : {}),
  });
}

function isUrl(repo: string): boolean {
  return /^https?:\/\//i.test(repo) || /^github\.com\//i.test(repo);
}

async function openLocal(options: AskOptions, io: CliIo) {
  const { store, source } = await openIndex(options, io);
  return { store, source, repo: { kind: 'local' as const, root: source.root } };
}
