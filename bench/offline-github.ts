import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A write the App would have made on GitHub. */
export interface RecordedWrite {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
  html_url: string;
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/**
 * GitHub answered from a local repository, for the load benchmark
 * (bench:app): reads come from the folder (config from its working tree,
 * diffs from git), writes are recorded and acknowledged, issue comments are
 * kept so a sticky comment is found again. It is a `fetch` for Octokit, so
 * the App runs unchanged through Probot; nothing leaves the machine.
 */
export class OfflineGitHub {
  readonly writes: RecordedWrite[] = [];
  private readonly comments = new Map<string, Comment[]>();
  private nextId = 1;

  constructor(
    private readonly root: string,
    private readonly options: { selfLogin: string; permission?: string; base?: string; head?: string },
  ) {}

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' && init.body.startsWith('{') ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const accept = new Headers(init?.headers).get('accept') ?? '';
    const [status, data] = this.answer(method, decodeURIComponent(url.pathname), body, accept);
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return new Response(status === 204 ? null : text, {
      status,
      headers: typeof data === 'string' ? { 'content-type': 'text/plain' } : JSON_HEADERS,
    });
  };

  /** The final state of everything written, as a person would read it on GitHub. */
  renderTranscript(): string {
    const out: string[] = [];
    for (const write of this.writes) {
      if (/\/comments\/\d+$/.test(write.path) && write.method === 'PATCH') continue; // shown once, in its final state below
      if (/\/issues\/\d+\/comments$/.test(write.path)) {
        const final = [...this.comments.values()].flat().find((c) => c.id === write.body.__id);
        out.push(
          `## ${write.method} ${write.path} (sticky comment, final state)`,
          '',
          stripMarker(final?.body ?? String(write.body.body)),
          '',
        );
      } else if (/\/reactions$/.test(write.path)) {
        out.push(`## ${write.method} ${write.path}: ${String(write.body.content)}`, '');
      } else if (/\/reviews$/.test(write.path)) {
        const comments = (write.body.comments as { path: string; line: number; body: string }[] | undefined) ?? [];
        out.push(`## ${write.method} ${write.path} (review, event ${String(write.body.event)})`, '', String(write.body.body ?? ''), '');
        for (const c of comments) out.push(`### ${c.path}:${c.line}`, c.body, '');
      } else {
        out.push(
          `## ${write.method} ${write.path}`,
          '',
          typeof write.body.body === 'string' ? write.body.body : JSON.stringify(write.body, null, 2),
          '',
        );
      }
    }
    return out.length > 0 ? out.join('\n') : 'nanodex would post nothing for this event.\n';
  }

  private answer(method: string, pathname: string, body: Record<string, unknown>, accept: string): [number, unknown] {
    if (method === 'POST' && /^\/app\/installations\/\d+\/access_tokens$/.test(pathname)) {
      return [201, { token: 'offline', expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {} }];
    }
    if (method === 'POST' && pathname === '/graphql')
      return [
        200,
        { data: { repository: { pullRequest: { reviewThreads: { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] } } } } },
      ];
    const match = /^\/repos\/[^/]+\/[^/]+(.*)$/.exec(pathname);
    const rest = match?.[1] ?? pathname;
    let m: RegExpExecArray | null;
    if (method === 'GET') {
      if (rest === '') return [200, { default_branch: this.branch(), size: 1, private: false, description: null, language: null }];
      if ((m = /^\/contents\/(.+)$/.exec(rest))) return this.readContent(m[1] ?? '');
      if (/^\/collaborators\/[^/]+\/permission$/.test(rest)) return [200, { permission: this.options.permission ?? 'admin' }];
      if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest))) return [200, this.comments.get(m[1] ?? '') ?? []];
      // A payload's shas are not in a local checkout: pull requests are the local base...head (--base/--head).
      if (/^\/compare\//.test(rest) || (/^\/pulls\/\d+$/.test(rest) && accept.includes('diff')))
        return [200, this.diff(this.base(), this.head())];
      if (/^\/pulls\/\d+$/.test(rest))
        return [
          200,
          { base: { sha: this.sha(this.base()) }, head: { sha: this.sha(this.head()) }, title: 'replayed', body: '', draft: false },
        ];
      if (/^\/pulls\/\d+\/comments$/.test(rest)) return [200, []];
      return [404, { message: `not available offline: GET ${pathname}` }];
    }
    const write: RecordedWrite = { method, path: pathname, body };
    this.writes.push(write);
    const id = this.nextId++;
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(rest)) && method === 'POST') {
      const comment = {
        id,
        body: String(body.body),
        user: { login: this.options.selfLogin, type: 'Bot' },
        html_url: `https://github.com${pathname}#issuecomment-${id}`,
      };
      this.comments.set(m[1] ?? '', [...(this.comments.get(m[1] ?? '') ?? []), comment]);
      write.body = { ...body, __id: id };
      return [201, comment];
    }
    if ((m = /^\/issues\/comments\/(\d+)$/.exec(rest)) && method === 'PATCH') {
      const comment = [...this.comments.values()].flat().find((c) => c.id === Number(m?.[1]));
      if (comment) comment.body = String(body.body);
      return [200, comment ?? {}];
    }
    if (rest === '/issues' && method === 'POST') return [201, { number: 900 + id, html_url: `https://github.com/issues/${900 + id}` }];
    return [method === 'POST' ? 201 : 200, { id, html_url: `https://github.com${pathname}#${id}`, body: body.body }];
  }

  private readContent(file: string): [number, unknown] {
    try {
      const bytes = readFileSync(path.join(this.root, ...file.split('/').filter((p) => p !== '..')));
      return [
        200,
        { type: 'file', encoding: 'base64', content: bytes.toString('base64'), path: file, name: path.basename(file), sha: 'offline' },
      ];
    } catch {
      return [404, { message: 'Not Found' }];
    }
  }

  private git(args: string[]): string | undefined {
    try {
      return execFileSync('git', ['-C', this.root, ...args], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      });
    } catch {
      return undefined; // not a git checkout, or the ref is unknown here: offline, that is an empty answer
    }
  }

  private branch(): string {
    return this.git(['rev-parse', '--abbrev-ref', 'HEAD'])?.trim() || 'main';
  }

  private base(): string {
    return this.options.base ?? this.branch();
  }

  private head(): string {
    return this.options.head ?? 'HEAD';
  }

  private sha(ref: string): string {
    return this.git(['rev-parse', ref])?.trim() || '0'.repeat(40);
  }

  private diff(base: string, head: string): string {
    return this.git(['diff', `${base}...${head}`]) ?? '';
  }
}

function stripMarker(body: string): string {
  return body.replace(/^<!-- nanodex:sticky:[^>]*-->\n?/, '');
}
