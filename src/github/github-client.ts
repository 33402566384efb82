import type { Octokit } from '@octokit/rest';

/**
 * The client every GitHub module takes first. A `Pick` of Octokit so Probot's
 * octokit (the App) and `@octokit/rest` with the retry and throttling plugins
 * (the Action) both fit; calls go through `client.request('GET /repos/…', {…})`.
 */
export type GitHubClient = Pick<Octokit, 'request' | 'paginate' | 'graphql'>;

export interface RepoCoords {
  owner: string;
  repo: string;
}
