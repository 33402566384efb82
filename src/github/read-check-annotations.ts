import { systemClock, type CheckAnnotation } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { findCheckRun } from './upsert-check-run.js';

/** Pages of 100 read back: more than a run carries (MAX_ANNOTATIONS). */
const PAGES = 6;
const LEVELS = new Set(['failure', 'warning', 'notice']);

/**
 * The annotations of the check run nanodex posted on `headSha`, as the core
 * wrote them; undefined when there is no such run or the token may not read
 * checks (HTTP 403).
 */
export async function readCheckAnnotations(
  client: GitHubClient,
  target: RepoCoords,
  query: { headSha: string; name: string },
): Promise<CheckAnnotation[] | undefined> {
  try {
    const id = await findCheckRun(client, target, query);
    if (id === undefined) return undefined;
    const out: CheckAnnotation[] = [];
    for (let page = 1; page <= PAGES; page++) {
      const { data } = await client.request('GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', {
        ...target,
        check_run_id: id,
        per_page: 100,
        page,
      });
      for (const a of data) {
        if (a.message === null || !LEVELS.has(a.annotation_level ?? '')) continue;
        out.push({
          path: a.path,
          startLine: a.start_line,
          endLine: a.end_line,
          level: a.annotation_level as CheckAnnotation['level'],
          title: a.title ?? '',
          message: a.message,
          ...(a.raw_details ? { details: a.raw_details } : {}),
        });
      }
      if (data.length < 100) break;
    }
    return out;
  } catch (error) {
    const translated = toNanodexError(error, {
      what: `reading the check run on ${target.owner}/${target.repo}@${query.headSha.slice(0, 12)}`,
      notFoundCode: 'ref-not-found',
      clock: systemClock,
    });
    // No permission to read checks: nothing to carry, as when there is no run (a rate limit still throws).
    if (translated.code === 'forbidden') return undefined;
    throw translated;
  }
}
