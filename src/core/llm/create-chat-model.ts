import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { fetchWithTimeout } from '../net/fetch-with-timeout.js';
import type { ChatModel } from './chat-model.js';
import { fromLangChain } from './langchain-chat-model.js';
import type { HostedProvider, ModelConfig } from './model-config.js';
import { DEFAULT_BASE_URLS, DEFAULT_MODEL_TIMEOUT_MS, DEFAULT_MODELS, ModelConfigError } from './model-config.js';

/** The model a config names, behind the core's ChatModel port; undefined for provider 'none'. What fronts pass in the ports. */
export function openChatModel(config: ModelConfig): ChatModel | undefined {
  const model = createChatModel(config);
  return model === undefined ? undefined : fromLangChain(model);
}

/**
 * Builds the LangChain chat model a config names, or undefined for provider 'none'.
 * Construct it once, in a front, and pass it down. Base URLs are always set
 * so the libraries never reroute on their own env vars (OPENAI_BASE_URL,
 * ANTHROPIC_BASE_URL, OLLAMA_BASE_URL, LANGSMITH_GATEWAY).
 */
export function createChatModel(config: ModelConfig): BaseChatModel | undefined {
  // Never unbounded: a provider that accepts the connection and never answers must not hang a job.
  const timeoutMs = config.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  switch (config.provider) {
    case 'none':
      return undefined;
    case 'openai':
      return new ChatOpenAI({
        model: modelOf(config, 'openai'),
        apiKey: requireKey(config, 'openai'),
        temperature: config.temperature ?? 0,
        timeout: timeoutMs,
        maxRetries: config.maxRetries,
        configuration: { baseURL: config.baseUrl ?? DEFAULT_BASE_URLS.openai },
      });
    case 'anthropic':
      return new ChatAnthropic({
        model: modelOf(config, 'anthropic'),
        apiKey: requireKey(config, 'anthropic'),
        temperature: config.temperature ?? 0,
        maxRetries: config.maxRetries,
        anthropicApiUrl: config.baseUrl ?? DEFAULT_BASE_URLS.anthropic,
        clientOptions: { timeout: timeoutMs },
      });
    case 'ollama':
      // ChatOllama 1.3.0 calls its client directly, not through LangChain's
      // retrying caller, so maxRetries has no effect here; the timeout goes
      // through fetch because the client has no timeout option.
      return new ChatOllama({
        model: modelOf(config, 'ollama'),
        baseUrl: config.baseUrl ?? DEFAULT_BASE_URLS.ollama,
        temperature: config.temperature ?? 0,
        ...(config.apiKey === undefined ? {} : { headers: { Authorization: `Bearer ${config.apiKey}` } }),
        fetch: fetchWithTimeout(timeoutMs, 'the model provider'),
      });
  }
}

function modelOf(config: ModelConfig, provider: HostedProvider): string {
  return config.model ?? DEFAULT_MODELS[provider];
}

// parseModelConfig already demands a key; this guards configs built by hand,
// since without one the SDKs would read OPENAI_API_KEY / ANTHROPIC_API_KEY themselves.
function requireKey(config: ModelConfig, provider: HostedProvider): string {
  if (config.apiKey !== undefined && config.apiKey !== '') return config.apiKey;
  throw new ModelConfigError([
    { path: 'apiKey', problem: `${provider} needs an API key`, fix: `set NANODEX_${provider.toUpperCase()}_API_KEY or pass --api-key` },
  ]);
}
