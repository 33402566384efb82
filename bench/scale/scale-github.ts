import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it, with the issue or pull request it belongs to (undefined: config, permission, token). */
export interface SeenRequest {
  at: number;
  method: string;
  path: string;
  repo: string | undefined;
  issue: number | undefined;
}

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
  html_url: string;
  created_at: string;
}

/** The repositories' config: automatic reviews on, but no file matches, so a review reads the diff and posts one short reply. */
const CONFIG = 'review:\n  auto: true\n  include: ["no-such-folder/**"]\n';
const DIFF = 'diff --git a/src/a.ts b/src/a.ts\n--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-a\n+b\n';

/**
 * GitHub on 127.0.0.1 for `npm run bench:scale`, just enough for the light
 * jobs it sends (a mention asking for help; a pull request whose changed
 * files the config excludes): installation tokens, the config, permissions,
 * reactions, sticky comments (kept, so a rerun finds them by marker), the
 * diff. Its throttle: at most `maxConcurrent` requests are answered at once,
 * each after `latencyMs`, as a rate-limited GitHub seen over a network.
 */
export class ScaleGitHub {
  readonly seen: SeenRequest[] = [];
  readonly unknown: string[] = [];
  /** Comments by `owner/repo#n`, with how many were created there (a duplicate reply makes it more than 1). */
  readonly comments = new Map<string, Comment[]>();
  readonly created = new Map<string, number>();
  private nextId = 1;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: { selfLogin: string; latencyMs: number; maxConcurrent: number }) {}

  async serve(): Promise<{ url: string; server: Server }> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.throttled(async () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
          const [status, data, type] = this.answer(
            request.method ?? 'GET',
            decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'),
            body,
          );
          if (response.destroyed) return;
          response.writeHead(status, { 'content-type': type ?? 'application/json; charset=utf-8' });
          response.end(typeof data === 'string' ? data : JSON.stringify(data));
        });
      });
    });
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }

  /** The final (latest) body of each thread's comments. */
  finalBodies(key: string): string[] {
    return (this.comments.get(key) ?? []).map((c) => c.body);
  }

  private async throttled(work: () => Promise<void>): Promise<void> {
    if (this.active >= this.options.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.options.latencyMs));
      await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private answer(method: string, path: string, body: Record<string, unknown>): [number, unknown, string?] {
    const repoMatch = /^\/repos\/([^/]+\/[^/]+)(\/.*)?$/.exec(path);
    const repo = repoMatch?.[1];
    const rest = repoMatch?.[2] ?? '';
    const issueMatch = /^\/(?:issues|pulls)\/(\d+)/.exec(rest);
    const reactionMatch = /^\/issues\/comments\/(\d+)\/reactions$/.exec(rest);
    // Comment ids of the deliveries are 1e6 + issue number: a reaction belongs to its issue.
    const issue = issueMatch ? Number(issueMatch[1]) : reactionMatch ? Number(reactionMatch[1]) - 1_000_000 : undefined;
    this.seen.push({ at: Date.now(), method, path, repo, issue });

    if (method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(path))
      return [201, { token: 'ghs_bench', expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {} }];
    if (method === 'GET' && path === '/app') return [200, { id: 1, slug: this.options.selfLogin.replace('[bot]', '') }];
    if (!repo) return this.notFound(method, path);
    if (method === 'GET' && rest === '/contents/.github/nanodex.yml')
      return [
        200,
        {
          type: 'file',
          encoding: 'base64',
          content: Buffer.from(CONFIG).toString('base64'),
          size: CONFIG.length,
          path: '.github/nanodex.yml',
          name: 'nanodex.yml',
          sha: 'c',
        },
      ];
    const permission = /^\/collaborators\/([^/]+)\/permission$/.exec(rest);
    if (method === 'GET' && permission) return [200, { permission: 'admin', role_name: 'admin', user: { login: permission[1] } }];
    if (method === 'POST' && reactionMatch) return [201, { id: this.nextId++, content: body.content }];
    const thread = /^\/issues\/(\d+)\/comments$/.exec(rest);
    if (thread) {
      const key = `${repo}#${thread[1]}`;
      if (method === 'GET') return [200, this.comments.get(key) ?? []];
      if (method === 'POST') {
        const comment = this.newComment(String(body.body ?? ''));
        this.comments.set(key, [...(this.comments.get(key) ?? []), comment]);
        this.created.set(key, (this.created.get(key) ?? 0) + 1);
        return [201, comment];
      }
    }
    const edit = /^\/issues\/comments\/(\d+)$/.exec(rest);
    if (edit && method === 'PATCH') {
      const found = [...this.comments.values()].flat().find((c) => c.id === Number(edit[1]));
      if (!found) return [404, { message: 'Not Found' }];
      found.body = String(body.body ?? '');
      return [200, found];
    }
    if (method === 'GET' && /^\/pulls\/\d+$/.test(rest)) return [200, DIFF, 'text/plain; charset=utf-8'];
    if (method === 'GET' && /^\/compare\//.test(rest)) return [200, DIFF, 'text/plain; charset=utf-8'];
    return this.notFound(method, path);
  }

  private newComment(body: string): Comment {
    const id = this.nextId++;
    return {
      id,
      body,
      user: { login: this.options.selfLogin, type: 'Bot' },
      html_url: `https://github.com/bench/comment-${id}`,
      created_at: new Date().toISOString(),
    };
  }

  private notFound(method: string, path: string): [number, unknown] {
    this.unknown.push(`${method} ${path}`);
    return [404, { message: 'Not Found' }];
  }
}
