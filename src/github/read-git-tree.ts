import { z } from 'zod';
import { isValidRepoPath, NanodexError } from '../core/index.js';
import type { GitHubApi } from './github-api.js';

/** One entry of a git tree, with its repo-relative path. */
export interface GitTreeEntry {
  path: string;
  /** '100644' file, '100755' executable, '120000' symlink, '160000' submodule, '040000' folder. */
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size: number | undefined;
}

const treeResponse = z.object({
  truncated: z.boolean(),
  tree: z.array(
    z.object({
      path: z.string(),
      mode: z.string(),
      type: z.enum(['blob', 'tree', 'commit']),
      sha: z.string(),
      size: z.number().optional(),
    }),
  ),
});

/**
 * Every non-folder entry under `treeSha` (a commit or tree sha), limited to
 * `scope` when given. One recursive call answers most repositories; GitHub
 * cuts a recursive listing at 100,000 entries / 7 MB and says `truncated`,
 * and then this lists that folder flat and walks its subfolders the same way
 * (only those on the way to or inside the scope). The truncated partial
 * answer is dropped: it does not say which folders it completed.
 * Folders are walked one after another, which keeps the request rate polite
 * at the cost of latency on very large repositories.
 */
export async function readGitTree(api: GitHubApi, treeSha: string, options: { scope?: string; label: string }): Promise<GitTreeEntry[]> {
  const { scope } = options;
  const entries: GitTreeEntry[] = [];
  const inScope = (p: string): boolean => scope === undefined || p === scope || p.startsWith(`${scope}/`);
  const onTheWay = (dir: string): boolean => inScope(dir) || (scope !== undefined && scope.startsWith(`${dir}/`));

  const add = (entry: z.infer<typeof treeResponse>['tree'][number], fullPath: string): void => {
    // A path git itself would not write (`..`, absolute, control characters) cannot be a real entry: drop it.
    if (entry.type === 'tree' || !inScope(fullPath) || !isValidRepoPath(fullPath)) return;
    entries.push({ path: fullPath, mode: entry.mode, type: entry.type, sha: entry.sha, size: entry.size });
  };

  const fetchTree = async (sha: string, recursive: boolean, dir: string) => {
    const body = await api.json({
      kind: 'tree',
      route: 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
      params: recursive ? { tree_sha: sha, recursive: '1' } : { tree_sha: sha },
      what: `listing ${dir === '' ? 'the tree' : dir} of ${options.label}`,
      notFoundCode: 'ref-not-found',
    });
    const parsed = treeResponse.safeParse(body);
    if (!parsed.success) {
      throw new NanodexError('github-request-failed', `GitHub sent a tree of an unexpected shape for ${options.label}`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  };

  const walk = async (sha: string, dir: string): Promise<void> => {
    const prefix = dir === '' ? '' : `${dir}/`;
    const recursive = await fetchTree(sha, true, dir);
    if (!recursive.truncated) {
      for (const entry of recursive.tree) add(entry, prefix + entry.path);
      return;
    }
    const flat = await fetchTree(sha, false, dir);
    if (flat.truncated) {
      throw new NanodexError(
        'tree-too-large',
        `the folder ${dir || '/'} of ${options.label} has more entries than GitHub lists in one answer`,
        {
          hint: 'index a scope below that folder, or download the tarball instead',
        },
      );
    }
    for (const entry of flat.tree) {
      const fullPath = prefix + entry.path;
      if (entry.type === 'tree') {
        if (onTheWay(fullPath)) await walk(entry.sha, fullPath);
      } else {
        add(entry, fullPath);
      }
    }
  };

  await walk(treeSha, '');
  entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return entries;
}
