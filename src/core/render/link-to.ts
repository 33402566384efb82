/** A place in the repository a rendered output points at. */
export interface LineRef {
  path: string;
  startLine?: number;
  endLine?: number;
}

/** Turns a repository place into a Markdown link target. */
export type LinkTo = (ref: LineRef) => string;

/**
 * Links for a GitHub repository are permalinks pinned to a commit
 * (`https://github.com/o/r/blob/{sha}/{path}#L{a}-L{b}`), so a citation keeps
 * pointing at the lines it rests on after the branch moves. A local checkout
 * without a known remote gets repo-relative links (`path#L3-L9`), which
 * GitHub and most editors resolve from the repository root.
 */
export function buildLinkTo(repo: { htmlUrl?: string; sha?: string }): LinkTo {
  const base = repo.htmlUrl && repo.sha ? `${repo.htmlUrl.replace(/\/+$/, '')}/blob/${repo.sha}/` : '';
  return ({ path, startLine, endLine }) => {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    if (startLine === undefined) return `${base}${encoded}`;
    const end = endLine !== undefined && endLine !== startLine ? `-L${endLine}` : '';
    return `${base}${encoded}#L${startLine}${end}`;
  };
}

/** `path#L3-L9` as readers see it in link text. */
export function formatLineRef({ path, startLine, endLine }: LineRef): string {
  if (startLine === undefined) return path;
  return endLine !== undefined && endLine !== startLine ? `${path}#L${startLine}-L${endLine}` : `${path}#L${startLine}`;
}
