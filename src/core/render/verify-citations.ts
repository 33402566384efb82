import { isValidRepoPath } from '../repo/repo-path.js';
import { splitCode } from './sanitize-model-text.js';

export interface CitationTree {
  /** The commit links must point at; links to any other ref do not resolve. */
  sha: string | undefined;
  /** `https://github.com/owner/repo` when the repository is on GitHub; a line link to anywhere else is not ours to vouch for. */
  htmlUrl?: string;
  /** Line count of a file in the tree at that sha, or undefined when the path is not there. */
  lineCount(path: string): number | undefined;
}

export interface CitationCheck {
  text: string;
  kept: number;
  removed: number;
  /** What was removed and why, for the run's log. */
  problems: string[];
}

/** `[label](url)` and `[label](<url>)`. */
const LINK = /\[((?:\\.|[^\]\\])*)\]\(<?([^)\s>]+)>?\)/g;
/** A GitHub line link in any form: any ref, `?plain=1`, column anchors, bare, autolinked or in a reference definition. */
const BLOB_SOURCE = String.raw`https:\/\/github\.com\/([^/\s]+)\/([^/\s]+)\/blob\/([^/\s]+)\/([^#?\s)>\]]+)(?:\?[^#\s)>\]]*)?#L(\d+)(?:C\d+)?(?:-L(\d+)(?:C\d+)?)?`;
const BLOB = new RegExp(`^${BLOB_SOURCE}$`);
const BLOB_ANYWHERE = new RegExp(`<?${BLOB_SOURCE}>?`, 'g');
const RELATIVE = /^(?!https?:|mailto:|#)([^#?]+)#L(\d+)(?:-L(\d+))?$/;
const BARE = /(^|[\s(,;])((?:[\w.-]+\/)*[\w.-]+\.[A-Za-z0-9]+)#L(\d+)(?:-L(\d+))?(?=$|[\s),.;:])/gm;

interface Claim {
  path: string;
  start: number;
  end: number;
  repo?: string;
  ref?: string;
}

/**
 * Every line citation in a comment is checked before it is posted: a GitHub
 * line link must name this repository, the tree's commit (not a branch), a
 * file in that tree and lines inside it; a repo-relative `path#La-Lb` the
 * file and lines. A citation that does not resolve loses its link (its text
 * stays, with the claim of a place removed) and is counted. Citations inside
 * code are left alone: code is shown literally, never as a claim.
 */
export function verifyCitations(markdown: string, tree: CitationTree): CitationCheck {
  let kept = 0;
  let removed = 0;
  const problems: string[] = [];
  const ours = tree.htmlUrl
    ?.replace(/\/+$/, '')
    .toLowerCase()
    .replace(/^https:\/\/github\.com\//, '');
  const check = (claim: Claim): boolean => {
    const problem = findProblem(claim, tree, ours);
    if (problem === undefined) {
      kept += 1;
      return true;
    }
    removed += 1;
    problems.push(problem);
    return false;
  };
  const fromBlob = (m: RegExpExecArray): Claim => ({
    repo: `${m[1]}/${m[2]}`.toLowerCase(),
    ref: m[3]!,
    path: m[4]!,
    start: Number(m[5]),
    end: Number(m[6] ?? m[5]),
  });
  const checkLink = (whole: string, label: string, url: string): string => {
    const blob = BLOB.exec(url);
    const relative = blob ? undefined : RELATIVE.exec(url);
    if (!blob && !relative) return whole;
    const claim = blob ? fromBlob(blob) : { path: relative![1]!, start: Number(relative![2]), end: Number(relative![3] ?? relative![2]) };
    return check(claim) ? whole : label.replace(/#L\d+(?:-L\d+)?/g, '');
  };
  const checkProse = (prose: string): string =>
    prose
      .replace(BLOB_ANYWHERE, (whole) => {
        const blob = new RegExp(`^<?${BLOB_SOURCE}>?$`).exec(whole)!;
        return check(fromBlob(blob)) ? whole : (safeDecode(blob[4]!) ?? 'a file');
      })
      .replace(BARE, (whole, before: string, path: string, a: string, b: string | undefined) =>
        check({ path, start: Number(a), end: Number(b ?? a) }) ? whole : `${before}${path}`,
      );
  const text = splitCode(markdown)
    .map(({ text: part, isCode }) => {
      if (isCode) return part;
      let out = '';
      let last = 0;
      for (const m of part.matchAll(LINK)) {
        out += checkProse(part.slice(last, m.index)) + checkLink(m[0], m[1]!, m[2]!);
        last = m.index + m[0].length;
      }
      return out + checkProse(part.slice(last));
    })
    .join('');
  return { text, kept, removed, problems };
}

function findProblem(claim: Claim, tree: CitationTree, ours: string | undefined): string | undefined {
  const path = safeDecode(claim.path);
  if (path === undefined || !isValidRepoPath(path)) return `${claim.path}: not a repository path`;
  if (claim.repo !== undefined && claim.repo !== ours) return `${path}: links ${claim.repo}, not this repository`;
  if (claim.ref !== undefined) {
    const sha = tree.sha;
    const pinned = /^[0-9a-f]{7,40}$/i.test(claim.ref) && sha !== undefined && (sha.startsWith(claim.ref) || claim.ref.startsWith(sha));
    if (!pinned) return `${path}: links ${claim.ref.slice(0, 40)}, not the commit ${sha?.slice(0, 12) ?? '(unknown)'}`;
  }
  const lines = tree.lineCount(path);
  if (lines === undefined) return `${path}: not in the tree`;
  if (claim.start < 1 || claim.end < claim.start || claim.end > lines)
    return `${path}#L${claim.start}-L${claim.end}: outside its ${lines} lines`;
  return undefined;
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
