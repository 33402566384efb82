import { createHash } from 'node:crypto';

type Reply = [number, unknown, Record<string, string>?];

/**
 * The default branch and the Git Data API of the fake GitHub: files at the
 * head commit, blobs, trees, commits, refs and pull requests, enough for
 * `@nanodex apply` to read files at a commit, write a branch and open a pull
 * request. Objects are named by a hash of their content, like git's.
 */
export class FakeGitData {
  readonly branch = 'master';
  /** The default branch's files (path -> text) and their mode. */
  readonly files = new Map<string, { text: string; mode: string }>();
  readonly blobs = new Map<string, string>();
  readonly trees = new Map<string, { base: string | undefined; entries: { path: string; mode: string; sha: string | null }[] }>();
  readonly commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  readonly refs = new Map<string, string>();
  readonly pullRequests: { number: number; head: string; base: string; title: string; body: string; html_url: string }[] = [];
  /** Every write answers 403, as GitHub does for a token without `contents: write`. */
  refuseWrites = false;
  headSha = 'c'.repeat(40);
  headTree = 't'.repeat(40);

  constructor(private readonly repoPath: string) {
    this.commits.set(this.headSha, { tree: this.headTree, parents: [], message: 'head' });
    this.refs.set(`heads/${this.branch}`, this.headSha);
  }

  answer(method: string, rest: string, query: URLSearchParams, b: Record<string, unknown>, accept: string): Reply | undefined {
    let m: RegExpExecArray | null;
    if (this.refuseWrites && method === 'POST' && /^\/(git\/|pulls$)/.test(rest)) {
      return [403, { message: 'Resource not accessible by integration' }];
    }
    if (method === 'GET' && (m = /^\/git\/ref\/(.+)$/.exec(rest))) {
      const sha = this.refs.get(m[1] ?? '');
      return sha ? [200, { ref: `refs/${m[1]}`, object: { sha, type: 'commit' } }] : [404, { message: 'Not Found' }];
    }
    if (method === 'GET' && (m = /^\/contents\/(.+)$/.exec(rest)) && accept.includes('raw')) {
      if (query.get('ref') !== this.headSha) return [404, { message: 'No commit found for the ref' }];
      const file = this.files.get(m[1] ?? '');
      return file ? [200, file.text, { 'content-type': 'text/plain; charset=utf-8' }] : [404, { message: 'Not Found' }];
    }
    if (method === 'GET' && (m = /^\/git\/commits\/([0-9a-f]+)$/.exec(rest))) {
      const commit = this.commits.get(m[1] ?? '');
      if (!commit) return [404, { message: 'Not Found' }];
      return [200, { sha: m[1], tree: { sha: commit.tree }, parents: commit.parents.map((sha) => ({ sha })), message: commit.message }];
    }
    if (method === 'GET' && (m = /^\/git\/trees\/([0-9a-z]+)$/.exec(rest)) && m[1] === this.headTree) {
      const tree = [...this.files].map(([path, f]) => ({ path, mode: f.mode, type: 'blob', sha: hash(f.text) }));
      return [200, { sha: this.headTree, tree, truncated: false }];
    }
    if (method === 'POST' && rest === '/git/blobs') {
      const text = Buffer.from(String(b.content), b.encoding === 'base64' ? 'base64' : 'utf8').toString('utf8');
      const sha = hash(text);
      this.blobs.set(sha, text);
      return [201, { sha, url: `https://api.github.com${this.repoPath}/git/blobs/${sha}` }];
    }
    if (method === 'POST' && rest === '/git/trees') {
      const entries = b.tree as { path: string; mode: string; sha: string | null }[];
      const sha = hash(JSON.stringify([b.base_tree, entries]));
      this.trees.set(sha, { base: b.base_tree as string | undefined, entries });
      return [201, { sha, tree: [], truncated: false }];
    }
    if (method === 'POST' && rest === '/git/commits') {
      const commit = { tree: String(b.tree), parents: b.parents as string[], message: String(b.message) };
      const sha = hash(JSON.stringify(commit));
      this.commits.set(sha, commit);
      return [201, { sha, tree: { sha: commit.tree }, parents: commit.parents.map((p) => ({ sha: p })) }];
    }
    if (method === 'POST' && rest === '/git/refs') {
      const ref = String(b.ref).replace(/^refs\//, '');
      if (this.refs.has(ref)) return [422, { message: 'Reference already exists' }];
      this.refs.set(ref, String(b.sha));
      return [201, { ref: b.ref, object: { sha: b.sha } }];
    }
    if (method === 'GET' && rest === '/pulls') {
      const head = query.get('head')?.split(':')[1];
      return [200, this.pullRequests.filter((p) => p.head === head)];
    }
    if (method === 'POST' && rest === '/pulls') {
      const number = 200 + this.pullRequests.length;
      const pr = {
        number,
        head: String(b.head),
        base: String(b.base),
        title: String(b.title),
        body: String(b.body),
        html_url: `https://github.com${this.repoPath.replace('/repos', '')}/pull/${number}`,
      };
      this.pullRequests.push(pr);
      return [201, pr];
    }
    return undefined;
  }

  /** What the branch's commit holds: the base files with the commit's tree entries on top. */
  filesOf(branch: string): Map<string, string> {
    const commit = this.commits.get(this.refs.get(`heads/${branch}`) ?? '');
    const out = new Map([...this.files].map(([p, f]) => [p, f.text]));
    for (const entry of this.trees.get(commit?.tree ?? '')?.entries ?? []) {
      if (entry.sha === null) out.delete(entry.path);
      else out.set(entry.path, this.blobs.get(entry.sha) ?? '');
    }
    return out;
  }
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
