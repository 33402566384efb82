import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type TestRedis } from '../../helpers/start-redis.js';
import { startAppProcess, type AppProcess } from '../app-process.js';
import { forgedHeaders, postSigned, streamWithFetch, streamWithHttp } from '../upload-clients.js';

// The Redis receiver answers webhooks through the same edge as one process (startAppServer, receiveWebhook): issue 27's
// holes are checked here too, with a small NANODEX_MAX_PAYLOAD_BYTES to keep the uploads short.
describe('npm start with REDIS_URL: the receiver refuses hostile webhooks like one process does', () => {
  let redis: TestRedis;
  let receiver: AppProcess;

  beforeAll(async () => {
    redis = await startRedis();
    receiver = await startAppProcess({
      REDIS_URL: redis.url,
      NANODEX_APP_SLUG: 'nanodex',
      GITHUB_API_URL: 'http://127.0.0.1:9',
      NANODEX_MAX_PAYLOAD_BYTES: '65536',
    });
  }, 180_000);

  afterAll(async () => {
    if (receiver?.child.exitCode === null) receiver.child.kill('SIGKILL');
    await redis?.dispose();
  });

  it('answers an empty body 400, a signed body that is not UTF-8 400, and signed JSON nested too deep 400', async () => {
    const empty = await fetch(`${receiver.url}/api/github/webhooks`, { method: 'POST', body: '', headers: forgedHeaders('issue_comment') });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('the body is empty');
    const notUtf8 = await postSigned(receiver.url, 'issue_comment', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]));
    expect(notUtf8).toMatchObject({ status: 400, text: expect.stringContaining('not valid UTF-8') as unknown });
    const deep = await postSigned(receiver.url, 'issue_comment', '['.repeat(60_000));
    expect(deep).toMatchObject({ status: 400, text: expect.stringContaining('deeper than 16 levels') as unknown });
    expect(receiver.log()).not.toMatch(/ERROR|"level":50/);
  });

  it('answers an upload streamed past the cap 413 to clients that keep writing', async () => {
    const outcomes = [
      await streamWithFetch(receiver.url, forgedHeaders('push'), 8),
      await streamWithHttp(receiver.url, forgedHeaders('push'), 8),
      await streamWithFetch(receiver.url, forgedHeaders('push'), 8),
      await streamWithHttp(receiver.url, forgedHeaders('push'), 8),
    ];
    expect(outcomes).toEqual(['413', '413', '413', '413']);
  }, 60_000);
});
