import { describe, expect, it } from 'vitest';
import { AppOctokit } from '../../src/app/app-octokit.js';
import { createHarness, mentionPayload } from './app-harness.js';

/** The App's octokit as the server runs it: throttling on (it waits and retries rate limits); only the 5xx retry plugin is off. */
const ThrottledOctokit = AppOctokit.defaults((options: Record<string, unknown>) => ({ ...options, retry: { enabled: false } }));

describe('when GitHub rate-limits the App', () => {
  it('waits as GitHub says (403 with a reset time, 429 secondary limit with retry-after) and then finishes the reply', async () => {
    const app = await createHarness({ Octokit: ThrottledOctokit });
    app.github.permissions.set('Codertocat', 'admin');
    app.github.failNext('GET', /\/permission$/, [429, { message: 'You have exceeded a secondary rate limit' }, { 'retry-after': '1' }]);
    const reset = String(Math.ceil(Date.now() / 1000) + 1);
    app.github.failNext('POST', /\/reactions$/, [
      403,
      { message: 'API rate limit exceeded' },
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    ]);

    await app.receive('issue_comment', mentionPayload('@nanodex find parseHttpRequest'));

    expect(app.github.sent.filter((r) => r.path.endsWith('/permission'))).toHaveLength(2);
    expect(app.github.reactions).toEqual([
      { commentId: 492700400, content: 'eyes' },
      { commentId: 492700400, content: 'rocket' },
    ]);
    expect(app.github.thread(1)[0]?.body).toContain('parseHttpRequest');
    expect(app.github.thread(1)[0]?.body).not.toMatch(/could not finish/);
  }, 30_000);
});
