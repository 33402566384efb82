import { NanodexError } from '../errors.js';
import type { ModelConfig } from './model-config.js';
import { DEFAULT_BASE_URLS, DEFAULT_MODEL_TIMEOUT_MS } from './model-config.js';
import { redactCredentials, toSafeError } from './redact.js';

// Vendor messages can carry a whole response body; people need the first part.
const MAX_DETAIL_LENGTH = 300;

/**
 * Translates whatever a provider SDK threw into one NanodexError('model-failed')
 * with a message and hint safe to show anywhere (no key, no Authorization
 * header). Call it once, where the model is invoked; NanodexErrors pass through.
 */
export function toModelError(error: unknown, config: ModelConfig): NanodexError {
  if (error instanceof NanodexError) return error;
  const keys = [config.apiKey];
  const status = findStatus(error);
  const detail = clip(redactCredentials(findMessage(error), keys));
  const where = `${config.provider}${config.model === undefined ? '' : ` (${config.model})`}`;
  const message = `model request to ${where} failed${status === undefined ? '' : ` with HTTP ${status}`}: ${detail}`;
  return new NanodexError('model-failed', message, {
    hint: findHint(error, status, config),
    cause: toSafeError(error, keys),
  });
}

function findHint(error: unknown, status: number | undefined, config: ModelConfig): string {
  const keySource = config.provider === 'ollama' ? 'the Ollama API key' : `NANODEX_${config.provider.toUpperCase()}_API_KEY or --api-key`;
  if (status === 401 || status === 403) return `the provider rejected the API key: check ${keySource}`;
  if (status === 404) return `check the model name "${config.model ?? ''}" (for Ollama, run \`ollama pull <model>\`) and the base URL`;
  if (status === 429) return "rate limited or out of quota: wait and retry, or check the account's plan and billing";
  if (status !== undefined && status >= 500) return 'the provider had an error: retry later';
  if (isTimeout(error)) return `no answer within the time limit: raise timeoutMs (now ${config.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS})`;
  if (isConnectionFailure(error)) {
    const url = config.baseUrl ?? (config.provider === 'none' ? '' : DEFAULT_BASE_URLS[config.provider]);
    return `could not reach ${url}: check the network and baseUrl${config.provider === 'ollama' ? ' (is `ollama serve` running?)' : ''}`;
  }
  return 'see the cause for details; check the model settings and try again';
}

/** HTTP status as the SDKs spell it: OpenAI/Anthropic `status`, ollama `status_code`, others `statusCode` or `response.status`. */
function findStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const response = record.response as Record<string, unknown> | undefined;
  for (const value of [record.status, record.status_code, record.statusCode, response?.status]) {
    if (typeof value === 'number' && value >= 100 && value < 600) return value;
  }
  return undefined;
}

function findMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // The parsed error body: OpenAI keeps { message }, Anthropic { error: { message } }.
  const body = (error as { error?: { message?: unknown; error?: { message?: unknown } } }).error;
  const fromBody = body?.message ?? body?.error?.message;
  if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  // LangChain appends "Troubleshooting URL: ..." after a blank line, and the
  // SDKs start with the status ("401 ..."), which our message already says.
  const first = error.message.split(/\n\s*\n/)[0]?.trim() ?? '';
  return first === '' ? error.name : first.replace(/^\d{3} /, '');
}

function clip(text: string): string {
  return text.length <= MAX_DETAIL_LENGTH ? text : `${text.slice(0, MAX_DETAIL_LENGTH)}…`;
}

function chain(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
}

function isTimeout(error: unknown): boolean {
  return chain(error).some((e) => e instanceof Error && (e.name === 'TimeoutError' || /timed? ?out/i.test(e.message)));
}

function isConnectionFailure(error: unknown): boolean {
  return chain(error).some(
    (e) =>
      e instanceof Error &&
      (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET/.test(`${(e as { code?: unknown }).code ?? ''} ${e.message}`) ||
        e.message === 'fetch failed' ||
        e.name === 'APIConnectionError'),
  );
}
