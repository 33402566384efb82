import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionPayload, startAppProcess, type AppProcess } from './app-process.js';
import { forgedHeaders, postSigned, rssMb, streamWithFetch, streamWithHttp } from './upload-clients.js';

// Issue 27: what a hostile-traffic battery found at the shipped App's HTTP edge. No delivery here reaches a handler
// that calls GitHub; the API URL is a closed loopback port all the same.
const ENV = { NANODEX_APP_SLUG: 'nanodex', GITHUB_API_URL: 'http://127.0.0.1:9' };

async function metricsText(app: AppProcess): Promise<string> {
  return (await fetch(`${app.url}/metrics`)).text();
}

describe('npm start: the webhook edge under hostile traffic', () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await startAppProcess(ENV);
  }, 180_000);

  afterAll(() => {
    if (app?.child.exitCode === null) app.child.kill('SIGKILL');
  });

  it('answers an empty body with a signature 400 naming the problem, logs no error, and counts it in /metrics', async () => {
    const response = await fetch(`${app.url}/api/github/webhooks`, { method: 'POST', body: '', headers: forgedHeaders('pull_request') });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('the body is empty');
    expect(app.log()).not.toMatch(/ERROR|"level":50/);
    expect(await metricsText(app)).toMatch(/nanodex_webhook_deliveries_total\{event="pull_request",outcome="refused"\} 1/);
  });

  it('checks the signature on the bytes as sent: a signed body that is not UTF-8 gets 400 naming UTF-8, not 401', async () => {
    const body = Buffer.concat([Buffer.from('{"zen":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]);
    const { status, text } = await postSigned(app.url, 'ping', body);
    expect(status).toBe(400);
    expect(text).toContain('not valid UTF-8');
  });

  it("refuses a signed mention over issue_comment's 1 MB cap with 413 naming the limit", async () => {
    const payload = mentionPayload(`@nanodex find x ${'y'.repeat(1024 * 1024)}`);
    const { status, text } = await postSigned(app.url, 'issue_comment', JSON.stringify(payload));
    expect(status).toBe(413);
    expect(text).toContain('limit of 1048576 bytes for "issue_comment" events');
  });

  it('refuses signed JSON nested deeper than the limit with 400, without building it (memory stays flat)', async () => {
    const before = rssMb(app.child.pid ?? 0);
    // Well-formed: JSON.parse would build all 2.5 million levels.
    const { status, text } = await postSigned(app.url, 'ping', `${'['.repeat(2_500_000)}${']'.repeat(2_500_000)}`);
    expect(status).toBe(400);
    expect(text).toContain('deeper than 32 levels');
    expect(rssMb(app.child.pid ?? 0) - before).toBeLessThan(150);
  });

  it('answers a body streamed past the default 25 MB cap (no length, forged signature) 413 to every client, never a reset', async () => {
    const headers = forgedHeaders('push');
    const outcomes = [
      await streamWithFetch(app.url, headers, 30),
      await streamWithHttp(app.url, headers, 30),
      await streamWithFetch(app.url, headers, 30),
      await streamWithHttp(app.url, headers, 30),
    ];
    expect(outcomes).toEqual(['413', '413', '413', '413']);
  }, 120_000);

  it('labels a delivery of an event nanodex does not know "other" in /metrics: a header cannot add series', async () => {
    const response = await fetch(`${app.url}/api/github/webhooks`, {
      method: 'POST',
      body: '{}',
      headers: forgedHeaders('made-up-event-4242'),
    });
    expect(response.status).toBe(401);
    const text = await metricsText(app);
    expect(text).toMatch(/nanodex_webhook_deliveries_total\{event="other",outcome="refused"\} 1/);
    expect(text).not.toContain('made-up-event-4242');
  });
});

describe('npm start with NANODEX_MAX_PAYLOAD_BYTES', () => {
  let app: AppProcess;

  beforeAll(async () => {
    app = await startAppProcess({ ...ENV, NANODEX_MAX_PAYLOAD_BYTES: '65536' });
  }, 180_000);

  afterAll(() => {
    if (app?.child.exitCode === null) app.child.kill('SIGKILL');
  });

  it('answers bodies streamed past the cap 413 to clients that keep writing, never a reset', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(await streamWithFetch(app.url, forgedHeaders('issue_comment'), 16));
      outcomes.push(await streamWithHttp(app.url, forgedHeaders('issue_comment'), 16));
    }
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => '413'));
  }, 120_000);

  it('caps every event at it, and names the limit', async () => {
    const { status, text } = await postSigned(app.url, 'push', JSON.stringify({ padding: 'x'.repeat(70_000) }));
    expect(status).toBe(413);
    expect(text).toContain('limit of 65536 bytes for "push" events');
  });
});
