import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startRedis, type TestRedis } from '../../helpers/start-redis.js';
import { openReceiver, pushPayload, startQueueWorker, waitUntil, type QueueWorker, type Run } from './queue-harness.js';

/** Overlapping runs of one repository, and runs out of arrival order (`after` carries the arrival index). */
function countViolations(runs: Run[]): { overlaps: number; outOfOrder: number } {
  let overlaps = 0;
  let outOfOrder = 0;
  const byRepo = new Map<string, Run[]>();
  for (const run of runs) byRepo.set(run.repo, [...(byRepo.get(run.repo) ?? []), run]);
  for (const list of byRepo.values()) {
    const sorted = [...list].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const [previous, current] = [sorted[i - 1], sorted[i]] as [Run, Run];
      if (current.start < previous.end) overlaps++;
      if (arrival(current) < arrival(previous)) outOfOrder++;
    }
  }
  return { overlaps, outOfOrder };
}

function arrival(run: Run): number {
  return Number(run.after.split('-').at(-1));
}

describe('the Redis queue (a real redis-server)', () => {
  let redis: TestRedis;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    redis = await startRedis({ appendonly: true });
  }, 30_000);

  afterEach(async () => {
    while (cleanups.length > 0)
      await cleanups
        .pop()?.()
        .catch(() => undefined);
    // Each test starts from an empty Redis: no job of one test is run by the next one's workers.
    const client = new Redis(redis.url);
    await client.flushall();
    client.disconnect();
  });

  afterAll(async () => {
    await redis?.dispose();
  });

  const receiver = (attempts = 3) => {
    const opened = openReceiver(redis.url, attempts);
    cleanups.push(opened.close);
    return opened.deliveries;
  };
  const worker = async (...args: Parameters<typeof startQueueWorker>): Promise<QueueWorker> => {
    const started = await startQueueWorker(...args);
    cleanups.push(started.close);
    return started;
  };

  it('takes a delivery once across two receivers, however often it is redelivered', async () => {
    const [a, b] = [receiver(), receiver()];
    const payload = pushPayload('octo/dedupe', 'dedupe-0');
    const outcomes = await Promise.all([
      a.accept({ deliveryId: 'dup-1', event: 'push', payload }),
      b.accept({ deliveryId: 'dup-1', event: 'push', payload }),
      b.accept({ deliveryId: 'dup-1', event: 'push', payload }),
    ]);
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'queued']);
    expect(await a.queue.getJob('dup-1')).toBeDefined();
    const client = new Redis(redis.url);
    cleanups.push(async () => client.disconnect());
    // Longer than GitHub's three days of redelivery.
    expect(await client.ttl('nanodex:delivery:dup-1')).toBeGreaterThan(3 * 24 * 3600);
  });

  it('ignores events nanodex does not handle, and payloads without a repository or installation', async () => {
    const a = receiver();
    expect(await a.accept({ deliveryId: 'ign-1', event: 'star', payload: { action: 'created' } })).toBe('ignored');
    expect(await a.accept({ deliveryId: 'ign-2', event: 'issues', payload: { action: 'opened' } })).toBe('ignored');
  });

  it('runs one job at a time per repository, in arrival order, across two workers', async () => {
    const a = receiver();
    const work = () => sleep(5 + Math.floor(Math.random() * 30));
    const [w1, w2] = [await worker(redis.url, work, { concurrency: 4 }), await worker(redis.url, work, { concurrency: 4 })];
    const repos = ['octo/a', 'octo/b', 'octo/c', 'octo/d'];
    for (let i = 0; i < 40; i++) {
      const repo = repos[i % repos.length] ?? 'octo/a';
      await a.accept({ deliveryId: `order-${i}`, event: 'push', payload: pushPayload(repo, `${repo}-${i}`) });
    }
    await waitUntil('all 40 deliveries', () => w1.settled.length + w2.settled.length === 40, 120_000);
    const runs = [...w1.runs, ...w2.runs];
    expect(runs).toHaveLength(40);
    expect(countViolations(runs)).toEqual({ overlaps: 0, outOfOrder: 0 });
    // Both workers took part: the order holds across processes, not by one worker doing everything.
    expect(w1.runs.length).toBeGreaterThan(0);
    expect(w2.runs.length).toBeGreaterThan(0);
  }, 150_000);

  it('retries a transient failure with backoff, and the next delivery of the repository waits for it', async () => {
    const a = receiver();
    const w = await worker(redis.url, async (after, attempt) => {
      if (after === 'octo/retry-0' && attempt === 1) throw Object.assign(new Error('Bad Gateway'), { status: 502 });
    });
    await a.accept({ deliveryId: 'retry-0', event: 'push', payload: pushPayload('octo/retry', 'octo/retry-0') });
    await a.accept({ deliveryId: 'retry-1', event: 'push', payload: pushPayload('octo/retry', 'octo/retry-1') });
    await waitUntil('both settled', () => w.settled.length === 2, 60_000);
    expect(w.settled.map((s) => [s.delivery.deliveryId, s.outcome])).toEqual([
      ['retry-0', 'completed'],
      ['retry-1', 'completed'],
    ]);
    expect(w.runs.map((r) => [r.after, r.attempt])).toEqual([
      ['octo/retry-0', 1],
      ['octo/retry-0', 2],
      ['octo/retry-1', 1],
    ]);
    // The backoff (2 s) passed between the two attempts.
    expect((w.runs[1]?.start ?? 0) - (w.runs[0]?.start ?? 0)).toBeGreaterThanOrEqual(1_900);
  }, 90_000);

  it('does not retry a user error, and dead-letters a transient failure after its last attempt (with the failure told)', async () => {
    const a = receiver(2);
    const w = await worker(redis.url, async (after) => {
      if (after.endsWith('user-0')) throw Object.assign(new Error('Not Found'), { status: 404 });
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    });
    await a.accept({ deliveryId: 'dl-user', event: 'push', payload: pushPayload('octo/dl', 'octo/dl-user-0') });
    await a.accept({ deliveryId: 'dl-net', event: 'push', payload: pushPayload('octo/dl', 'octo/dl-net-1') });
    await waitUntil('both settled', () => w.settled.length === 2, 60_000);
    expect(w.settled.map((s) => s.outcome)).toEqual(['completed', 'dead_letter']);
    // The user error: one attempt, told at once (end -1 marks the failure reply). The network error: two attempts, told on the last.
    expect(w.runs.map((r) => [r.after, r.attempt, r.end === -1])).toEqual([
      ['octo/dl-user-0', 1, true],
      ['octo/dl-net-1', 1, false],
      ['octo/dl-net-1', 2, true],
    ]);
    const dead = await a.queue.getJob('dl-net');
    expect(await dead?.getState()).toBe('failed');
    expect(dead?.failedReason).toMatch(/gave up after 2 attempts/);
  }, 90_000);

  it("fails a job past its deadline without retrying it, and runs the repository's next delivery", async () => {
    const a = receiver();
    const w = await worker(redis.url, (after) => sleep(after.endsWith('-0') ? 3_000 : 1), { deadlineMs: 300 });
    await a.accept({ deliveryId: 'late-0', event: 'push', payload: pushPayload('octo/late', 'octo/late-0') });
    await a.accept({ deliveryId: 'late-1', event: 'push', payload: pushPayload('octo/late', 'octo/late-1') });
    await waitUntil('both settled', () => w.settled.length === 2, 60_000);
    expect(w.settled.map((s) => [s.delivery.deliveryId, s.outcome])).toEqual([
      ['late-0', 'deadline'],
      ['late-1', 'completed'],
    ]);
    expect(w.runs.filter((r) => r.after === 'octo/late-0')).toHaveLength(1);
    expect(await (await a.queue.getJob('late-0'))?.getState()).toBe('failed');
  }, 60_000);

  it('keeps queued deliveries across a Redis crash and restart (AOF), and runs them after', async () => {
    const a = receiver();
    for (let i = 0; i < 5; i++)
      await a.accept({ deliveryId: `aof-${i}`, event: 'push', payload: pushPayload('octo/aof', `octo/aof-${i}`) });
    await redis.stop({ hard: true });
    await redis.restart();
    const b = receiver();
    await waitUntil(
      'Redis answers again',
      async () => (await b.queue.getJobCounts('waiting').catch(() => ({ waiting: -1 }))).waiting === 5,
    );
    const w = await worker(redis.url, async () => undefined);
    await waitUntil('the five deliveries', () => w.settled.length === 5, 60_000);
    expect(w.runs.map((r) => r.after)).toEqual([0, 1, 2, 3, 4].map((i) => `octo/aof-${i}`));
    // The de-duplication claims survived too: a redelivery after the restart is still a duplicate.
    expect(await b.accept({ deliveryId: 'aof-0', event: 'push', payload: pushPayload('octo/aof', 'octo/aof-0') })).toBe('duplicate');
  }, 90_000);
});
