import PQueue from 'p-queue';
import { describeError, newReferenceId, type Logger } from '../core/index.js';
import { BoundedSet } from './bounded-set.js';

/** The job ran past the queue's deadline, or the server stopped before it finished; its slot is freed and the user is told. */
export class JobDeadlineError extends Error {
  /** What the person who asked reads, with the reference id. */
  readonly userMessage: string;

  constructor(
    readonly deadlineMs: number,
    readonly why: 'deadline' | 'shutdown' = 'deadline',
  ) {
    super(
      why === 'deadline'
        ? `the job ran longer than its deadline (${deadlineMs} ms)`
        : `the server stopped after waiting ${deadlineMs} ms for the job`,
    );
    this.name = 'JobDeadlineError';
    const limit = deadlineMs < 120_000 ? `${Math.round(deadlineMs / 1000)} s` : `${Math.round(deadlineMs / 60_000)} min`;
    this.userMessage =
      why === 'deadline'
        ? `nanodex did not finish within ${limit}, the server's deadline for one job (NANODEX_JOB_DEADLINE_MS); ask again later, or with a smaller request`
        : 'nanodex was restarting (a deploy or a shutdown) before it finished this request; ask again in a minute';
  }
}

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
  /**
   * Called once if `prepare` or `run` passes the queue's deadline: tell the user (a failure reply
   * with the reference id) and ignore whatever the stuck work does later. Its slot is freed.
   */
  onDeadline?: (failure: { referenceId: string; message: string }) => Promise<void>;
}

/** The port the App's handlers put their jobs into: the in-process JobQueue, or a Redis worker's per-delivery runner. */
export interface JobSink {
  /** Takes the job (or drops a duplicate delivery); returns at once. */
  enqueue(job: Job): 'queued' | 'duplicate';
}

/** A job past its deadline whose work has not settled yet (shown on /healthz). */
export interface OverdueJob {
  deliveryId: string;
  event: string;
  repo: string;
  referenceId: string;
  /** When the deadline passed (ms since the epoch). */
  overdueSince: number;
}

export interface JobQueueOptions {
  /** Jobs running at once across all repositories. */
  concurrency: number;
  logger: Logger;
  /** Delivery ids remembered for de-duplication; GitHub redelivers within hours, not after thousands of events. */
  rememberDeliveries?: number;
  /** Called after each job, whatever its outcome (tests and the load benchmark count runs with it). */
  onSettled?: (job: Job, outcome: 'done' | 'stopped' | 'failed') => void;
  /** Longest `prepare`, and longest `run`, before the job is failed and its slot freed; unset: no deadline. */
  deadlineMs?: number;
}

const DEFAULT_REMEMBERED = 10_000;

/**
 * The App's in-process work queue: a webhook handler only enqueues, so the
 * delivery is acknowledged at once; a global p-queue bounds the work and a
 * per-repository p-queue (concurrency 1) keeps one job per repository at a
 * time without holding a global slot while it waits.
 */
export class JobQueue implements JobSink {
  private readonly global: PQueue;
  private readonly perRepo = new Map<string, PQueue>();
  private readonly seen: BoundedSet<string>;
  private readonly pending = new Set<Promise<void>>();
  private readonly overdueJobs = new Map<Job, OverdueJob>();
  /** Jobs whose work is running now, each with the way to give up on it (the deadline, or a shutdown). */
  private readonly active = new Map<Job, (error: JobDeadlineError) => void>();

  constructor(private readonly options: JobQueueOptions) {
    this.global = new PQueue({ concurrency: options.concurrency });
    this.seen = new BoundedSet(options.rememberDeliveries ?? DEFAULT_REMEMBERED);
  }

  /** Queues a job unless its delivery was seen before; returns at once. */
  enqueue(job: Job): 'queued' | 'duplicate' {
    if (this.seen.has(job.deliveryId)) {
      this.options.logger.info('duplicate delivery ignored', { deliveryId: job.deliveryId, event: job.name });
      return 'duplicate';
    }
    this.seen.add(job.deliveryId);
    // The repository's place is taken now, in arrival order; `prepare` runs beside it under the global limit
    // and opens it. (Taken after prepare, a slow prepare would let a later push be reviewed first.)
    const repoQueue = this.queueFor(job.repoKey);
    let open!: (proceed: boolean) => void;
    const prepared = new Promise<boolean>((resolve) => {
      open = resolve;
    });
    const turn = repoQueue.add(async () => {
      if (await prepared) await this.global.add(() => this.withDeadline(job, job.run));
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

  /** Jobs past their deadline whose work is still going: a process with any is unhealthy. */
  get overdue(): OverdueJob[] {
    return [...this.overdueJobs.values()];
  }

  private async runJob(job: Job, open: (proceed: boolean) => void, turn: Promise<void>): Promise<void> {
    const fields = { deliveryId: job.deliveryId, event: job.name, repo: job.repoKey };
    let outcome: 'done' | 'stopped' | 'failed' = 'done';
    try {
      let proceed: boolean;
      try {
        const { prepare } = job;
        proceed = prepare ? await this.global.add(() => this.withDeadline(job, prepare)) : true;
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
      this.options.logger.error('job failed', { ...fields, error: describeError(error) });
    } finally {
      const repoQueue = this.perRepo.get(job.repoKey);
      if (repoQueue && repoQueue.size === 0 && repoQueue.pending === 0) this.perRepo.delete(job.repoKey);
      this.options.onSettled?.(job, outcome);
    }
  }

  /**
   * The work, or a JobDeadlineError once the deadline passes. JavaScript cannot stop the work
   * itself: it is left to settle on its own (every GitHub and model call has a timeout, so it
   * will), its slot is freed, and until it settles it is listed as overdue.
   */
  private async withDeadline<T>(job: Job, work: () => Promise<T>): Promise<T> {
    const { deadlineMs } = this.options;
    const running = work();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      this.active.set(job, reject);
      if (deadlineMs !== undefined) timer = setTimeout(() => reject(new JobDeadlineError(deadlineMs)), deadlineMs);
    });
    try {
      return await Promise.race([running, deadline]);
    } catch (error) {
      if (error instanceof JobDeadlineError) await this.markOverdue(job, running, error);
      throw error;
    } finally {
      clearTimeout(timer);
      this.active.delete(job);
    }
  }

  /**
   * For a shutdown within `totalMs`: lets the queued and running jobs finish
   * for most of it; then starts no new job, gives up on those still running
   * (each tells its user, with a reference id, that the server restarted) and
   * spends the rest waiting for those replies. Jobs that never started are
   * logged: their webhooks were answered, and only a redelivery brings them back.
   */
  async drain(totalMs: number): Promise<void> {
    const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms).unref());
    const graceMs = Math.round(totalMs * 0.6);
    await Promise.race([this.onIdle(), wait(graceMs)]);
    if (this.pending.size === 0) return;
    this.global.pause();
    this.options.logger.warn('shutdown: giving up on unfinished jobs', {
      running: this.active.size,
      notStarted: this.pending.size - this.active.size,
    });
    for (const stop of this.active.values()) stop(new JobDeadlineError(graceMs, 'shutdown'));
    await Promise.race([Promise.allSettled([...this.pending]), wait(totalMs - graceMs)]);
  }

  private async markOverdue(job: Job, running: Promise<unknown>, error: JobDeadlineError): Promise<void> {
    const referenceId = newReferenceId();
    this.overdueJobs.set(job, { deliveryId: job.deliveryId, event: job.name, repo: job.repoKey, referenceId, overdueSince: Date.now() });
    this.options.logger.error('job passed its deadline', {
      deliveryId: job.deliveryId,
      event: job.name,
      repo: job.repoKey,
      referenceId,
      error: error.message,
    });
    running.then(
      () => this.overdueJobs.delete(job),
      () => this.overdueJobs.delete(job),
    );
    try {
      await job.onDeadline?.({ referenceId, message: error.userMessage });
    } catch (replyError) {
      this.options.logger.error('could not report the deadline', {
        deliveryId: job.deliveryId,
        referenceId,
        error: describeError(replyError),
      });
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
}
