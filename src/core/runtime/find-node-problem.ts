/** The oldest Node.js line nanodex runs on; package.json's `engines` and docs/node-versions.md say the same. */
export const MIN_NODE = { major: 22, minor: 20 } as const;

/**
 * Why this Node.js cannot run nanodex, or undefined. better-sqlite3 needs
 * N-API 10 and would crash the process (not throw) on an older Node, so the
 * entries check first and say so in one line.
 */
export function findNodeProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  // 23 is an odd, short-lived line that never became LTS (engines leaves it out too).
  if (major > 23 || (major === MIN_NODE.major && minor >= MIN_NODE.minor)) return undefined;
  return (
    `nanodex needs Node.js ${MIN_NODE.major}.${MIN_NODE.minor} or later (24 LTS recommended); this is Node.js ${version}. ` +
    'Fix: install Node.js 24 LTS (https://nodejs.org) and run it again.'
  );
}
