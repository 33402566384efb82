import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { PathRejectedError } from '../../src/core/errors.js';
import { parseRepoPath, resolveInsideRoot } from '../../src/core/repo/repo-path.js';
import { hostilePath } from './hostile-text.js';
import type { FuzzTarget, Verdict } from './run-target.js';

/** Inside by string prefix on resolved paths: a second opinion, deliberately not the validator's path.relative. */
export function isUnder(root: string, candidate: string): boolean {
  const resolved = path.resolve(candidate);
  return resolved === root || resolved.startsWith(`${root}${path.sep}`);
}

/** Every rule parseRepoPath promises of what it returns. */
export function brokenRule(relative: string): string | undefined {
  if (relative === '') return 'empty';
  if (relative.startsWith('/') || /^[a-zA-Z]:/.test(relative)) return 'absolute';
  if (relative.includes('\\')) return 'a backslash';
  // eslint-disable-next-line no-control-regex -- control characters are what is checked for
  if (/[\u0000-\u001f\u007f]/.test(relative)) return 'a control character';
  if (relative.split('/').some((s) => s === '..' || s === '.' || s === '')) return 'a "..", "." or empty segment';
  return undefined;
}

export function repoPathTarget(root: string): FuzzTarget<unknown> {
  return {
    name: 'repo path: parseRepoPath + resolveInsideRoot',
    runs: 15_000,
    arbitrary: fc.oneof(
      { arbitrary: hostilePath, weight: 8 },
      {
        arbitrary: fc.anything({ withNullPrototype: true, withBoxedValues: true, withBigInt: true, withMap: true, withSet: true }),
        weight: 1,
      },
    ),
    check: (input): Verdict | undefined => {
      let relative: string;
      try {
        relative = parseRepoPath(input);
      } catch (error) {
        if (error instanceof PathRejectedError) return undefined;
        throw error;
      }
      const broken = brokenRule(relative);
      if (broken !== undefined) return { escape: `parseRepoPath returned ${JSON.stringify(relative.slice(0, 80))}, with ${broken}` };
      let resolved: { absolute: string };
      try {
        resolved = resolveInsideRoot(root, input);
      } catch (error) {
        if (error instanceof PathRejectedError) return undefined;
        throw error;
      }
      if (!isUnder(root, resolved.absolute)) return { escape: `${JSON.stringify(relative.slice(0, 80))} resolved to ${resolved.absolute}` };
      const landed = findLanding(resolved.absolute);
      if (landed !== undefined && !isUnder(root, landed))
        return { escape: `${JSON.stringify(relative.slice(0, 80))} leads through a link to ${landed}` };
      return { accepted: true };
    },
  };
}

/** Links followed before a walk counts as a loop (Linux's own limit, MAXSYMLINKS, is 40). */
const MAX_HOPS = 40;

/**
 * Where a write to `absolute` would land: links followed, dangling ones
 * too (writing through a dangling link creates its target), the missing
 * rest taken as written. Undefined for a loop, which nothing can write through.
 */
export function findLanding(absolute: string, hops = 0): string | undefined {
  const parts = path
    .resolve(absolute)
    .split(path.sep)
    .filter((part) => part !== '');
  let current = path.parse(path.resolve(absolute)).root;
  for (const [i, part] of parts.entries()) {
    const next = path.join(current, part);
    const stat = lstatIfAny(next);
    if (stat === undefined) return path.join(next, ...parts.slice(i + 1));
    if (!stat.isSymbolicLink()) {
      current = next;
      continue;
    }
    if (hops >= MAX_HOPS) return undefined;
    const landed = findLanding(path.resolve(current, readlinkSync(next)), hops + 1);
    if (landed === undefined) return undefined;
    current = landed;
  }
  return current;
}

/** Nothing there (or nothing that could be: a file used as a folder, a name too long) is undefined; other errors are the fuzzer's own. */
function lstatIfAny(file: string): ReturnType<typeof lstatSync> {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOTDIR' || error.code === 'ENAMETOOLONG')) return undefined;
    throw error;
  }
}
