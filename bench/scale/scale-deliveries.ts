import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { BENCH_SECRET } from './scale-processes.js';

const require = createRequire(import.meta.url);
const EXAMPLES = require('@octokit/webhooks-examples') as { name: string; examples: Record<string, unknown>[] }[];

export interface BenchDelivery {
  id: string;
  event: 'issue_comment' | 'pull_request';
  repo: string;
  /** The issue or pull request the job answers on: unique per delivery, so each job has its own thread. */
  issue: number;
  body: string;
  /** A redelivery of an earlier delivery (same id and body): must be acknowledged and dropped. */
  redelivery: boolean;
}

const INSTALLATIONS = 5;

function example(name: string, action: string): Record<string, unknown> {
  const found = EXAMPLES.find((e) => e.name === name)?.examples.find((e) => e.action === action);
  if (!found) throw new Error(`@octokit/webhooks-examples has no ${name}.${action}`);
  return found;
}

/**
 * `count` deliveries built from GitHub's recorded payloads (issue_comment.created
 * asking `@nanodex help`, pull_request.opened), spread over `repos`
 * repositories and five installations; every tenth is a redelivery of an
 * earlier one.
 */
export function buildDeliveries(count: number, repos: number): BenchDelivery[] {
  const comment = example('issue_comment', 'created');
  const pull = example('pull_request', 'opened');
  const out: BenchDelivery[] = [];
  const fresh: BenchDelivery[] = [];
  for (let i = 0; out.length < count; i++) {
    if (i % 10 === 9 && fresh.length > 0) {
      const earlier = fresh[(i * 7919) % fresh.length] as BenchDelivery;
      out.push({ ...earlier, redelivery: true });
      continue;
    }
    const r = i % repos;
    const repoName = `repo-${r}`;
    const repository = {
      ...(comment.repository as Record<string, unknown>),
      id: 1000 + r,
      name: repoName,
      full_name: `bench/${repoName}`,
      owner: { ...((comment.repository as { owner: Record<string, unknown> }).owner ?? {}), login: 'bench' },
      private: false,
      default_branch: 'main',
      html_url: `https://github.com/bench/${repoName}`,
    };
    const installation = { id: 100 + (r % INSTALLATIONS), node_id: 'x' };
    const issue = i + 1;
    const isMention = i % 3 !== 2;
    let payload: Record<string, unknown>;
    if (isMention) {
      const c = structuredClone(comment) as Record<string, unknown> & { issue: Record<string, unknown>; comment: Record<string, unknown> };
      c.repository = repository;
      c.installation = installation;
      c.issue = { ...c.issue, number: issue };
      delete c.issue.pull_request;
      c.comment = {
        ...c.comment,
        id: 1_000_000 + issue,
        body: '@nanodex help',
        user: { ...(c.comment.user as object), login: 'Codertocat', type: 'User' },
      };
      payload = c;
    } else {
      const p = structuredClone(pull) as Record<string, unknown> & { pull_request: Record<string, unknown> };
      p.repository = repository;
      p.installation = installation;
      p.number = issue;
      p.pull_request = {
        ...p.pull_request,
        number: issue,
        draft: false,
        head: { ...(p.pull_request.head as object), sha: `${issue}`.padStart(40, 'a') },
        base: { ...(p.pull_request.base as object), sha: 'b'.repeat(40) },
      };
      payload = p;
    }
    const delivery: BenchDelivery = {
      id: `bench-${i}`,
      event: isMention ? 'issue_comment' : 'pull_request',
      repo: `bench/${repoName}`,
      issue,
      body: JSON.stringify(payload),
      redelivery: false,
    };
    fresh.push(delivery);
    out.push(delivery);
  }
  return out;
}

/** POSTs one delivery signed as GitHub does; returns the status and the time to the acknowledgement. */
export async function send(url: string, delivery: BenchDelivery): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/github/webhooks`, {
    method: 'POST',
    body: delivery.body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': delivery.event,
      'x-github-delivery': delivery.id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', BENCH_SECRET).update(delivery.body).digest('hex')}`,
    },
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}
