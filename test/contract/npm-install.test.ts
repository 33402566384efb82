import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/temp-repo.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What `npm ci` reads in a clone: the manifest, the lock file and the project's npm settings. */
const INSTALL_FILES = ['package.json', 'package-lock.json', '.npmrc'];
/** `npm ci --dry-run` reads the lock file and plans; a few seconds, generous on a loaded machine. */
const NPM_TIMEOUT_MS = 120_000;

interface PackageJson {
  engines: { node: string };
  allowScripts: Record<string, boolean>;
}
interface LockFile {
  packages: Record<string, { engines?: { node?: string }; hasInstallScript?: boolean }>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** A clone's install files in a temporary folder, with `engines.node` replaced when given. */
function copyInstallFiles(engines?: string): string {
  const dir = makeTempDir('nanodex-npm-');
  for (const file of INSTALL_FILES.filter((name) => existsSync(path.join(ROOT, name)))) {
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  if (engines !== undefined) {
    const pkg = readJson<PackageJson>(path.join(dir, 'package.json'));
    const lock = readJson<LockFile>(path.join(dir, 'package-lock.json'));
    pkg.engines = { node: engines };
    lock.packages[''] = { ...lock.packages[''], engines: { node: engines } };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
  }
  return dir;
}

/** `npm ci` as a newcomer runs it, planned only (--dry-run: nothing is downloaded or written). */
function npmCi(cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npm', ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund'], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm ci in a clone', () => {
  it(
    'refuses a Node.js that engines leaves out before planning any package, with EBADENGINE and exit 1',
    async () => {
      // No test machine runs an unsupported Node on purpose: an engines range nothing satisfies stands in for Node 20.
      const result = await npmCi(copyInstallFiles('>=99'));

      expect(result.code).toBe(1);
      expect(result.stderr).toContain('npm error code EBADENGINE');
      expect(result.stderr).toMatch(/Not compatible with your version of node\/npm: nanodex@/);
      expect(result.stdout).not.toMatch(/^add /m);
    },
    NPM_TIMEOUT_MS,
  );

  it(
    'installs on this Node.js with no engine warning and every install script decided',
    async () => {
      const result = await npmCi(copyInstallFiles());

      expect(result.code).toBe(0);
      expect(result.stderr).not.toContain('EBADENGINE');
      expect(result.stderr).not.toContain('not yet covered by allowScripts');
    },
    NPM_TIMEOUT_MS,
  );
});

describe('the lock file', () => {
  it('names every package with an install script in allowScripts, allowed or not', () => {
    const { allowScripts } = readJson<PackageJson>(path.join(ROOT, 'package.json'));
    const { packages } = readJson<LockFile>(path.join(ROOT, 'package-lock.json'));
    const withScripts = Object.entries(packages)
      .filter(([, entry]) => entry.hasInstallScript === true)
      .map(([key]) => key.replace(/^.*node_modules\//, ''));

    expect(withScripts.filter((name) => !(name in allowScripts))).toEqual([]);
  });
});
