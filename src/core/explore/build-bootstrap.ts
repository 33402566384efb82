import type { ListedFile } from '../code-index/code-index.js';
import type { RepoBootstrapContext } from './types.js';

const MANIFESTS = new Set([
  'package.json',
  'tsconfig.json',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'requirements.txt',
  'go.mod',
  'Cargo.toml',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'Gemfile',
  'composer.json',
  'Makefile',
  'Dockerfile',
  'docker-compose.yml',
  'CMakeLists.txt',
  'mix.exs',
  'deno.json',
]);
const TREE_DEPTH = 3;
/** Lines of shallow tree a planner sees: enough to orient, small in tokens. */
const MAX_TREE_LINES = 120;

/** The compact snapshot a planner starts from: shallow tree, file types, manifests. */
export function buildBootstrap(
  files: ListedFile[],
  options: { repo: string; headSha: string | undefined; branch?: string; scope?: string },
): RepoBootstrapContext {
  const scoped = options.scope ? files.filter((f) => f.path === options.scope || f.path.startsWith(`${options.scope}/`)) : files;
  const fileCountsByExt: Record<string, number> = {};
  const manifests: string[] = [];
  const dirCounts = new Map<string, number>();
  for (const file of scoped) {
    const base = file.path.slice(file.path.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '(none)';
    fileCountsByExt[ext] = (fileCountsByExt[ext] ?? 0) + 1;
    if (MANIFESTS.has(base) || base.endsWith('.csproj')) manifests.push(file.path);
    const parts = file.path.split('/');
    for (let depth = 1; depth <= Math.min(TREE_DEPTH, parts.length); depth += 1) {
      const key = parts.slice(0, depth).join('/') + (depth < parts.length ? '/' : '');
      dirCounts.set(key, (dirCounts.get(key) ?? 0) + 1);
    }
  }
  const lines = [...dirCounts.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([entry, count]) => {
      const depth = entry.replace(/\/$/, '').split('/').length - 1;
      const name = entry.replace(/\/$/, '').split('/').pop()!;
      return `${'  '.repeat(depth)}${name}${entry.endsWith('/') ? `/ (${count})` : ''}`;
    });
  const shallowTree =
    lines.length > MAX_TREE_LINES
      ? [...lines.slice(0, MAX_TREE_LINES), `… ${lines.length - MAX_TREE_LINES} more entries`].join('\n')
      : lines.join('\n');
  return {
    repo: options.repo,
    headSha: options.headSha,
    branch: options.branch,
    scope: options.scope,
    shallowTree,
    fileCountsByExt: Object.fromEntries(Object.entries(fileCountsByExt).sort((a, b) => b[1] - a[1])),
    manifests: manifests.sort(),
    files: scoped.length,
  };
}
