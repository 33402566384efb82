import { AsyncLocalStorage } from 'node:async_hooks';
import type { IsRetryable } from '../../core/index.js';
import type { Job, JobSink } from '../job-queue.js';

interface Scope {
  jobs: Job[];
  retryable: IsRetryable;
}

/**
 * How a Redis worker runs the App's own handlers: the handlers are loaded
 * into Probot once and put their jobs into `sink`, as they do into the
 * in-process queue; here each queued delivery runs in its own async scope,
 * which collects its jobs (concurrent deliveries never mix) and answers the
 * flows' `retryable` question for that delivery's attempt.
 */
export class DeliveryScope {
  private readonly storage = new AsyncLocalStorage<Scope>();

  readonly sink: JobSink = {
    enqueue: (job) => {
      const scope = this.storage.getStore();
      if (!scope) throw new Error(`job ${job.name} for ${job.repoKey} was enqueued outside a delivery: a worker runs jobs only inside one`);
      scope.jobs.push(job);
      return 'queued';
    },
  };

  readonly retryable: IsRetryable = (error) => this.storage.getStore()?.retryable(error) ?? false;

  /** Runs `work` with a fresh scope; `work` receives the jobs the handlers put in so far (read them after receiving). */
  run<T>(retryable: IsRetryable, work: (jobs: Job[]) => Promise<T>): Promise<T> {
    const scope: Scope = { jobs: [], retryable };
    return this.storage.run(scope, () => work(scope.jobs));
  }
}
