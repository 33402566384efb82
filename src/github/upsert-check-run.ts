import { redactStrings, systemClock, type CheckRunPosted, type CheckRunToPost } from '../core/index.js';
import { annotationKey, CHECK_RUN_EXTERNAL_ID, toCheckRunRequests } from './check-run-requests.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';

/** Pages of a run's annotations read back before an update (100 each: more than MAX_ANNOTATIONS). */
const ANNOTATION_PAGES = 6;

const FORBIDDEN =
  'the token may not write check runs (HTTP 403): give the App the "Checks: read and write" permission and accept it on the installation, ' +
  "or add `checks: write` to the workflow's `permissions`";

/**
 * Creates the head's "nanodex review" check run, or updates the one nanodex
 * posted there before (found by its external id, or by `knownId`), so a
 * re-review never adds a second run. Every text is redacted first, the last
 * step before it leaves. A 403 that is not a rate limit answers
 * `not-permitted` instead of throwing: the check run is never worth failing
 * the review.
 */
export async function upsertCheckRun(
  client: GitHubClient,
  target: RepoCoords,
  unredacted: CheckRunToPost,
  options: { knownId?: number } = {},
): Promise<CheckRunPosted & { id?: number }> {
  const run = await redactCheckRun(unredacted);
  const what = `posting the check run "${run.name}" on ${target.owner}/${target.repo}@${run.headSha.slice(0, 12)}`;
  try {
    let id = options.knownId ?? (await findCheckRun(client, target, run));
    const present = id !== undefined ? await readAnnotationKeys(client, target, id) : undefined;
    const requests = toCheckRunRequests(run, present && { present });
    let url = '';
    for (const request of requests) {
      const { data } =
        request.method === 'POST'
          ? await client.request(request.route, { ...target, ...request.body })
          : await client.request(request.route, { ...target, check_run_id: id!, ...request.body });
      id = Number(data.id);
      url = data.html_url ?? url;
    }
    return { kind: 'posted', url, updated: present !== undefined, requests: requests.length, ...(id !== undefined ? { id } : {}) };
  } catch (error) {
    const translated = toNanodexError(error, { what, notFoundCode: 'ref-not-found', clock: systemClock, forbiddenHint: FORBIDDEN });
    if (translated.code === 'forbidden') return { kind: 'not-permitted', message: FORBIDDEN };
    throw translated;
  }
}

/** nanodex's run on the head, newest first; a run of the same name without nanodex's external id is someone else's. */
export async function findCheckRun(
  client: GitHubClient,
  target: RepoCoords,
  run: Pick<CheckRunToPost, 'headSha' | 'name'>,
): Promise<number | undefined> {
  const { data } = await client.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
    ...target,
    ref: run.headSha,
    check_name: run.name,
    filter: 'all',
    per_page: 100,
  });
  const ours = data.check_runs.filter((c) => c.external_id === CHECK_RUN_EXTERNAL_ID).map((c) => Number(c.id));
  return ours.length > 0 ? Math.max(...ours) : undefined;
}

async function readAnnotationKeys(client: GitHubClient, target: RepoCoords, id: number): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const a of await listRunAnnotations(client, target, id)) {
    if (a.message !== null) keys.add(annotationKey({ ...a, message: a.message }));
  }
  return keys;
}

/** A run's annotations as GitHub lists them, page by page up to what a run can carry. */
export async function listRunAnnotations(client: GitHubClient, target: RepoCoords, id: number) {
  const all = [];
  for (let page = 1; page <= ANNOTATION_PAGES; page++) {
    const { data } = await client.request('GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', {
      ...target,
      check_run_id: id,
      per_page: 100,
      page,
    });
    all.push(...data);
    if (data.length < 100) break;
  }
  return all;
}

/** The run's prose (title, summary, each annotation's title, message and details) in one scan; paths and the sha as they are. */
export async function redactCheckRun(run: CheckRunToPost): Promise<CheckRunToPost> {
  const texts = await redactStrings({
    title: run.title,
    summary: run.summary,
    annotations: run.annotations.map((a) => ({ title: a.title, message: a.message, details: a.details })),
  });
  return {
    ...run,
    title: texts.title,
    summary: texts.summary,
    annotations: run.annotations.map((a, i) => {
      const t = texts.annotations[i]!;
      return { ...a, title: t.title, message: t.message, ...(t.details !== undefined ? { details: t.details } : {}) };
    }),
  };
}
