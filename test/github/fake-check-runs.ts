type Reply = [number, unknown, Record<string, string>?];

export interface StoredCheckRun {
  id: number;
  name: string;
  head_sha: string;
  external_id: string | null;
  status: string;
  conclusion: string | null;
  details_url: string | null;
  output: { title: string; summary: string };
  annotations: Record<string, unknown>[];
  /** Create and update requests this run received. */
  writes: number;
}

/**
 * GitHub's check runs, as both fake GitHubs serve them: create, update
 * (annotations appended, as GitHub does), list for a ref by name, and list a
 * run's annotations. `forbidden` answers every route 403, as for a token
 * without `checks` permission.
 */
export class FakeCheckRuns {
  readonly runs: StoredCheckRun[] = [];
  forbidden = false;
  private nextId = 5000;

  constructor(private readonly html = 'https://github.com/Codertocat/Hello-World') {}

  /** The runs on one head. */
  on(headSha: string): StoredCheckRun[] {
    return this.runs.filter((r) => r.head_sha === headSha);
  }

  /** `rest` is the path after `/repos/{owner}/{repo}`; undefined for a route that is not a check run's. */
  answer(method: string, rest: string, query: URLSearchParams, body: Record<string, unknown>): Reply | undefined {
    const create = method === 'POST' && rest === '/check-runs';
    const update = method === 'PATCH' ? /^\/check-runs\/(\d+)$/.exec(rest) : null;
    const list = method === 'GET' ? /^\/commits\/([^/]+)\/check-runs$/.exec(rest) : null;
    const annotations = method === 'GET' ? /^\/check-runs\/(\d+)\/annotations$/.exec(rest) : null;
    if (!create && !update && !list && !annotations) return undefined;
    if (this.forbidden) return [403, { message: 'Resource not accessible by integration' }];
    if (create) {
      const run: StoredCheckRun = {
        id: this.nextId++,
        name: String(body.name),
        head_sha: String(body.head_sha),
        external_id: typeof body.external_id === 'string' ? body.external_id : null,
        status: String(body.status ?? 'queued'),
        conclusion: typeof body.conclusion === 'string' ? body.conclusion : null,
        details_url: typeof body.details_url === 'string' ? body.details_url : null,
        output: { title: '', summary: '' },
        annotations: [],
        writes: 0,
      };
      this.runs.push(run);
      return [201, this.write(run, body)];
    }
    if (update) {
      const run = this.runs.find((r) => r.id === Number(update[1]));
      return run === undefined ? [404, { message: 'Not Found' }] : [200, this.write(run, body)];
    }
    if (list) {
      const name = query.get('check_name');
      const found = this.on(list[1] ?? '').filter((r) => name === null || r.name === name);
      return [200, { total_count: found.length, check_runs: found.map((r) => this.toApi(r)) }];
    }
    const run = this.runs.find((r) => r.id === Number(annotations?.[1]));
    if (run === undefined) return [404, { message: 'Not Found' }];
    const perPage = Number(query.get('per_page') ?? 30);
    const page = Number(query.get('page') ?? 1);
    return [200, run.annotations.slice((page - 1) * perPage, page * perPage).map((a) => ({ title: null, raw_details: null, ...a }))];
  }

  private write(run: StoredCheckRun, body: Record<string, unknown>): unknown {
    run.writes += 1;
    for (const key of ['name', 'status', 'conclusion', 'external_id', 'details_url'] as const) {
      if (typeof body[key] === 'string') (run as unknown as Record<string, unknown>)[key] = body[key];
    }
    const output = body.output as { title: string; summary: string; annotations?: Record<string, unknown>[] } | undefined;
    if (output !== undefined) {
      run.output = { title: output.title, summary: output.summary };
      // GitHub appends a request's annotations to the run's; it never replaces them.
      run.annotations.push(...(output.annotations ?? []));
    }
    return this.toApi(run);
  }

  private toApi(run: StoredCheckRun): Record<string, unknown> {
    return {
      id: run.id,
      name: run.name,
      head_sha: run.head_sha,
      external_id: run.external_id,
      status: run.status,
      conclusion: run.conclusion,
      html_url: `${this.html}/runs/${run.id}`,
      output: { ...run.output, annotations_count: run.annotations.length },
    };
  }
}
