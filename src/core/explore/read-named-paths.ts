/**
 * Paths a question names in the forms people paste them: a GitHub permalink
 * (`https://github.com/o/r/blob/<ref>/src/a.py#L10-L20`, a raw or tree
 * address), an installed copy (`…/site-packages/pkg/mod.py`,
 * `…/dist-packages/…`), or an absolute path on someone's machine
 * (`/home/me/proj/pkg/mod.py`, `C:\proj\pkg\mod.py`). Each gives the part
 * that can be a repository path; `findNamedFiles` maps it to the tree.
 */
const GITHUB_URL =
  /https?:\/\/(?:www\.)?(?:github\.com\/[\w.-]+\/[\w.-]+\/(?:blob|tree|raw|edit)|raw\.githubusercontent\.com\/[\w.-]+\/[\w.-]+)\/[^\s/]+\/([^\s#?)\]>'"`]+)/g;
const INSTALLED = /(?:site|dist)-packages[\\/]([^\s"'`:,)\]]+\.\w+)/g;
const ABSOLUTE = /(?:^|[\s"'`(=[])((?:[A-Za-z]:)?[\\/](?:[\w.@+-]+[\\/])+[\w.@+-]+\.\w+)/g;

export function readNamedPaths(text: string): string[] {
  const found = new Set<string>();
  const clean = (p: string): string =>
    p
      .replace(/\\/g, '/')
      .replace(/^[A-Za-z]:/, '')
      .replace(/^\/+/, '')
      .replace(/[.,;:]+$/, '');
  for (const m of text.matchAll(GITHUB_URL)) found.add(clean(m[1]!));
  for (const m of text.matchAll(INSTALLED)) found.add(clean(m[1]!));
  for (const m of text.matchAll(ABSOLUTE)) if (!/^https?:/.test(m[1]!)) found.add(clean(m[1]!));
  return [...found].filter((p) => p !== '');
}

/**
 * The repository files a question's named paths point at: the file itself,
 * one that ends with it, or, for a path from elsewhere (a checkout on another
 * machine, an installed copy, a permalink whose branch has a slash), the one
 * file its longest ending names. An ending that names two files names none.
 */
export function findNamedFiles(named: string[], paths: string[]): Set<string> {
  const found = new Set<string>();
  if (named.length === 0) return found;
  // Built only when some path names no file directly (a 50,000-file tree has a few hundred thousand endings).
  let tails: Map<string, string | undefined> | undefined;
  for (const name of named) {
    const direct = paths.filter((p) => p === name || p.endsWith(`/${name}`));
    if (direct.length > 0) {
      for (const p of direct) found.add(p);
      continue;
    }
    tails ??= indexTails(paths);
    const hit = findRepoFile(name, tails);
    if (hit) found.add(hit);
  }
  return found;
}

/**
 * Each file under every ending of its path of two parts or more (`src/pkg/app.py` under `pkg/app.py` too: an
 * installed copy has no `src/`); an ending two files share is left out.
 */
export function indexTails(paths: string[]): Map<string, string | undefined> {
  const tails = new Map<string, string | undefined>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let start = 0; start <= parts.length - 2; start += 1) {
      const tail = parts.slice(start).join('/');
      tails.set(tail, tails.has(tail) && tails.get(tail) !== path ? undefined : path);
    }
  }
  return tails;
}

/** The repository file a path from elsewhere ends with: its longest ending of two parts or more that names one file. */
export function findRepoFile(framePath: string, tails: Map<string, string | undefined>): string | undefined {
  const parts = framePath.split('/');
  for (let start = 0; start <= parts.length - 2; start += 1) {
    const found = tails.get(parts.slice(start).join('/'));
    if (found) return found;
  }
  return undefined;
}
