import { systemClock, type CheckAnnotation } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';
import { findCheckRun, listRunAnnotations } from './upsert-check-run.js';

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
    for (const a of await listRunAnnotations(client, target, id)) {
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
