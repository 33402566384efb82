import { z } from 'zod';
import type { GitHubApi } from './github-api.js';
import { toRefPath } from './read-repo-metadata.js';

const matchingRefs = z.array(z.object({ ref: z.string() }));

/**
 * Moves the split between ref and scope of a `/tree/a/b/c` URL to the longest
 * branch or tag that exists: with a branch `a/b`, ref `a` and scope `b/c`
 * become ref `a/b` and scope `c`. Costs two calls (heads and tags whose names
 * start with the first segment, via matching-refs). Limits: only the first
 * page GitHub returns (up to 100 refs with that prefix) is looked at, and a commit
 * sha is taken as it is.
 */
export async function resolveRefAndScope(
  api: GitHubApi,
  target: { ref: string; scope: string | undefined },
): Promise<{ ref: string; scope: string | undefined }> {
  if (target.scope === undefined || /^[0-9a-f]{40}$/i.test(target.ref)) return target;
  const segments = `${target.ref}/${target.scope}`.split('/');
  const names = (await Promise.all(['heads', 'tags'].map((ns) => listRefs(api, ns, target.ref)))).flat();
  let best = target.ref.split('/').length;
  for (const name of names) {
    const parts = name.split('/');
    const isPrefix = parts.length <= segments.length && parts.every((p, i) => p === segments[i]);
    if (isPrefix && parts.length > best) best = parts.length;
  }
  return { ref: segments.slice(0, best).join('/'), scope: segments.slice(best).join('/') };
}

async function listRefs(api: GitHubApi, namespace: string, prefix: string): Promise<string[]> {
  const body = await api.json({
    kind: 'refs',
    route: 'GET /repos/{owner}/{repo}/git/matching-refs/{+ref}',
    params: { ref: toRefPath(`${namespace}/${prefix}`) },
    what: `looking up refs named ${prefix}… in ${api.label}`,
  });
  const parsed = matchingRefs.safeParse(body);
  // An answer of another shape says nothing about branches: keep the split the URL gave.
  if (!parsed.success) return [];
  const strip = `refs/${namespace}/`;
  return parsed.data.filter((r) => r.ref.startsWith(strip)).map((r) => r.ref.slice(strip.length));
}
