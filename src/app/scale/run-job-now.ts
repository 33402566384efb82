import { describeError, newReferenceId, type Logger } from '../../core/index.js';
import { JobDeadlineError, type Job } from '../job-queue.js';

export type JobOutcome = 'done' | 'stopped';

/**
 * A handler's job run at once, in a Redis worker (which already holds the
 * repository's turn): `prepare`, then `run`, each within the deadline. At the
 * deadline the person is told (onDeadline, with a reference id) and a
 * JobDeadlineError is thrown; the stuck work is left to settle on its own
 * (every GitHub and model call has a timeout) and writes nothing more
 * (guardWrites). Any other error is thrown as it came.
 */
export async function runJobNow(job: Job, options: { deadlineMs: number; logger: Logger }): Promise<JobOutcome> {
  const proceed = job.prepare ? await withDeadline(job, job.prepare, options) : true;
  if (!proceed) return 'stopped';
  await withDeadline(job, job.run, options);
  return 'done';
}

async function withDeadline<T>(job: Job, work: () => Promise<T>, options: { deadlineMs: number; logger: Logger }): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new JobDeadlineError(options.deadlineMs)), options.deadlineMs);
  });
  const running = work();
  try {
    return await Promise.race([running, deadline]);
  } catch (error) {
    if (error instanceof JobDeadlineError) {
      // The work goes on in the background; its rejection, if any, must not crash the process.
      running.catch(() => undefined);
      const referenceId = newReferenceId();
      options.logger.error('job passed its deadline', { deliveryId: job.deliveryId, event: job.name, repo: job.repoKey, referenceId });
      await job.onDeadline?.({ referenceId, message: error.userMessage }).catch((replyError: unknown) => {
        options.logger.error('could not report the deadline', {
          deliveryId: job.deliveryId,
          referenceId,
          error: describeError(replyError),
        });
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
