import type { Command } from 'commander';
import type { ModelConfig } from '../core/index.js';

export interface ModelOptions {
  provider?: string;
  model?: string;
  apiKey?: string;
  baseUrl?: string;
}

/** The flags that choose a model; without any, a run is offline. */
export function withModelOptions(command: Command): Command {
  return command
    .option('--provider <name>', 'model provider: none (offline, default), openai, anthropic, ollama (or $NANODEX_PROVIDER)')
    .option('--model <name>', 'model name (or $NANODEX_MODEL)')
    .option('--api-key <key>', 'API key (prefer $NANODEX_OPENAI_API_KEY / $NANODEX_ANTHROPIC_API_KEY)')
    .option('--base-url <url>', 'provider base URL (or $NANODEX_BASE_URL)');
}

/**
 * The model settings from flags, then the environment; undefined means offline.
 * Async because the schema (zod) is loaded on use: a lookup or `--version` never needs it.
 */
export async function readModelConfig(options: ModelOptions, env: NodeJS.ProcessEnv): Promise<ModelConfig | undefined> {
  const provider = options.provider ?? env.NANODEX_PROVIDER ?? 'none';
  if (provider === 'none') return undefined;
  const keyVariable = `NANODEX_${provider.toUpperCase()}_API_KEY`;
  const { parseModelConfig } = await import('../core/index.js');
  return parseModelConfig({
    provider,
    ...((options.model ?? env.NANODEX_MODEL) ? { model: options.model ?? env.NANODEX_MODEL } : {}),
    ...((options.apiKey ?? env[keyVariable]) ? { apiKey: options.apiKey ?? env[keyVariable] } : {}),
    ...((options.baseUrl ?? env.NANODEX_BASE_URL) ? { baseUrl: options.baseUrl ?? env.NANODEX_BASE_URL } : {}),
  });
}
