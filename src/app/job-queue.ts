import PQueue from 'p-queue';
import type { Logger } from '../core/ports.js';

export interface Job {
  /** GitHub's delivery id (X-GitHub-Delivery): a redelivery of the same event runs nothing. */
  deliveryId: string;
  /** `owner/repo`: jobs of one repository run one at a time, in arrival order. */
  repoKey: string;
  /** For logs: the event and action. */
  name: string;
  /**
   * Quick work that must not wait for the repository (access check, 👀 reaction, the "working" comment);
   * it runs under the global limit only. Returning false ends the job there.
   */
  prepare?: () => Promise<boolean>;
  /** The work proper, one per repository at a time. */
  run: () => Promise<void>;
}

export interface JobQueueOptions {
  /** Jobs running at once across all repositories. */
  concurrency: number;
  logger: Logger;
  /** Delivery ids remembered for de-duplication; GitHub redelivers within hours, not after thousands of events. */
  rememberDeliveries?: number;
  /** Called after each job, whatever its outcome (tests and the load benchmark count runs with it). */
  onSettled?: (job: Job, outcome: 'done' | 'stopped' | 'failed') => void;
}

const DEFAULT_REMEMBERED = 10_000;

/**
 * The App's in-process work queue: a webhook handler only enqueues, so the
 * delivery is acknowledged at once; a global p-queue bounds the work and a
 * per-repository p-queue (concurrency 1) keeps one job per repository at a
 * time without holding a global slot while it waits.
 */
export class JobQueue {
  private readonly global: PQueue;
  private readonly perRepo = new Map<string, PQueue>();
  private readonly seen = new Set<string>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: JobQueueOptions) {
    this.global = new PQueue({ concurrency: options.concurrency });
  }

  /** Queues a job unless its delivery was seen before; returns at once. */
  enqueue(job: Job): 'queued' | 'duplicate' {
    if (this.seen.has(job.deliveryId)) {
      this.options.logger.info('duplicate delivery ignored', { deliveryId: job.deliveryId, event: job.name });
      return 'duplicate';
    }
    this.remember(job.deliveryId);
    // The repository's place is taken now, in arrival order; `prepare` runs beside it under the global limit
    // and opens it. (Taken after prepare, a slow prepare would let a later push be reviewed first.)
    const repoQueue = this.queueFor(job.repoKey);
    let open!: (proceed: boolean) => void;
    const prepared = new Promise<boolean>((resolve) => { open = resolve; });
    const turn = repoQueue.add(async () => {
      if (await prepared) await this.global.add(job.run);
    });
    // Start on the next turn of the event loop: the webhook's response is written before any work begins.
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.runJob(job, open, turn))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
    return 'queued';
  }

  /** Resolves once every queued job has settled (including jobs queued while waiting). */
  async onIdle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  get size(): { pending: number; running: number } {
    return { pending: this.pending.size, running: this.global.pending };
  }

  private async runJob(job: Job, open: (proceed: boolean) => void, turn: Promise<void>): Promise<void> {
    const fields = { deliveryId: job.deliveryId, event: job.name, repo: job.repoKey };
    let outcome: 'done' | 'stopped' | 'failed' = 'done';
    try {
      let proceed: boolean;
      try {
        proceed = job.prepare ? await this.global.add(job.prepare) : true;
      } catch (error) {
        open(false);
        throw error;
      }
      open(proceed);
      await turn;
      if (!proceed) outcome = 'stopped';
    } catch (error) {
      // Jobs report their own failures to the user; this is the last line, for the server log.
      outcome = 'failed';
      this.options.logger.error('job failed', { ...fields, error: error instanceof Error ? error.message : String(error) });
    } finally {
      const repoQueue = this.perRepo.get(job.repoKey);
      if (repoQueue && repoQueue.size === 0 && repoQueue.pending === 0) this.perRepo.delete(job.repoKey);
      this.options.onSettled?.(job, outcome);
    }
  }

  private queueFor(repoKey: string): PQueue {
    let queue = this.perRepo.get(repoKey);
    if (!queue) {
      queue = new PQueue({ concurrency: 1 });
      this.perRepo.set(repoKey, queue);
    }
    return queue;
  }

  private remember(deliveryId: string): void {
    this.seen.add(deliveryId);
    const limit = this.options.rememberDeliveries ?? DEFAULT_REMEMBERED;
    if (this.seen.size > limit) {
      // A Set iterates in insertion order: the first entry is the oldest.
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }
}
