/**
 * A `fetch` that cannot hang: the response's headers must arrive within
 * `timeoutMs`, and after that the body must keep moving (no gap between two
 * chunks longer than `timeoutMs`). A total deadline would cut off a large
 * tarball that is streaming fine; an idle limit catches a server that accepts
 * the connection and then says nothing, which is what hangs jobs forever.
 * `what` names the service in the error ("GitHub", "the model provider");
 * `base` is the fetch to wrap (an Octokit's own, say), globalThis.fetch when absent.
 */
export function fetchWithTimeout(timeoutMs: number, what = 'the server', base?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    let timer: NodeJS.Timeout | undefined;
    const rearm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(
        () => controller.abort(new DOMException(`${what} did not answer within ${timeoutMs} ms`, 'TimeoutError')),
        timeoutMs,
      );
      // A pending socket keeps the process alive; the timer alone must not.
      timer.unref();
    };
    rearm();
    // Looked up per call so test interceptors installed on globalThis.fetch still apply.
    const request = (base ?? globalThis.fetch)(input, { ...init, signal });
    let response: Response;
    try {
      response = await raceAbort(request, controller.signal);
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
    if (!response.body) {
      clearTimeout(timer);
      return response;
    }
    rearm();
    const idle = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, stream) {
        rearm();
        stream.enqueue(chunk);
      },
      flush() {
        clearTimeout(timer);
      },
    });
    // Aborting the pipe errors the body the caller reads, with the timeout as the reason.
    const timed = new Response(response.body.pipeThrough(idle, { signal: controller.signal }), response);
    // Octokit reports `response.url`; a constructed Response has none of its own.
    Object.defineProperty(timed, 'url', { value: response.url });
    return timed;
  };
}

/** The request's outcome, or the abort's reason as soon as the signal fires (an interceptor may never settle). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
