import { NanodexError } from '../../core/index.js';
import { statusOf } from '../../github/status-of.js';

/** Node and undici codes of a connection that failed on the way, not of a request GitHub or the model refused. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** How deep a cause chain is followed (translations wrap an error two or three times). */
const MAX_CAUSE_DEPTH = 8;

/**
 * The Redis workers' retry rule: worth another attempt when anything along
 * the error's cause chain is a server-side or network failure — GitHub or
 * the model answering 5xx (or 429 past the throttling plugin), no answer at
 * all, a timeout (fetchWithTimeout's TimeoutError). Everything else — a 4xx,
 * a config problem, a tarball over its cap, a refused path — is the user's
 * or the repository's, and gets its failure reply at once.
 */
export function isTransientFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current !== undefined && current !== null; depth++) {
    if (isTransientHere(current)) return true;
    current = current instanceof Error || typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined;
  }
  return false;
}

function isTransientHere(error: unknown): boolean {
  if (error instanceof NanodexError && (error.code === 'github-unreachable' || error.code === 'index-busy')) return true;
  const status = statusOf(error) ?? readNumber(error, 'statusCode');
  if (status !== undefined) return status >= 500 || status === 429;
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  // undici's fetch: a TypeError "fetch failed" whose cause carries the code (followed by the loop).
  return false;
}

function readNumber(error: unknown, key: string): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'number' ? value : undefined;
}
