import { NanodexError } from '../core/index.js';
import type { GitHubClient } from '../github/github-client.js';

/**
 * The job's client, refusing every write once `isStopped()` says the job was
 * given up (its deadline passed and the user was told it failed): work that
 * goes on in the background then posts nothing, not a review, a comment or an
 * issue, and cannot race the repository's next job. Reads still work.
 */
export function guardWrites(client: GitHubClient, isStopped: () => boolean): GitHubClient {
  const refuse = (route: string | { method?: string }): void => {
    const method = (typeof route === 'string' ? route.trimStart().split(/\s+/)[0] : route.method)?.toUpperCase() ?? 'GET';
    if (isStopped() && method !== 'GET' && method !== 'HEAD') {
      throw new NanodexError('job-stopped', `the job was stopped at its deadline; ${method} was not sent`);
    }
  };
  const guarded = (route: string | { method?: string }, parameters?: object): unknown => {
    refuse(route);
    return client.request(route as never, parameters as never);
  };
  // The Octokit request function also carries `defaults` and `endpoint`; keep them.
  const request = Object.assign(guarded, client.request) as unknown as GitHubClient['request'];
  return { request, paginate: client.paginate, graphql: client.graphql };
}
