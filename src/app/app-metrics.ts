import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HANDLED_EVENT_NAMES } from './create-app.js';

/** Event names a delivery's counter is labelled with; the header comes from anyone, and every new label value is a new series kept in memory. */
const EVENT_LABELS = new Set(['ping', ...HANDLED_EVENT_NAMES]);

/** The `event` label for an X-GitHub-Event header: a handled event or ping by name, `other` or `none`. */
export function toEventLabel(event: string | undefined): string {
  if (event === undefined) return 'none';
  return EVENT_LABELS.has(event) ? event : 'other';
}

/** Acknowledgement times: GitHub waits 10 s; the interesting part is well under one. */
const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Job times: a warm answer takes seconds, a cold index of a large repository minutes. */
const JOB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

/**
 * The App's Prometheus metrics (GET /metrics), one registry per process:
 * receivers count deliveries and time acknowledgements; workers (and the
 * in-process queue) count jobs by event and outcome, retries, and time them;
 * queue depth is read when scraped. Process metrics (RSS, event-loop lag)
 * come with prom-client's defaults.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly deliveries = new Counter({
    name: 'nanodex_webhook_deliveries_total',
    help: 'Webhook deliveries by event (handled ones and ping; other, none) and outcome (handled in one process; queued, duplicate, ignored with Redis; refused, failed)',
    labelNames: ['event', 'outcome'],
    registers: [this.registry],
  });
  readonly ackSeconds = new Histogram({
    name: 'nanodex_webhook_ack_seconds',
    help: 'From the request to its acknowledgement',
    buckets: ACK_BUCKETS,
    registers: [this.registry],
  });
  readonly jobs = new Counter({
    name: 'nanodex_jobs_total',
    help: 'Jobs finished by event and outcome (completed, failed, dead_letter, deadline, invalid)',
    labelNames: ['event', 'outcome'],
    registers: [this.registry],
  });
  readonly retries = new Counter({
    name: 'nanodex_job_retries_total',
    help: 'Attempts that failed transiently and were queued again',
    labelNames: ['event'],
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: 'nanodex_job_seconds',
    help: 'From acknowledgement to the end of the job (queueing, waiting for the repository, running)',
    labelNames: ['event'],
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  constructor(queueDepth?: () => Promise<Record<string, number>>) {
    collectDefaultMetrics({ register: this.registry });
    if (queueDepth) {
      new Gauge({
        name: 'nanodex_queue_jobs',
        help: 'Jobs in the queue by state',
        labelNames: ['state'],
        registers: [this.registry],
        async collect() {
          for (const [state, count] of Object.entries(await queueDepth())) this.set({ state }, count);
        },
      });
    }
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
