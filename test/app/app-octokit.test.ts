import { Probot } from 'probot';
import { describe, expect, it } from 'vitest';
import { AppOctokit, createAppOctokit } from '../../src/app/app-octokit.js';
import { PRIVATE_KEY } from './test-key.js';

/** When each installation's writes reached "GitHub", told apart by the installation token they carry. */
async function writeTimes(installations: number[], writesEach: number): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  const started = performance.now();
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const token = /\/app\/installations\/(\d+)\/access_tokens$/.exec(url)?.[1];
    if (token !== undefined)
      return Response.json(
        { token: `token-${token}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {} },
        { status: 201 },
      );
    const from = new Headers(init?.headers).get('authorization')?.replace(/^token token-/, '') ?? '?';
    times.set(from, [...(times.get(from) ?? []), performance.now() - started]);
    return Response.json({}, { status: 201 });
  };
  const probot = new Probot({
    appId: 1,
    privateKey: PRIVATE_KEY,
    secret: 's',
    logLevel: 'fatal',
    Octokit: AppOctokit.defaults((o: Record<string, unknown>) => ({ ...o, request: { fetch } })),
  });
  await probot.load((app) => {
    app.on('issues.opened', async (context) => {
      for (let i = 0; i < writesEach; i += 1)
        await context.octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
          owner: 'o',
          repo: 'r',
          issue_number: 1,
          labels: ['x'],
        });
    });
  });
  await Promise.all(
    installations.map((id) =>
      probot.receive({ id: `d-${id}`, name: 'issues', payload: { action: 'opened', installation: { id } } } as Parameters<
        Probot['receive']
      >[0]),
    ),
  );
  return times;
}

describe('AppOctokit', () => {
  it('paces writes per installation in webhook handlers: two installations write side by side, each one a second apart', async () => {
    const times = await writeTimes([11, 22], 2);
    const [a, b] = [times.get('11') ?? [], times.get('22') ?? []];
    expect([a.length, b.length]).toEqual([2, 2]);
    // plugin-throttling's write limiter: minTime 1000 ms between writes of one key. Unpaced writes land
    // milliseconds apart; the margin is for a loaded machine, where the first write is seen late.
    expect(a[1]! - a[0]!).toBeGreaterThanOrEqual(500);
    expect(b[1]! - b[0]!).toBeGreaterThanOrEqual(500);
    expect(Math.abs(a[0]! - b[0]!)).toBeLessThan(500);
  }, 20_000);

  describe('a call and its installation token (one retry layer, one deadline)', () => {
    const TOKEN = /\/app\/installations\/\d+\/access_tokens$/;
    /** An installation's octokit over `fetch`, with plugin-retry's back-off cut from seconds to milliseconds. */
    const installation = async (fetch: typeof globalThis.fetch, options: { timeoutMs: number; deadlineMs: number }) => {
      const probot = new Probot({
        appId: 1,
        privateKey: PRIVATE_KEY,
        secret: 's',
        logLevel: 'fatal',
        Octokit: createAppOctokit(options).defaults((o: Record<string, unknown>) => ({
          ...o,
          request: { fetch },
          retry: { retryAfterBaseValue: 1 },
        })),
      });
      return probot.auth(7);
    };

    it('asks once for the token in each attempt of a call whose token never comes: 4 requests, not 16', async () => {
      let tokenRequests = 0;
      const silent = (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
        tokenRequests += 1;
        // A GitHub that never answers: only the timeout's abort ends the wait.
        return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      };
      const octokit = await installation(silent as typeof fetch, { timeoutMs: 50, deadlineMs: 30_000 });
      await expect(octokit.request('GET /repos/{owner}/{repo}', { owner: 'o', repo: 'r' })).rejects.toThrow(/did not answer within 50 ms/);
      expect(tokenRequests).toBe(4);
    }, 20_000);

    it('waits out a secondary rate limit longer than the call deadline: a wait GitHub asks for is not a stall', async () => {
      let writes = 0;
      const fetch = async (input: string | URL | Request): Promise<Response> => {
        const url = String(input instanceof Request ? input.url : input);
        if (TOKEN.test(url))
          return Response.json({ token: 't', expires_at: new Date(Date.now() + 3_600_000).toISOString() }, { status: 201 });
        writes += 1;
        if (writes > 1) return Response.json({}, { status: 201 });
        return Response.json(
          { message: 'You have exceeded a secondary rate limit' },
          { status: 403, headers: { 'retry-after': '2', 'x-ratelimit-remaining': '10' } },
        );
      };
      const octokit = await installation(fetch as typeof globalThis.fetch, { timeoutMs: 500, deadlineMs: 1_000 });
      const done = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
        owner: 'o',
        repo: 'r',
        issue_number: 1,
        labels: ['x'],
      });
      expect(done.status).toBe(201);
      expect(writes).toBe(2);
    }, 20_000);
  });
});
