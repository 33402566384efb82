import { isValidRepoPath } from '../repo/repo-path.js';
import { splitCode } from './sanitize-model-text.js';

export interface CitationTree {
  /** The commit links must point at; links to any other sha do not resolve. */
  sha: string | undefined;
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

const LINK = /\[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)/g;
const PERMALINK = /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/([0-9a-f]{7,40})\/([^#?]+)#L(\d+)(?:-L(\d+))?$/;
const RELATIVE = /^(?!https?:|mailto:|#)([^#?]+)#L(\d+)(?:-L(\d+))?$/;
const BARE = /(^|[\s(,;])((?:[\w.-]+\/)*[\w.-]+\.[A-Za-z0-9]+)#L(\d+)(?:-L(\d+))?(?=$|[\s),.;:])/gm;

/**
 * Every line citation in a comment is checked before it is posted: a
 * permalink must name the tree's commit, a file in that tree and lines
 * inside it. A citation that does not resolve loses its link (its text
 * stays, with the claim of a place removed) and is counted. Citations inside
 * code are left alone: code is shown literally, never as a claim.
 */
export function verifyCitations(markdown: string, tree: CitationTree): CitationCheck {
  let kept = 0;
  let removed = 0;
  const problems: string[] = [];
  const check = (path: string, start: number, end: number, sha: string | undefined): string | undefined => {
    const decoded = safeDecode(path);
    if (decoded === undefined || !isValidRepoPath(decoded)) return `${path}: not a repository path`;
    if (sha !== undefined && tree.sha !== undefined && !tree.sha.startsWith(sha) && !sha.startsWith(tree.sha)) {
      return `${decoded}: links commit ${sha.slice(0, 12)}, not ${tree.sha.slice(0, 12)}`;
    }
    const lines = tree.lineCount(decoded);
    if (lines === undefined) return `${decoded}: not in the tree`;
    if (start < 1 || end < start || end > lines) return `${decoded}#L${start}-L${end}: outside its ${lines} lines`;
    return undefined;
  };
  const checkBare = (prose: string) => prose.replace(BARE, (whole, before: string, path: string, a: string, b: string | undefined) => {
    const problem = check(path, Number(a), Number(b ?? a), undefined);
    if (!problem) { kept += 1; return whole; }
    removed += 1;
    problems.push(problem);
    return `${before}${path}`;
  });
  const checkLink = (whole: string, label: string, url: string) => {
    const permalink = PERMALINK.exec(url);
    const relative = permalink ? undefined : RELATIVE.exec(url);
    if (!permalink && !relative) return whole;
    const [path, a, b, sha] = permalink
      ? [permalink[2]!, permalink[3]!, permalink[4], permalink[1]]
      : [relative![1]!, relative![2]!, relative![3], undefined];
    const problem = check(path, Number(a), Number(b ?? a), sha);
    if (!problem) { kept += 1; return whole; }
    removed += 1;
    problems.push(problem);
    return label.replace(/#L\d+(?:-L\d+)?/g, '');
  };
  const text = splitCode(markdown).map(({ text: part, isCode }) => {
    if (isCode) return part;
    // Links first; bare `path#L3-L9` mentions (models write them) are claims too, outside link targets.
    let out = '';
    let last = 0;
    for (const m of part.matchAll(LINK)) {
      out += checkBare(part.slice(last, m.index)) + checkLink(m[0], m[1]!, m[2]!);
      last = m.index + m[0].length;
    }
    return out + checkBare(part.slice(last));
  }).join('');
  return { text, kept, removed, problems };
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
