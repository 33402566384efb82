import nock from 'nock';
import { FakeCheckRuns } from '../github/fake-check-runs.js';
import { FakeGitData } from '../helpers/fake-git-data.js';

/** One request the App sent, as nock saw it. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

interface StoredComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  html_url: string;
  created_at?: string;
}

type Reply = [number, unknown, Record<string, string>?];
interface Failure {
  method: string;
  path: RegExp;
  times: number;
  reply: Reply;
}

export const API = 'https://api.github.com';

/**
 * A small stateful GitHub behind nock (real network disabled by the caller):
 * issue comments that can be listed, created and edited (so sticky comments
 * behave), collaborator permissions, the config file, pull requests, reviews
 * and diffs. Every request is recorded; a route it does not know answers 501
 * and is listed in `unknown`, which tests expect to stay empty. `failNext`
 * injects an error response for matching requests.
 */
export class FakeGitHub {
  readonly sent: SentRequest[] = [];
  readonly unknown: string[] = [];
  readonly comments = new Map<number, StoredComment[]>();
  readonly permissions = new Map<string, string>();
  readonly reactions: { commentId: number; content: string }[] = [];
  readonly issuesOpened: { title: string; body: string }[] = [];
  readonly reviews: { id: number; body: string; comments: unknown[]; event: string }[] = [];
  configText: string | undefined;
  /** Review threads GraphQL returns (resolved threads, 👎 reactions). */
  reviewThreads: unknown[] = [];
  /** What the compare endpoint answers (an incremental review's diff); the first PR's diff when unset. */
  compareDiff: string | undefined;
  pulls = new Map<number, { base: string; head: string; title: string; body: string; diff: string }>();
  /** The default branch's head and its tarball (`tar.gz`), for a TarballRepoIndexes App (the shipped one). */
  tarball: { headSha: string; bytes: Buffer } | undefined;
  /** Other commits' tarballs (a pull request's head, which a review indexes). */
  readonly tarballsAt = new Map<string, Buffer>();
  /** What GET /app answers (the App's own slug). */
  appSlug = 'nanodex';
  /** The default branch's files and the Git Data API (`@nanodex apply`). */
  readonly git: FakeGitData;
  /** Check runs on the pull requests' heads. */
  readonly checks: FakeCheckRuns;
  private nextId = 1000;
  private readonly failures: Failure[] = [];

  constructor(
    readonly owner = 'Codertocat',
    readonly repo = 'Hello-World',
  ) {
    this.git = new FakeGitData(`/repos/${owner}/${repo}`);
    this.checks = new FakeCheckRuns(`https://github.com/${owner}/${repo}`);
  }

  /** Installs the interceptors; call once per test (nock.cleanAll removes them). */
  install(): this {
    const scope = nock(API).persist();
    for (const method of ['get', 'post', 'patch', 'put', 'delete'] as const) {
      // A `function`, not an arrow: nock passes the request as `this`.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      const fake = this;
      scope[method](() => true).reply(function (uri, body) {
        return fake.answer(method.toUpperCase(), uri, body, String(this.req.headers.accept ?? '')) as unknown as nock.ReplyFnResult;
      });
    }
    return this;
  }

  failNext(method: string, path: RegExp, reply: Reply, times = 1): void {
    this.failures.push({ method, path, times, reply });
  }

  /** The bodies of one route, e.g. ('POST', /\/issues\/1\/comments$/). */
  bodies(method: string, path: RegExp): unknown[] {
    return this.sent.filter((r) => r.method === method && path.test(r.path)).map((r) => r.body);
  }

  /**
   * The App's writes as (method, GitHub's path template, body), for checking
   * against the REST description; Probot's own token requests and GraphQL are left out.
   */
  writes(): { method: string; template: string; body: unknown }[] {
    return this.sent
      .filter((r) => r.method !== 'GET' && !r.path.includes('/access_tokens') && r.path !== '/graphql')
      .map((r) => ({ method: r.method, template: toTemplate(r.path.split('?')[0] ?? ''), body: r.body }));
  }

  /** The issue's comments as GitHub would show them, marker lines included. */
  thread(issue: number): StoredComment[] {
    return this.comments.get(issue) ?? [];
  }

  /** One request, answered as GitHub would (also what serveFakeGitHub puts behind a real HTTP server). */
  answer(method: string, uri: string, raw: unknown, accept: string): Reply {
    const body = typeof raw === 'string' && raw.startsWith('{') ? (JSON.parse(raw) as unknown) : raw;
    const path = decodeURIComponent(uri.split('?')[0] ?? '');
    this.sent.push({ method, path: uri, body });
    const failure = this.failures.find((f) => f.method === method && f.path.test(path) && f.times > 0);
    if (failure) {
      failure.times -= 1;
      return failure.reply;
    }
    const repo = `/repos/${this.owner}/${this.repo}`;
    const b = (body ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(path)) {
      return [201, { token: 'ghs_test', expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {} }];
    }
    if (method === 'POST' && path === '/graphql') {
      return [
        200,
        {
          data: {
            repository: {
              pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: this.reviewThreads } },
            },
          },
        },
      ];
    }
    if (method === 'GET' && path === '/app') return [200, { id: 1, slug: this.appSlug, name: this.appSlug }];
    if (!path.startsWith(repo)) return this.unknownRoute(method, uri);
    const rest = path.slice(repo.length);
    if (this.tarball && method === 'GET' && /^\/commits\/[^/]+$/.test(rest) && accept.includes('sha')) {
      return [200, this.tarball.headSha, { 'content-type': 'application/vnd.github.sha; charset=utf-8' }];
    }
    if (this.tarball && method === 'GET' && rest === `/tarball/${this.tarball.headSha}`) {
      return [200, this.tarball.bytes, { 'content-type': 'application/x-gzip' }];
    }
    if (method === 'GET' && (m = /^\/tarball\/([0-9a-f]{40})$/.exec(rest)) && this.tarballsAt.has(m[1]!)) {
      return [200, this.tarballsAt.get(m[1]!)!, { 'content-type': 'application/x-gzip' }];
    }
    if (method === 'GET' && rest === '')
      return [200, { default_branch: 'master', size: 10, private: false, description: null, language: 'TypeScript' }];
    if (method === 'GET' && rest === '/contents/.github/nanodex.yml') {
      if (this.configText === undefined) return [404, { message: 'Not Found' }];
      return [
        200,
        {
          type: 'file',
          encoding: 'base64',
          content: Buffer.from(this.configText).toString('base64'),
          size: Buffer.byteLength(this.configText),
          path: '.github/nanodex.yml',
          name: 'nanodex.yml',
          sha: 'abc',
        },
      ];
    }
    if (method === 'GET' && (m = /^\/collaborators\/([^/]+)\/permission$/.exec(rest))) {
      const permission = this.permissions.get(m[1] ?? '');
      if (permission === undefined) return [404, { message: 'Not Found' }];
      return [
        200,
        {
          permission: permission === 'maintain' || permission === 'triage' ? (permission === 'maintain' ? 'write' : 'read') : permission,
          role_name: permission,
          user: { login: m[1] },
        },
      ];
    }
    if (method === 'POST' && (m = /^\/(?:issues|pulls)\/comments\/(\d+)\/reactions$/.exec(rest))) {
      this.reactions.push({ commentId: Number(m[1]), content: String(b.content) });
      return [201, { id: this.nextId++, content: b.content }];
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      const list = this.comments.get(Number(m[1])) ?? [];
      if (method === 'GET') return [200, list];
      const comment = {
        id: this.nextId++,
        body: String(b.body),
        user: { login: 'nanodex[bot]', type: 'Bot' },
        html_url: `https://github.com${repo}/issues/${m[1]}#issuecomment-${this.nextId}`,
        created_at: new Date().toISOString(),
      };
      this.comments.set(Number(m[1]), [...list, comment]);
      return [201, comment];
    }
    if (method === 'PATCH' && (m = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = [...this.comments.values()].flat().find((c) => c.id === Number(m?.[1]));
      if (!comment) return [404, { message: 'Not Found' }];
      comment.body = String(b.body);
      return [200, comment];
    }
    if (method === 'POST' && rest === '/issues') {
      this.issuesOpened.push({ title: String(b.title), body: String(b.body) });
      const number = 100 + this.issuesOpened.length;
      return [201, { number, html_url: `https://github.com${repo}/issues/${number}` }];
    }
    const query = new URLSearchParams(uri.split('?')[1] ?? '');
    return (
      this.checks.answer(method, rest, query, b) ??
      this.git.answer(method, rest, query, b, accept) ??
      this.answerPulls(method, rest, b, accept) ??
      this.unknownRoute(method, uri)
    );
  }

  private answerPulls(method: string, rest: string, b: Record<string, unknown>, accept: string): Reply | undefined {
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/pulls\/(\d+)$/.exec(rest))) {
      const pr = this.pulls.get(Number(m[1]));
      if (!pr) return [404, { message: 'Not Found' }];
      // The diff media type and the JSON share the route.
      if (accept.includes('diff')) return [200, pr.diff, { 'content-type': 'text/x-diff; charset=utf-8' }];
      return [200, { number: Number(m[1]), title: pr.title, body: pr.body, base: { sha: pr.base }, head: { sha: pr.head }, draft: false }];
    }
    if (method === 'GET' && /^\/compare\//.test(rest)) {
      return [200, this.compareDiff ?? [...this.pulls.values()][0]?.diff ?? '', { 'content-type': 'text/x-diff; charset=utf-8' }];
    }
    if (method === 'POST' && (m = /^\/pulls\/(\d+)\/reviews$/.exec(rest))) {
      const review = { id: this.nextId++, body: String(b.body ?? ''), comments: (b.comments as unknown[]) ?? [], event: String(b.event) };
      this.reviews.push(review);
      return [200, { id: review.id, html_url: `https://github.com/x/pull/${m[1]}#pullrequestreview-${review.id}`, body: review.body }];
    }
    if (method === 'PUT' && (m = /^\/pulls\/\d+\/reviews\/(\d+)$/.exec(rest))) {
      const review = this.reviews.find((r) => r.id === Number(m?.[1]));
      if (review) review.body = String(b.body);
      return [200, { id: Number(m[1]), body: b.body, html_url: 'https://github.com/x' }];
    }
    if (method === 'POST' && /^\/pulls\/\d+\/comments$/.test(rest)) return [201, { id: this.nextId++ }];
    if (method === 'GET' && /^\/pulls\/\d+\/comments$/.test(rest)) return [200, []];
    return undefined;
  }

  private unknownRoute(method: string, uri: string): Reply {
    this.unknown.push(`${method} ${uri}`);
    return [501, { message: `the fake GitHub has no route for ${method} ${uri}` }];
  }
}

const NAMES: Record<string, string> = {
  'check-runs': 'check_run_id',
  comments: 'comment_id',
  issues: 'issue_number',
  pulls: 'pull_number',
  reviews: 'review_id',
};

/** `/repos/o/r/issues/1/comments` -> `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
export function toTemplate(path: string): string {
  const parts = path.split('/');
  if (parts[1] === 'repos') {
    parts[2] = '{owner}';
    parts[3] = '{repo}';
  }
  return parts.map((part, i) => (/^\d+$/.test(part) ? `{${NAMES[parts[i - 1] ?? ''] ?? 'id'}}` : part)).join('/');
}
