import type { ReadableStream } from 'node:stream/web';
import { NanodexError, type Clock } from '../core/index.js';
import { ByteMeter, type FetchKind } from './byte-meter.js';
import type { GitHubClient } from './github-client.js';
import { toNanodexError, type ErrorContext } from './to-nanodex-error.js';

export interface GitHubCall {
  kind: FetchKind;
  /** An Octokit route, e.g. 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}'; owner and repo are filled in. */
  route: string;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** For messages: "listing the tree of o/r@main". */
  what: string;
  notFoundCode?: ErrorContext['notFoundCode'];
  /** false: read but do not count (a blob the run already paid for). */
  charge?: boolean;
}

/**
 * Octokit calls for one repository. Bodies are read here, not by Octokit
 * (`parseSuccessResponseBody: false`), so every byte is counted exactly once
 * as it arrives and a large body can be streamed instead of buffered.
 */
export class GitHubApi {
  readonly meter = new ByteMeter();

  constructor(
    private readonly octokit: GitHubClient,
    readonly repo: { owner: string; repo: string },
    private readonly clock: Clock,
  ) {}

  get label(): string {
    return `${this.repo.owner}/${this.repo.repo}`;
  }

  /** The response body as a stream; the caller reads it and counts it (see `countBytes`). */
  async stream(call: GitHubCall): Promise<ReadableStream<Uint8Array>> {
    let data: unknown;
    try {
      const response = await this.octokit.request(call.route, {
        ...this.repo,
        ...call.params,
        headers: call.headers,
        request: { parseSuccessResponseBody: false },
      });
      data = response.data;
    } catch (error) {
      throw this.translate(error, call);
    }
    if (!isWebStream(data)) {
      throw new NanodexError('github-request-failed', `GitHub sent no body while ${call.what}`);
    }
    return data;
  }

  async bytes(call: GitHubCall): Promise<Buffer> {
    const body = await this.stream(call);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of body) {
        if (call.charge !== false) this.meter.add(call.kind, chunk.byteLength);
        chunks.push(Buffer.from(chunk));
      }
    } catch (error) {
      throw this.translate(error, call);
    }
    return Buffer.concat(chunks);
  }

  async text(call: GitHubCall): Promise<string> {
    return (await this.bytes(call)).toString('utf8');
  }

  async json(call: GitHubCall): Promise<unknown> {
    const text = await this.text(call);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new NanodexError('github-request-failed', `GitHub sent a body that is not JSON while ${call.what}`, { cause: error });
    }
  }

  translate(error: unknown, call: Pick<GitHubCall, 'what' | 'notFoundCode'>): NanodexError {
    return toNanodexError(error, { what: call.what, notFoundCode: call.notFoundCode ?? 'repo-not-found', clock: this.clock });
  }
}

function isWebStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof value === 'object' && value !== null && typeof (value as { getReader?: unknown }).getReader === 'function';
}
