import { readFingerprint, systemClock } from '../core/index.js';
import type { GitHubClient, RepoCoords } from './github-client.js';
import { toNanodexError } from './to-nanodex-error.js';

/** 100 threads a page (GraphQL's maximum), at most 10 pages: a pull request with more threads than that is reviewed by people. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

const QUERY = `query($owner: String!, $repo: String!, $number: Int!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: $first, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          isResolved
          comments(first: 1) { nodes { body author { login } reactionGroups { content reactors { totalCount } } } }
        }
      }
    }
  }
}`;

interface ThreadsPage {
  repository: {
    pullRequest: {
      reviewThreads: {
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: {
          isResolved: boolean;
          comments: {
            nodes: {
              body: string;
              author: { login: string } | null;
              reactionGroups: { content: string; reactors: { totalCount: number } }[] | null;
            }[];
          };
        }[];
      };
    } | null;
  } | null;
}

/**
 * Fingerprints nanodex must not raise again on this pull request: those of
 * its own review comments whose thread was resolved or that got a 👎. Only
 * threads nanodex started count (GraphQL names a bot without "[bot]").
 */
export async function readSuppressedFindings(
  client: GitHubClient,
  target: RepoCoords & { pullNumber: number; selfLogin: string },
): Promise<Set<string>> {
  const self = toBareLogin(target.selfLogin);
  const suppressed = new Set<string>();
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    let data: ThreadsPage;
    try {
      data = await client.graphql<ThreadsPage>(QUERY, {
        owner: target.owner,
        repo: target.repo,
        number: target.pullNumber,
        first: PAGE_SIZE,
        after,
      });
    } catch (error) {
      throw toNanodexError(error, {
        what: `reading the review threads of ${target.owner}/${target.repo}#${target.pullNumber}`,
        notFoundCode: 'pull-request-not-found',
        clock: systemClock,
      });
    }
    const threads = data.repository?.pullRequest?.reviewThreads;
    if (threads === undefined) break;
    for (const thread of threads.nodes) {
      const first = thread.comments.nodes[0];
      if (first === undefined || first.author === null || toBareLogin(first.author.login) !== self) continue;
      const fingerprint = readFingerprint(first.body);
      if (fingerprint === undefined) continue;
      const thumbsDown = first.reactionGroups?.some((g) => g.content === 'THUMBS_DOWN' && g.reactors.totalCount > 0) ?? false;
      if (thread.isResolved || thumbsDown) suppressed.add(fingerprint);
    }
    if (!threads.pageInfo.hasNextPage) break;
    after = threads.pageInfo.endCursor;
  }
  return suppressed;
}

function toBareLogin(login: string): string {
  return login.toLowerCase().replace(/\[bot\]$/, '');
}
