import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { ProbotOctokit } from 'probot';
import { describe, expect, it } from 'vitest';
import type { GitHubClient } from '../../src/github/github-client.js';

describe('GitHubClient', () => {
  it("is satisfied by Probot's octokit (the App) and by @octokit/rest with retry and throttling (the Action)", () => {
    const app: GitHubClient = new ProbotOctokit();
    const ActionOctokit = Octokit.plugin(retry, throttling);
    const action: GitHubClient = new ActionOctokit({ throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false } });
    expect(typeof app.request).toBe('function');
    expect(typeof action.paginate.iterator).toBe('function');
  });
});
