import { describe, expect, it } from 'vitest';
import { JobQueue, type Job } from '../../src/app/job-queue.js';
import { recordingLogger } from '../helpers/explore-fixture.js';

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

function trackingJobs() {
  let running = 0;
  let peak = 0;
  const perRepo = new Map<string, number>();
  let peakPerRepo = 0;
  const ran: string[] = [];
  const job = (deliveryId: string, repoKey: string, extra: Partial<Job> = {}): Job => ({
    deliveryId,
    repoKey,
    name: 'test',
    run: async () => {
      running += 1;
      perRepo.set(repoKey, (perRepo.get(repoKey) ?? 0) + 1);
      peak = Math.max(peak, running);
      peakPerRepo = Math.max(peakPerRepo, perRepo.get(repoKey) ?? 0);
      await tick();
      ran.push(deliveryId);
      perRepo.set(repoKey, (perRepo.get(repoKey) ?? 1) - 1);
      running -= 1;
    },
    ...extra,
  });
  return { job, ran, peak: () => peak, peakPerRepo: () => peakPerRepo };
}

describe('JobQueue', () => {
  it('runs at most `concurrency` jobs at once across repositories', async () => {
    const queue = new JobQueue({ concurrency: 3, logger: recordingLogger() });
    const t = trackingJobs();
    for (let i = 0; i < 12; i += 1) queue.enqueue(t.job(`d${i}`, `o/r${i}`));
    await queue.onIdle();
    expect(t.ran).toHaveLength(12);
    expect(t.peak()).toBe(3);
  });

  it('runs one job at a time per repository, in arrival order', async () => {
    const queue = new JobQueue({ concurrency: 4, logger: recordingLogger() });
    const t = trackingJobs();
    for (let i = 0; i < 5; i += 1) queue.enqueue(t.job(`d${i}`, 'o/same'));
    await queue.onIdle();
    expect(t.ran).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    expect(t.peakPerRepo()).toBe(1);
  });

  it('does not let one busy repository hold the global slots', async () => {
    const queue = new JobQueue({ concurrency: 2, logger: recordingLogger() });
    const t = trackingJobs();
    for (let i = 0; i < 4; i += 1) queue.enqueue(t.job(`busy${i}`, 'o/busy'));
    queue.enqueue(t.job('other', 'o/other'));
    await queue.onIdle();
    expect(t.ran.indexOf('other')).toBeLessThan(2);
  });

  it('runs a duplicate delivery id once', async () => {
    const queue = new JobQueue({ concurrency: 2, logger: recordingLogger() });
    const t = trackingJobs();
    expect(queue.enqueue(t.job('same', 'o/r'))).toBe('queued');
    expect(queue.enqueue(t.job('same', 'o/r'))).toBe('duplicate');
    await queue.onIdle();
    expect(t.ran).toEqual(['same']);
  });

  it('runs prepare without waiting for the repository, and stops when prepare says no', async () => {
    const queue = new JobQueue({ concurrency: 2, logger: recordingLogger() });
    const order: string[] = [];
    queue.enqueue({
      deliveryId: 'slow',
      repoKey: 'o/r',
      name: 't',
      run: async () => {
        await tick(30);
        order.push('slow run');
      },
    });
    queue.enqueue({
      deliveryId: 'next',
      repoKey: 'o/r',
      name: 't',
      prepare: async () => {
        order.push('next prepare');
        return false;
      },
      run: async () => {
        order.push('next run');
      },
    });
    await queue.onIdle();
    expect(order).toEqual(['next prepare', 'slow run']);
  });

  it('logs a job that throws and keeps going', async () => {
    const logger = recordingLogger();
    const outcomes: string[] = [];
    const queue = new JobQueue({ concurrency: 1, logger, onSettled: (_job, outcome) => outcomes.push(outcome) });
    queue.enqueue({
      deliveryId: 'a',
      repoKey: 'o/r',
      name: 't',
      run: async () => {
        throw new Error('boom');
      },
    });
    queue.enqueue({ deliveryId: 'b', repoKey: 'o/r', name: 't', run: async () => undefined });
    await queue.onIdle();
    expect(outcomes).toEqual(['failed', 'done']);
    expect(logger.lines.find((l) => l.level === 'error')?.fields).toMatchObject({ deliveryId: 'a', error: 'boom' });
  });
});

describe('JobQueue ordering', () => {
  it("runs one repository's jobs in arrival order even when an earlier job's prepare is slower", async () => {
    const { job, ran } = trackingJobs();
    const queue = new JobQueue({ concurrency: 4, logger: recordingLogger() });
    queue.enqueue(
      job('first', 'o/r', {
        prepare: async () => {
          await tick(40);
          return true;
        },
      }),
    );
    queue.enqueue(job('second', 'o/r', { prepare: async () => true }));
    await queue.onIdle();
    expect(ran).toEqual(['first', 'second']);
  });

  it('lets the next job of the repository run when a prepare stops or throws', async () => {
    const { job, ran } = trackingJobs();
    const logger = recordingLogger();
    const queue = new JobQueue({ concurrency: 2, logger });
    queue.enqueue(job('stopped', 'o/r', { prepare: async () => false }));
    queue.enqueue(
      job('thrown', 'o/r', {
        prepare: async () => {
          throw new Error('no access');
        },
      }),
    );
    queue.enqueue(job('last', 'o/r'));
    await queue.onIdle();
    expect(ran).toEqual(['last']);
    expect(logger.lines.some((l) => l.message === 'job failed')).toBe(true);
  });
});
