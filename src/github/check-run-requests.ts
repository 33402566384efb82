import type { CheckAnnotation, CheckRunToPost } from '../core/index.js';

/** GitHub takes at most 50 annotations per create or update request; more are added by further updates. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** The most annotations one run carries (10 requests); the summary counts every finding. */
export const MAX_ANNOTATIONS = 500;
/**
 * Marks nanodex's run among the head's check runs, so a workflow job that
 * happens to be named "nanodex review" (its check run has the job's name) is
 * never taken for it and overwritten.
 */
export const CHECK_RUN_EXTERNAL_ID = 'nanodex-review';

export type CheckRunRequest =
  | { method: 'POST'; route: 'POST /repos/{owner}/{repo}/check-runs'; body: CheckRunBody & { head_sha: string } }
  | { method: 'PATCH'; route: 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}'; body: CheckRunBody };

export interface ApiAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  message: string;
  title: string;
  raw_details?: string;
}

interface CheckRunBody {
  name: string;
  external_id: string;
  status: 'completed';
  conclusion: CheckRunToPost['conclusion'];
  details_url?: string;
  output: { title: string; summary: string; annotations: ApiAnnotation[] };
}

/**
 * The requests that post a check run: a create (or, for a run nanodex
 * posted on this head before, an update) with the first 50 annotations,
 * then one update per further 50, each repeating the title and summary
 * (GitHub requires them with `output`) and adding its annotations, which
 * GitHub appends. `present` lists the annotations an earlier run already
 * carries (by `annotationKey`): GitHub cannot remove one, so they are not
 * sent again.
 */
export function toCheckRunRequests(run: CheckRunToPost, existing?: { present: Set<string> }): CheckRunRequest[] {
  const annotations = run.annotations
    .slice(0, MAX_ANNOTATIONS)
    .map(toApiAnnotation)
    .filter((a) => !existing?.present.has(annotationKey(a)));
  const batches: ApiAnnotation[][] = [];
  for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST) batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
  if (batches.length === 0) batches.push([]);
  const bodyOf = (batch: ApiAnnotation[]): CheckRunBody => ({
    name: run.name,
    external_id: CHECK_RUN_EXTERNAL_ID,
    status: 'completed',
    conclusion: run.conclusion,
    ...(run.detailsUrl !== undefined ? { details_url: run.detailsUrl } : {}),
    output: { title: run.title, summary: run.summary, annotations: batch },
  });
  return batches.map((batch, i) =>
    i === 0 && existing === undefined
      ? { method: 'POST', route: 'POST /repos/{owner}/{repo}/check-runs', body: { ...bodyOf(batch), head_sha: run.headSha } }
      : { method: 'PATCH', route: 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', body: bodyOf(batch) },
  );
}

/** One annotation's identity on a run: where, how severe, what it says. */
export function annotationKey(
  a: Pick<ApiAnnotation, 'path' | 'start_line' | 'end_line' | 'message'> & { annotation_level: string | null; title?: string | null },
): string {
  return JSON.stringify([a.path, a.start_line, a.end_line, a.annotation_level ?? '', a.title ?? '', a.message]);
}

function toApiAnnotation(a: CheckAnnotation): ApiAnnotation {
  return {
    path: a.path,
    start_line: a.startLine,
    end_line: a.endLine,
    annotation_level: a.level,
    message: a.message,
    title: a.title,
    ...(a.details !== undefined ? { raw_details: a.details } : {}),
  };
}
