import { NanodexError, parseRepoPath } from '../core/index.js';

export interface GitHubUrl {
  owner: string;
  repo: string;
  /**
   * The first path segment after /tree/ or /blob/. A branch may contain
   * slashes (`feature/x`), which a URL cannot tell from the path that
   * follows: `/tree/feature/x/src` is read as ref `feature`, scope `x/src`.
   * GitHubRepoSource.resolveRefAndScope() asks GitHub for the longest branch
   * or tag that matches and moves the split.
   */
  ref?: string;
  /** Repo-relative folder (/tree/) or file (/blob/) the prompt is about, validated by parseRepoPath. */
  scope?: string;
  scopeKind?: 'tree' | 'blob';
  /** The URL as it appeared in the prompt. */
  url: string;
  /** The prompt with the URL taken out (and surrounding whitespace tidied). */
  promptWithoutUrl: string;
}

// Candidates: github.com links with or without a scheme, not part of a longer host or an e-mail address.
const CANDIDATE = /(?<![\w.@/-])(?:https?:\/\/)?(?:www\.)?github\.com\/[^\s<>()[\]{}"'`|\\^]+/gi;
// GitHub's rules: an account is 1-39 alphanumerics or hyphens, not starting or ending with one.
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,37}[A-Za-z0-9])?$/;
// A repository is 1-100 of letters, digits, '.', '-', '_' (and not "." or "..").
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
// First segments that are GitHub pages, not accounts (github.com/features/actions is no repository).
const RESERVED_OWNERS = new Set([
  'about',
  'apps',
  'blog',
  'codespaces',
  'collections',
  'contact',
  'customer-stories',
  'enterprise',
  'events',
  'explore',
  'features',
  'issues',
  'join',
  'login',
  'marketplace',
  'new',
  'notifications',
  'orgs',
  'organizations',
  'pricing',
  'pulls',
  'readme',
  'search',
  'security',
  'settings',
  'signup',
  'site',
  'sponsors',
  'team',
  'topics',
  'trending',
  'users',
]);
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/;

/**
 * Finds the first GitHub repository URL in a prompt. Returns undefined when
 * there is none (links to GitHub pages that are not repositories are passed
 * over). A repository URL whose scope or ref is unsafe (`..`, control
 * characters) throws PathRejectedError / NanodexError('ref-rejected'): the
 * person meant that repository and should hear why it was refused.
 * SSH remotes (git@github.com:o/r.git) are not recognised.
 */
export function parseGitHubUrl(text: string): GitHubUrl | undefined {
  for (const match of text.matchAll(CANDIDATE)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const parsed = parseRepoUrl(url);
    if (!parsed) continue;
    const start = match.index;
    const before = text.slice(0, start).replace(/<$/, '');
    const after = text.slice(start + url.length).replace(/^>/, '');
    const gap = /\s$/.test(before) && /^\s/.test(after);
    const promptWithoutUrl = (gap ? `${before.trimEnd()} ${after.trimStart()}` : before + after).trim();
    return { ...parsed, url, promptWithoutUrl };
  }
  return undefined;
}

function parseRepoUrl(url: string): Omit<GitHubUrl, 'url' | 'promptWithoutUrl'> | undefined {
  const afterHost = url.replace(/^(?:https?:\/\/)?(?:www\.)?github\.com\//i, '');
  const pathPart = afterHost.split(/[?#]/, 1)[0] ?? '';
  const raw = pathPart.split('/').filter((s) => s !== '');
  const segments = raw.map(decodeSegment);
  if (segments.some((s) => s === undefined)) return undefined;
  const [owner, repoSegment, kind, ...rest] = segments as string[];
  if (owner === undefined || repoSegment === undefined) return undefined;
  const repo = repoSegment.replace(/\.git$/i, '');
  if (!OWNER.test(owner) || RESERVED_OWNERS.has(owner.toLowerCase())) return undefined;
  if (!REPO.test(repo) || repo === '.' || repo === '..') return undefined;
  if ((kind !== 'tree' && kind !== 'blob') || rest.length === 0) return { owner, repo };
  const [ref, ...after] = rest as [string, ...string[]];
  checkRef(ref);
  const scopeSegments = after.filter((s) => s !== '.');
  if (scopeSegments.length === 0) return { owner, repo, ref };
  return { owner, repo, ref, scope: parseRepoPath(scopeSegments.join('/')), scopeKind: kind };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // malformed percent-encoding: not a URL we can trust
  }
}

/** The parts of `git check-ref-format` that matter for a name sent to the API. */
function checkRef(ref: string): void {
  const broken =
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this rejects
    /[\u0000-\u0020\u007f~^:?*[\\]/.test(ref) ||
    ref.includes('..') ||
    ref.includes('@{') ||
    ref.startsWith('.') ||
    ref.startsWith('-') ||
    ref.endsWith('.lock') ||
    ref.endsWith('.') ||
    ref.length > 255;
  if (broken) {
    throw new NanodexError('ref-rejected', `ref ${JSON.stringify(ref.slice(0, 80))} in the GitHub URL is not a valid git ref`, {
      hint: 'link to a branch, tag or commit sha as GitHub shows it',
    });
  }
}
