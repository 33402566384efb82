import { describe, expect, it } from 'vitest';
import { JobQueue, type Job } from '../../src/app/job-queue.js';
import { recordingLogger } from '../helpers/explore-fixture.js';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

describe('JobQueue deadlines', () => {
  describe('when a job runs past its deadline', () => {
    it('tells the job (reference id, message), frees the slot for the next job of the repository and lists it as overdue', async () => {
      const queue = new JobQueue({ concurrency: 1, logger: recordingLogger(), deadlineMs: 50 });
      const told: { referenceId: string; message: string }[] = [];
      let release!: () => void;
      const stuck: Job = {
        deliveryId: 'stuck',
        repoKey: 'o/r',
        name: 'mention',
        run: () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }),
        onDeadline: async (failure) => {
          told.push(failure);
        },
      };
      const ran: string[] = [];
      queue.enqueue(stuck);
      queue.enqueue({
        deliveryId: 'next',
        repoKey: 'o/r',
        name: 'mention',
        run: async () => {
          ran.push('next');
        },
      });
      await queue.onIdle();

      expect(told).toHaveLength(1);
      expect(told[0]?.referenceId).toMatch(/^[0-9a-f]{8}$/);
      expect(told[0]?.message).toContain('did not finish within 0 s');
      expect(ran).toEqual(['next']);
      expect(queue.overdue).toMatchObject([{ deliveryId: 'stuck', repo: 'o/r', event: 'mention', referenceId: told[0]?.referenceId }]);

      release();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(queue.overdue).toEqual([]);
    });

    it('applies the deadline to the quick part too, and logs when the job cannot report it', async () => {
      const logger = recordingLogger();
      const queue = new JobQueue({ concurrency: 1, logger, deadlineMs: 30 });
      let ran = false;
      queue.enqueue({
        deliveryId: 'slow-prepare',
        repoKey: 'o/r',
        name: 'mention',
        prepare: never,
        run: async () => {
          ran = true;
        },
        onDeadline: async () => {
          throw new Error('GitHub is down');
        },
      });
      await queue.onIdle();

      expect(ran).toBe(false);
      expect(logger.lines.map((e) => e.message)).toEqual(
        expect.arrayContaining(['job passed its deadline', 'could not report the deadline']),
      );
    });
  });

  it('lets a job that finishes in time alone', async () => {
    const queue = new JobQueue({ concurrency: 1, logger: recordingLogger(), deadlineMs: 1_000 });
    let told = false;
    queue.enqueue({
      deliveryId: 'quick',
      repoKey: 'o/r',
      name: 'push',
      run: async () => undefined,
      onDeadline: async () => {
        told = true;
      },
    });
    await queue.onIdle();
    expect(told).toBe(false);
    expect(queue.overdue).toEqual([]);
  });
});
