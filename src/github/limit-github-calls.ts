/** An installation token, which Octokit's App auth asks for inside an attempt of the call that needs it. */
const TOKEN_ROUTE = /^\/app\/installations\/[^/]+\/access_tokens$/;

/** One GitHub call, its retries included, ran past its deadline: GitHub stopped answering. */
export class GitHubDeadlineError extends Error {
  constructor(
    readonly deadlineMs: number,
    route: string,
  ) {
    super(`GitHub did not answer within ${deadlineMs} ms, retries included (${route})`);
    this.name = 'GitHubDeadlineError';
  }
}

interface CallOptions {
  method: string;
  url: string;
  request?: { signal?: AbortSignal | null; retries?: number } & Record<string, unknown>;
  [key: string]: unknown;
}

/** What the plugin needs of an Octokit: its request hook. */
interface HookedOctokit {
  hook: {
    wrap(name: 'request', wrapper: (request: (options: CallOptions) => Promise<unknown>, options: CallOptions) => Promise<unknown>): void;
  };
}

/** Each running call's way to push its deadline back, by the signal its attempts carry. */
const extenders = new WeakMap<AbortSignal, (ms: number) => void>();

/**
 * Pushes a call's deadline back by `ms`: a rate limit GitHub asked us to
 * wait out (retry-after, the reset) is not GitHub failing to answer.
 * `signal` is the call's `request.signal`, as the throttling callbacks see it.
 */
export function extendGitHubDeadline(signal: unknown, ms: number): void {
  if (signal instanceof AbortSignal) extenders.get(signal)?.(ms);
}

/**
 * An Octokit plugin (added last, so its hook is the outermost): one retry
 * layer and a deadline per call.
 *
 * - An installation-token request is sent once per attempt of the call that
 *   needs it, never retried on its own: plugin-retry retries that call, and
 *   retrying the token inside every retried call multiplied the attempts
 *   (4 x 4 = 16 against a GitHub that never answers).
 * - A call, with its retries and the token it asks for, fails with a
 *   GitHubDeadlineError once `deadlineMs` has passed: each attempt has its
 *   own timeout (fetchWithTimeout), but attempts and back-off add up. The
 *   call's signal is aborted then, so an attempt in flight stops and none
 *   is retried (plugin-retry does not retry an AbortError). A retry already
 *   waiting out its back-off still asks for its token once when it wakes,
 *   and stops there: the token request is not retried, and the call's own
 *   request is aborted before it is sent.
 */
export function limitGitHubCalls(options: { deadlineMs: number }): (octokit: HookedOctokit) => void {
  const { deadlineMs } = options;
  return (octokit) => {
    octokit.hook.wrap('request', async (request, endpoint) => {
      const route = `${endpoint.method} ${endpoint.url.split('?')[0]}`;
      const controller = new AbortController();
      const given = endpoint.request?.signal;
      const signal = given ? AbortSignal.any([given, controller.signal]) : controller.signal;
      const isToken = endpoint.method === 'POST' && TOKEN_ROUTE.test(endpoint.url);
      let giveUp!: (error: GitHubDeadlineError) => void;
      const expired = new Promise<never>((_resolve, reject) => {
        giveUp = reject;
      });
      let endsAt = Date.now() + deadlineMs;
      let timer: NodeJS.Timeout | undefined;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(
          () => {
            const error = new GitHubDeadlineError(deadlineMs, route);
            giveUp(error);
            controller.abort(new DOMException(error.message, 'AbortError'));
          },
          Math.max(0, endsAt - Date.now()),
        );
        // A pending socket keeps the process alive; the timer alone must not.
        timer.unref();
      };
      arm();
      extenders.set(signal, (ms) => {
        endsAt += ms;
        arm();
      });
      // Set on the call's own options object (merged for this call alone): before-after-hook binds that one object
      // to every layer, so options handed to `request` would reach only the innermost.
      endpoint.request = { ...endpoint.request, signal, ...(isToken ? { retries: 0 } : {}) };
      const call = request(endpoint);
      // Given up on, the call still settles (aborted): nobody waits for it any more.
      call.catch(() => undefined);
      try {
        return await Promise.race([call, expired]);
      } finally {
        clearTimeout(timer);
        extenders.delete(signal);
      }
    });
  };
}
