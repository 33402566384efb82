import { checkRequestBody } from '../github/check-request-body.js';
import { FakeGitData } from '../helpers/fake-git-data.js';
import { FakeCheckRuns } from '../github/fake-check-runs.js';

export interface RecordedCall {
  method: string;
  /** The REST route template that matched, e.g. 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments'. */
  route: string;
  path: string;
  /** The query string's parameters, e.g. `{ ref: 'master' }` for a contents read. */
  query: Record<string, string>;
  body: unknown;
}

interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Comment {
  id: number;
  issue: number;
  body: string;
  html_url: string;
  user: { login: string; type: string };
}

/**
 * A small GitHub: enough REST (and the one GraphQL query) for a mention and a
 * review, with state (comments live between calls). The same handler answers
 * nock in process and a local HTTP server for the Action run as a child, and
 * every JSON body it receives is checked against GitHub's REST description.
 */
export class FakeGitHub {
  readonly calls: RecordedCall[] = [];
  readonly comments: Comment[] = [];
  permission = 'write';
  diff = '';
  /** The default branch's name: the only ref the contents API answers for. */
  defaultBranch = 'master';
  /** The default branch's files (path -> text), as the contents API serves them. */
  readonly files = new Map<string, string>();
  /** Pull requests by number, as `GET /pulls/{n}` answers in JSON (the diff media type gets `diff`). */
  readonly pulls = new Map<number, unknown>();
  /** Routes that answer with this status instead (e.g. 403 to see a failure). */
  readonly failures = new Map<string, number>();
  /** The Git Data API and pull requests (`@nanodex apply`), over its own files at the default branch's head. */
  readonly git: FakeGitData;
  /** Check runs on the pull requests' heads. */
  readonly checks: FakeCheckRuns;
  private nextId = 1000;

  constructor(
    readonly repo: { owner: string; repo: string },
    readonly html = 'https://github.com',
  ) {
    this.git = new FakeGitData(`/repos/${repo.owner}/${repo.repo}`);
    this.checks = new FakeCheckRuns(`${html}/${repo.owner}/${repo.repo}`);
  }

  handle(method: string, url: string, body: unknown, headers: Record<string, string | string[] | undefined> = {}): Reply {
    const parsed = new URL(url, 'http://x');
    const path = parsed.pathname.replace(/^\/api\/v3/, '');
    const viaGit = this.answerGit(method, path, parsed.searchParams, body, String(headers.accept ?? ''));
    if (viaGit !== undefined) return viaGit;
    const found = ROUTES.find(([m, template]) => m === method && toPattern(template).test(path));
    if (found === undefined) return { status: 404, body: { message: `FakeGitHub has no ${method} ${path}` } };
    const route = `${found[0]} ${found[1]}`;
    const query = Object.fromEntries(parsed.searchParams);
    this.calls.push({ method, route, path, query, body });
    if (body !== undefined && body !== '' && found[1] !== '/graphql') checkRequestBody(method, found[1], body);
    const status = this.failures.get(route);
    if (status !== undefined) return { status, body: { message: `FakeGitHub was told to fail ${route}` } };
    const params = Object.fromEntries(
      Object.entries(toPattern(found[1]).exec(path)?.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
    );
    if (route === 'GET /repos/{owner}/{repo}/contents/{path}') return this.contents(params.path ?? '', query.ref);
    if (found[1].includes('check-runs')) {
      const rest = decodeURIComponent(path.slice(`/repos/${this.repo.owner}/${this.repo.repo}`.length));
      const [checkStatus, checkBody] = this.checks.answer(method, rest, parsed.searchParams, (body ?? {}) as Record<string, unknown>) ?? [
        404,
        { message: 'Not Found' },
      ];
      return { status: checkStatus, body: checkBody };
    }
    if (route === 'GET /repos/{owner}/{repo}/pulls/{pull_number}' && !String(headers.accept ?? '').includes('diff')) {
      const pull = this.pulls.get(Number(params.pull_number));
      return pull === undefined ? { status: 404, body: { message: 'Not Found' } } : { status: 200, body: pull };
    }
    return this.answer(route, params, body as Record<string, unknown>);
  }

  /** A file (base64 in lines of 60, as GitHub sends it) or a folder's listing, on the default branch only. */
  private contents(path: string, ref: string | undefined): Reply {
    if (ref !== this.defaultBranch)
      return {
        status: 500,
        body: { message: `FakeGitHub serves contents on ${this.defaultBranch} only, not ${ref ?? 'the default ref'}` },
      };
    const entry = (type: 'file' | 'dir', entryPath: string, size = 0) => ({
      type,
      size,
      name: entryPath.split('/').at(-1),
      path: entryPath,
      sha: '0'.repeat(40),
      url: '',
      html_url: null,
      git_url: null,
      download_url: null,
      _links: { self: '', git: null, html: null },
    });
    const text = this.files.get(path);
    if (text !== undefined) {
      const content = Buffer.from(text).toString('base64').replace(/.{60}/g, '$&\n');
      return { status: 200, body: { ...entry('file', path, Buffer.byteLength(text)), encoding: 'base64', content } };
    }
    const children = new Map<string, ReturnType<typeof entry>>();
    for (const [file, fileText] of this.files) {
      if (!file.startsWith(`${path}/`)) continue;
      const [name = '', ...rest] = file.slice(path.length + 1).split('/');
      children.set(name, rest.length === 0 ? entry('file', file, Buffer.byteLength(fileText)) : entry('dir', `${path}/${name}`));
    }
    return children.size === 0 ? { status: 404, body: { message: 'Not Found' } } : { status: 200, body: [...children.values()] };
  }

  /** The repository itself and the Git Data routes, recorded and checked like the others. */
  private answerGit(method: string, path: string, query: URLSearchParams, body: unknown, accept: string): Reply | undefined {
    const prefix = `/repos/${this.repo.owner}/${this.repo.repo}`;
    if (!path.startsWith(prefix)) return undefined;
    const rest = decodeURIComponent(path.slice(prefix.length));
    const record = () => {
      const route = `${method} /repos/{owner}/{repo}${/^\/(git\/|pulls$)/.test(rest) && method === 'POST' ? rest : rest.replace(/\/[^/]+$/, '/{…}')}`;
      this.calls.push({ method, route, path, query: Object.fromEntries(query), body });
      if (method !== 'GET' && body !== undefined && body !== '') checkRequestBody(method, `/repos/{owner}/{repo}${rest}`, body);
    };
    if (method === 'GET' && rest === '') {
      record();
      return { status: 200, body: { default_branch: this.defaultBranch, private: false } };
    }
    const answered = this.git.answer(method, rest, query, (body ?? {}) as Record<string, unknown>, accept);
    if (answered === undefined) return undefined;
    record();
    return { status: answered[0], body: answered[1], headers: answered[2] };
  }

  callsTo(route: string): RecordedCall[] {
    return this.calls.filter((c) => c.route === route);
  }

  private answer(route: string, p: Record<string, string>, body: Record<string, unknown>): Reply {
    const base = `${this.html}/${this.repo.owner}/${this.repo.repo}`;
    switch (route) {
      case 'GET /repos/{owner}/{repo}/collaborators/{username}/permission':
        return { status: 200, body: { permission: this.permission, role_name: this.permission, user: { login: p.username } } };
      case 'POST /repos/{owner}/{repo}/issues/comments/{comment_id}/reactions':
      case 'POST /repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions':
        return { status: 201, body: { id: this.nextId++, content: body.content } };
      case 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments':
        return { status: 200, body: this.comments.filter((c) => c.issue === Number(p.issue_number)) };
      case 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': {
        const id = this.nextId++;
        const comment = {
          id,
          issue: Number(p.issue_number),
          body: String(body.body),
          html_url: `${base}/issues/${p.issue_number}#issuecomment-${id}`,
          user: { login: 'github-actions[bot]', type: 'Bot' },
        };
        this.comments.push(comment);
        return { status: 201, body: comment };
      }
      case 'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': {
        const comment = this.comments.find((c) => c.id === Number(p.comment_id));
        if (comment === undefined) return { status: 404, body: { message: 'Not Found' } };
        comment.body = String(body.body);
        return { status: 200, body: comment };
      }
      case 'POST /repos/{owner}/{repo}/issues':
        return { status: 201, body: { number: 77, html_url: `${base}/issues/77` } };
      case 'GET /repos/{owner}/{repo}/pulls/{pull_number}':
      case 'GET /repos/{owner}/{repo}/compare/{basehead}':
        return { status: 200, body: this.diff, headers: { 'content-type': 'text/plain; charset=utf-8' } };
      case 'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews': {
        const id = this.nextId++;
        return { status: 200, body: { id, html_url: `${base}/pull/${p.pull_number}#pullrequestreview-${id}`, body: body.body } };
      }
      case 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}':
        return {
          status: 200,
          body: { id: Number(p.review_id), html_url: `${base}/pull/${p.pull_number}#pullrequestreview-${p.review_id}` },
        };
      case 'POST /repos/{owner}/{repo}/pulls/{pull_number}/comments':
        return { status: 201, body: { id: this.nextId++ } };
      case 'POST /graphql':
        return {
          status: 200,
          body: {
            data: { repository: { pullRequest: { reviewThreads: { nodes: [], pageInfo: { hasNextPage: false, endCursor: null } } } } },
          },
        };
      default:
        return { status: 500, body: { message: `FakeGitHub route ${route} has no answer` } };
    }
  }
}

const ROUTES: [string, string][] = [
  ['GET', '/repos/{owner}/{repo}/contents/{path}'],
  ['GET', '/repos/{owner}/{repo}/collaborators/{username}/permission'],
  ['POST', '/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions'],
  ['POST', '/repos/{owner}/{repo}/pulls/comments/{comment_id}/reactions'],
  ['GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments'],
  ['PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}'],
  ['POST', '/repos/{owner}/{repo}/issues'],
  ['GET', '/repos/{owner}/{repo}/pulls/{pull_number}'],
  ['GET', '/repos/{owner}/{repo}/compare/{basehead}'],
  ['POST', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews'],
  ['PUT', '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}'],
  ['POST', '/repos/{owner}/{repo}/pulls/{pull_number}/comments'],
  ['POST', '/graphql'],
  ['POST', '/repos/{owner}/{repo}/check-runs'],
  ['PATCH', '/repos/{owner}/{repo}/check-runs/{check_run_id}'],
  ['GET', '/repos/{owner}/{repo}/commits/{ref}/check-runs'],
  ['GET', '/repos/{owner}/{repo}/check-runs/{check_run_id}/annotations'],
];

function toPattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
}
