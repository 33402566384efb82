/**
 * A GitHub on loopback that serves one repository as a tarball, for the
 * App's cold path in `npm run bench` (cold-mention.ts): the shipped App
 * (`node dist/src/app/main.js`) is pointed at it with GITHUB_API_URL, so it
 * runs unchanged, Probot and Octokit included. It answers what a mention
 * needs (token, repository, head sha, tarball, permission, config, comments,
 * reactions), records each comment write with the time it arrived, and
 * answers 404 to anything else, listing it in `unknown`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An issue comment the App wrote (POST) or updated (PATCH), and when it arrived (performance.now() of this process). */
export interface CommentWrite {
  method: 'POST' | 'PATCH';
  body: string;
  at: number;
}

export interface TarballRepo {
  owner: string;
  repo: string;
  headSha: string;
  tarball: Buffer;
}

type Answer = [number, unknown, string?];

export class TarballGitHub {
  readonly writes: CommentWrite[] = [];
  readonly unknown: string[] = [];
  private readonly comments = new Map<number, { id: number; body: string }>();
  private nextId = 1000;
  private server: Server | undefined;
  /** Called after each comment write is recorded. */
  onWrite: (() => void) | undefined;

  constructor(private readonly repo: TarballRepo) {}

  async listen(): Promise<string> {
    this.server = createServer((request, response) => {
      void readBody(request).then((text) => {
        const [status, body, type] = this.answer(request.method ?? 'GET', request.url ?? '/', text, String(request.headers.accept ?? ''));
        const payload = Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : JSON.stringify(body);
        response.writeHead(status, { 'content-type': type ?? 'application/json; charset=utf-8' }).end(payload);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The URL the baseline downloads the same bytes from. */
  tarballPath(): string {
    return `/repos/${this.repo.owner}/${this.repo.repo}/tarball/${this.repo.headSha}`;
  }

  /** Forgets the comments of the last run: the next App starts a new thread. */
  reset(): void {
    this.writes.length = 0;
    this.comments.clear();
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  }

  private answer(method: string, url: string, text: string, accept: string): Answer {
    const path = decodeURIComponent(url.split('?')[0] ?? '');
    const { owner, repo, headSha, tarball } = this.repo;
    const prefix = `/repos/${owner}/${repo}`;
    if (method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(path))
      return [201, { token: 'ghs_bench', expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {} }];
    if (method === 'GET' && path === '/app') return [200, { id: 1, slug: 'nanodex', name: 'nanodex' }];
    if (method === 'POST' && path === '/graphql') return [200, { data: {} }];
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    let m: RegExpExecArray | null;
    if (rest === undefined) return this.unknownRoute(method, url);
    if (method === 'GET' && rest === '')
      return [
        200,
        { default_branch: 'master', size: Math.round(tarball.length / 1024), private: false, description: null, language: 'Python' },
      ];
    if (method === 'GET' && /^\/commits\/[^/]+$/.test(rest) && accept.includes('sha'))
      return [200, headSha, 'application/vnd.github.sha; charset=utf-8'];
    if (method === 'GET' && rest === `/tarball/${headSha}`) return [200, tarball, 'application/x-gzip'];
    if (method === 'GET' && rest.startsWith('/contents/')) return [404, { message: 'Not Found' }];
    if (method === 'GET' && (m = /^\/collaborators\/([^/]+)\/permission$/.exec(rest)))
      return [200, { permission: 'admin', role_name: 'admin', user: { login: m[1] } }];
    if (method === 'POST' && /^\/(?:issues|pulls)\/comments\/\d+\/reactions$/.test(rest)) return [201, { id: this.nextId++ }];
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) {
      if (method === 'GET') return [200, [...this.comments.values()].map((c) => this.toComment(c, Number(m![1])))];
      if (method === 'POST') {
        const comment = { id: this.nextId++, body: readCommentBody(text) };
        this.comments.set(comment.id, comment);
        this.record('POST', comment.body);
        return [201, this.toComment(comment, Number(m[1]))];
      }
    }
    if (method === 'PATCH' && (m = /^\/issues\/comments\/(\d+)$/.exec(rest))) {
      const comment = this.comments.get(Number(m[1]));
      if (!comment) return [404, { message: 'Not Found' }];
      comment.body = readCommentBody(text);
      this.record('PATCH', comment.body);
      return [200, this.toComment(comment, 1)];
    }
    return this.unknownRoute(method, url);
  }

  private record(method: CommentWrite['method'], body: string): void {
    this.writes.push({ method, body, at: performance.now() });
    this.onWrite?.();
  }

  private toComment(comment: { id: number; body: string }, issue: number): Record<string, unknown> {
    const { owner, repo } = this.repo;
    return {
      id: comment.id,
      body: comment.body,
      user: { login: 'nanodex[bot]', type: 'Bot' },
      html_url: `https://github.com/${owner}/${repo}/issues/${issue}#issuecomment-${comment.id}`,
      created_at: new Date().toISOString(),
    };
  }

  private unknownRoute(method: string, url: string): Answer {
    this.unknown.push(`${method} ${url}`);
    return [404, { message: `not served by the bench's GitHub: ${method} ${url}` }];
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function readCommentBody(text: string): string {
  try {
    return String((JSON.parse(text) as { body?: unknown }).body ?? '');
  } catch {
    return '';
  }
}

/** The write that carries the answer: the first comment write that is not the "working" placeholder. */
export function findAnswerWrite(writes: CommentWrite[], workingText: string): CommentWrite | undefined {
  return writes.find((w) => w.body.length > 0 && !w.body.includes(workingText));
}
