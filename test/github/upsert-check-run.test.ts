import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckAnnotation, CheckRunToPost } from '../../src/core/index.js';
import { readCheckAnnotations } from '../../src/github/read-check-annotations.js';
import { upsertCheckRun } from '../../src/github/upsert-check-run.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';
import { checkRequestBody } from './check-request-body.js';
import { FakeCheckRuns } from './fake-check-runs.js';

const API = 'https://api.github.com';
const HEAD = 'c'.repeat(40);
const TARGET = { owner: 'o', repo: 'r' };

function annotations(n: number): CheckAnnotation[] {
  return Array.from({ length: n }, (_, i) => ({
    path: 'src/a.ts',
    startLine: i + 1,
    endLine: i + 1,
    level: 'warning' as const,
    title: 'callers-not-updated',
    message: `call ${i + 1} passes the old arguments`,
  }));
}

function checkRun(n: number, extra: Partial<CheckRunToPost> = {}): CheckRunToPost {
  return {
    headSha: HEAD,
    name: 'nanodex review',
    conclusion: 'neutral',
    title: `${n} warnings`,
    summary: 'Summary',
    annotations: annotations(n),
    ...extra,
  };
}

/** The fake's check runs behind nock, every write checked against GitHub's REST description; returns the requests sent. */
function serve(checks: FakeCheckRuns): { method: string; path: string; body: Record<string, unknown> }[] {
  const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
  const scope = nock(API).persist();
  for (const method of ['get', 'post', 'patch'] as const) {
    scope[method](() => true).reply((uri, raw) => {
      const url = new URL(uri, API);
      const body = (typeof raw === 'string' && raw !== '' ? JSON.parse(raw) : (raw ?? {})) as Record<string, unknown>;
      const rest = url.pathname.replace('/repos/o/r', '');
      sent.push({ method: method.toUpperCase(), path: url.pathname, body });
      if (method === 'post') checkRequestBody('POST', '/repos/{owner}/{repo}/check-runs', body);
      if (method === 'patch') checkRequestBody('PATCH', '/repos/{owner}/{repo}/check-runs/{check_run_id}', body);
      return checks.answer(method.toUpperCase(), rest, url.searchParams, body) ?? [501, { message: `no route ${uri}` }];
    });
  }
  return sent;
}

const octokit = () => new Octokit({ request: { retries: 0 }, log: { debug() {}, info() {}, warn() {}, error() {} } });

beforeAll(() => nock.disableNetConnect());
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('upsertCheckRun', () => {
  it("creates the run with GitHub's first 50 annotations and adds the rest 50 at a time: 120 annotations in 3 requests", async () => {
    const checks = new FakeCheckRuns();
    const sent = serve(checks);

    const posted = await upsertCheckRun(octokit(), TARGET, checkRun(120));

    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => [r.method, (r.body.output as { annotations: unknown[] }).annotations.length])).toEqual([
      ['POST', 50],
      ['PATCH', 50],
      ['PATCH', 20],
    ]);
    expect(writes[0]?.body).toMatchObject({
      name: 'nanodex review',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'neutral',
      external_id: 'nanodex-review',
    });
    expect(checks.runs).toHaveLength(1);
    expect(checks.runs[0]?.annotations).toHaveLength(120);
    expect(posted).toMatchObject({
      kind: 'posted',
      updated: false,
      requests: 3,
      url: `https://github.com/Codertocat/Hello-World/runs/${checks.runs[0]?.id}`,
    });
  });

  describe('when nanodex posted a run on the head before (a re-review)', () => {
    it('updates that run instead of adding a second, and never re-sends an annotation it carries', async () => {
      const checks = new FakeCheckRuns();
      serve(checks);
      await upsertCheckRun(octokit(), TARGET, checkRun(60));

      // A new process (no remembered id): the run is found on the head by name and nanodex's external id.
      const posted = await upsertCheckRun(octokit(), TARGET, checkRun(61, { conclusion: 'failure', title: 'changed' }));

      expect(checks.runs).toHaveLength(1);
      expect(checks.runs[0]).toMatchObject({ conclusion: 'failure', output: { title: 'changed' } });
      expect(checks.runs[0]?.annotations).toHaveLength(61);
      expect(posted).toMatchObject({ kind: 'posted', updated: true });
    });

    it('leaves alone a run of the same name that nanodex did not post (a workflow job named "nanodex review")', async () => {
      const checks = new FakeCheckRuns();
      serve(checks);
      checks.answer('POST', '/check-runs', new URLSearchParams(), { name: 'nanodex review', head_sha: HEAD, status: 'in_progress' });

      await upsertCheckRun(octokit(), TARGET, checkRun(1));

      expect(checks.runs).toHaveLength(2);
      expect(checks.runs[0]).toMatchObject({ status: 'in_progress', writes: 1 });
    });
  });

  describe('when the token may not write checks (HTTP 403)', () => {
    it('answers not-permitted with how to grant it, instead of throwing', async () => {
      const checks = new FakeCheckRuns();
      checks.forbidden = true;
      serve(checks);

      const posted = await upsertCheckRun(octokit(), TARGET, checkRun(3));

      expect(posted).toEqual({ kind: 'not-permitted', message: expect.stringContaining('`checks: write`') });
      expect(posted.kind === 'not-permitted' && posted.message).toContain('"Checks: read and write"');
    });
  });

  it('redacts a secret in the title, summary and annotations before they leave', async () => {
    const checks = new FakeCheckRuns();
    const sent = serve(checks);
    const token = buildSecretCorpus().find((c) => c.name === 'GitHub token ghp_')!.value;
    const [first] = annotations(1);

    await upsertCheckRun(octokit(), TARGET, {
      ...checkRun(0),
      summary: `token ${token}`,
      annotations: [{ ...first!, message: `uses ${token}` }],
    });

    expect(JSON.stringify(sent)).not.toContain(token);
    expect(checks.runs[0]?.annotations[0]).toMatchObject({ path: 'src/a.ts', start_line: 1 });
  });
});

describe('readCheckAnnotations', () => {
  it("reads back the annotations of nanodex's run on a head as they were posted, evidence included", async () => {
    const checks = new FakeCheckRuns();
    serve(checks);
    const [first] = annotations(1);
    const posted = { ...first!, details: 'definition after: src/b.ts:4' };
    await upsertCheckRun(octokit(), TARGET, { ...checkRun(0), annotations: [posted] });

    await expect(readCheckAnnotations(octokit(), TARGET, { headSha: HEAD, name: 'nanodex review' })).resolves.toEqual([posted]);
  });

  it('answers undefined when nanodex posted no run there, or the token may not read checks', async () => {
    const checks = new FakeCheckRuns();
    serve(checks);
    await expect(readCheckAnnotations(octokit(), TARGET, { headSha: HEAD, name: 'nanodex review' })).resolves.toBeUndefined();
    checks.forbidden = true;
    await expect(readCheckAnnotations(octokit(), TARGET, { headSha: HEAD, name: 'nanodex review' })).resolves.toBeUndefined();
  });
});
