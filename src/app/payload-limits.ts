/** GitHub caps webhook payloads at 25 MB ("Webhook events and payloads"); NANODEX_MAX_PAYLOAD_BYTES lowers or raises it. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 25 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The largest payload and the deepest nesting of arrays and objects nanodex reads for one event. */
export interface PayloadLimit {
  bytes: number;
  depth: number;
}

/**
 * Per event, what GitHub can send and nanodex reads, with room to spare.
 * GitHub caps a comment's body, and an issue's or pull request's, at 65,536
 * characters: at most 6 bytes each in JSON (`\u0001`), so a comment and its
 * issue stay under 800 KB. A review comment also carries its diff hunk, which
 * GitHub does not cap. Pushes and installations carry lists (commits, files,
 * repositories) that grow with the push or the organisation: they keep the
 * overall cap. GitHub's deepest example payload (check_run) nests 7 levels,
 * the handled events 5 (@octokit/webhooks-examples); events nanodex does not
 * handle may carry a payload of their sender's own (repository_dispatch).
 */
const EVENT_LIMITS = new Map<string, Partial<PayloadLimit>>([
  ['issue_comment', { bytes: 1 * MIB, depth: 16 }],
  ['pull_request_review_comment', { bytes: 4 * MIB, depth: 16 }],
  ['pull_request', { bytes: 2 * MIB, depth: 16 }],
  ['push', { depth: 16 }],
  ['installation', { depth: 16 }],
  ['installation_repositories', { depth: 16 }],
]);

/** Any other event: nanodex acknowledges it and reads nothing from it. */
const OTHER_DEPTH = 32;

/** The limit for `event`, never above the overall cap `maxBytes`. */
export function getPayloadLimit(event: string, maxBytes: number): PayloadLimit {
  const limit = EVENT_LIMITS.get(event) ?? {};
  return { bytes: Math.min(limit.bytes ?? maxBytes, maxBytes), depth: limit.depth ?? OTHER_DEPTH };
}
