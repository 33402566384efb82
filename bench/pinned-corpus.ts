/**
 * The pinned benchmark corpus (issue 15): fixed npm package versions (checked
 * against their registry integrity) and a fixed commit of sympy (the
 * Python-heavy tree), unpacked into one folder committed as one git
 * repository. Its tree sha is the corpus hash printed with every result: the
 * same hash, the same bytes. `quick` is the sympy tree plus two small
 * packages; the full corpus adds the big trees (55K files).
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface NpmPackage {
  spec: string;
  integrity: string;
  quick: boolean;
}
interface GitTree {
  name: string;
  url: string;
  commit: string;
  quick: boolean;
}

/** Bump when the layout changes: the cache folder is named after it. */
const LAYOUT_VERSION = 1;

export const PINNED_GIT: GitTree[] = [
  { name: 'sympy', url: 'https://github.com/sympy/sympy.git', commit: 'e950d313a932bc6cccbc95376b3821cd2f8b5af4', quick: true },
];

export const PINNED_NPM: NpmPackage[] = [
  {
    spec: 'rxjs@7.8.2',
    quick: true,
    integrity: 'sha512-dhKf903U/PQZY6boNNtAGdWbG85WAbjT/1xYoZIC7FAY0yWapOBQVsVrDl58W86//e1VpMNBtRV4MaXfdMySFA==',
  },
  {
    spec: '@types/node@24.10.1',
    quick: true,
    integrity: 'sha512-GNWcUTRBgIRJD5zj+Tq0fKOJ5XZajIiBroOF0yvj2bSU1WvNdYS/dn9UxwsujGW4JX06dnHyjV2y9rRaybH0iQ==',
  },
  {
    spec: 'lodash@4.17.21',
    quick: false,
    integrity: 'sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg==',
  },
  {
    spec: 'date-fns@4.1.0',
    quick: false,
    integrity: 'sha512-Ukq0owbQXxa/U3EGtsdVBkR1w7KOQ5gIBqdH2hkvknzZPYvBxb/aa6E8L7tmjFtkwZBu3UXBbjIgPo/Ez4xaNg==',
  },
  {
    spec: 'three@0.181.0',
    quick: false,
    integrity: 'sha512-KGf6EOCOQGshXeleKxpxhbowQwAXR2dLlD93egHtZ9Qmk07Saf8sXDR+7wJb53Z1ORZiatZ4WGST9UsVxhHEbg==',
  },
  {
    spec: '@mui/icons-material@7.3.5',
    quick: false,
    integrity: 'sha512-LciL1GLMZ+VlzyHAALSVAR22t8IST4LCXmljcUSx2NOutgO2XnxdIp8ilFbeNf9wpo0iUFbAuoQcB7h+HHIf3A==',
  },
];

export interface PinnedCorpus {
  root: string;
  /** The git tree sha of the whole corpus: the hash every result is printed with. */
  hash: string;
  quick: boolean;
  files: number;
  bytes: number;
  /** Where each part is, relative to root (python/sympy, npm/rxjs@7.8.2, ...). */
  parts: { label: string; dir: string; files: number; bytes: number }[];
  reused: boolean;
}

export interface CorpusOptions {
  cacheDir: string;
  quick: boolean;
  /** name -> a local git directory holding the pinned commit (a mirror), used before the network. */
  gitDirs?: Record<string, string>;
}

/** Builds the corpus once under cacheDir (reused while its marker file is there) and returns its hash. */
export function buildPinnedCorpus(options: CorpusOptions): PinnedCorpus {
  const label = options.quick ? 'quick' : 'full';
  const root = path.join(options.cacheDir, `corpus-${label}-v${LAYOUT_VERSION}`);
  const marker = `${root}.json`;
  if (existsSync(marker) && existsSync(root)) return { ...(JSON.parse(readFileSync(marker, 'utf8')) as PinnedCorpus), reused: true };
  rmSync(root, { recursive: true, force: true });
  const building = `${root}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const parts: PinnedCorpus['parts'] = [];
  for (const tree of PINNED_GIT.filter((t) => t.quick || !options.quick)) {
    const dir = path.join('python', tree.name);
    extractGitTree(tree, path.join(building, dir), options);
    parts.push({ label: `${tree.name} @ ${tree.commit.slice(0, 12)}`, dir, ...countTree(path.join(building, dir)) });
  }
  for (const pkg of PINNED_NPM.filter((p) => p.quick || !options.quick)) {
    const dir = path.join('npm', pkg.spec.replace('/', '+'));
    extractNpmPackage(pkg, path.join(building, dir), options.cacheDir);
    parts.push({ label: pkg.spec, dir, ...countTree(path.join(building, dir)) });
  }
  const hash = commitAll(building);
  renameSync(building, root);
  const corpus: PinnedCorpus = {
    root,
    hash,
    quick: options.quick,
    parts,
    reused: false,
    files: parts.reduce((s, p) => s + p.files, 0),
    bytes: parts.reduce((s, p) => s + p.bytes, 0),
  };
  writeFileSync(marker, JSON.stringify(corpus, null, 1));
  return corpus;
}

function extractGitTree(tree: GitTree, dest: string, options: CorpusOptions): void {
  const local = options.gitDirs?.[tree.name];
  let gitDir = local;
  if (gitDir === undefined) {
    gitDir = path.join(options.cacheDir, `${tree.name}.git`);
    if (!existsSync(gitDir)) execFileSync('git', ['init', '-q', '--bare', gitDir]);
    if (!hasCommit(gitDir, tree.commit)) {
      try {
        execFileSync('git', ['--git-dir', gitDir, 'fetch', '-q', '--depth', '1', tree.url, tree.commit], { stdio: 'pipe' });
      } catch (error) {
        throw new Error(
          `cannot fetch ${tree.url} ${tree.commit} (${(error as Error).message.split('\n')[0]}); ` +
            `pass --git-dir ${tree.name}=DIR with a clone that holds that commit`,
          { cause: error },
        );
      }
    }
  }
  if (!hasCommit(gitDir, tree.commit)) throw new Error(`${gitDir} does not hold ${tree.name} commit ${tree.commit}`);
  mkdirSync(dest, { recursive: true });
  const archive = execFileSync('git', ['--git-dir', gitDir, 'archive', '--format=tar', tree.commit], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dest], { input: archive });
}

function hasCommit(gitDir: string, commit: string): boolean {
  try {
    execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `npm pack` of the exact version (npm's own cache and registry settings), checked against the pinned integrity. */
function extractNpmPackage(pkg: NpmPackage, dest: string, cacheDir: string): void {
  const packs = path.join(cacheDir, 'packs');
  mkdirSync(packs, { recursive: true });
  const name = pkg.spec
    .replace(/^@/, '')
    .replace('/', '-')
    .replace(/@(?=[^@]*$)/, '-');
  const tarball = path.join(packs, `${name}.tgz`);
  if (!existsSync(tarball))
    execFileSync('npm', ['pack', '--silent', '--pack-destination', packs, pkg.spec], { stdio: ['ignore', 'pipe', 'pipe'] });
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  if (integrity !== pkg.integrity) throw new Error(`${pkg.spec}: tarball integrity ${integrity} is not the pinned ${pkg.integrity}`);
  mkdirSync(dest, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', dest, '--strip-components=1', '--no-same-owner']);
}

function countTree(dir: string): { files: number; bytes: number } {
  const out = execFileSync('find', [dir, '-type', 'f', '-printf', '%s\\n'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const sizes = out.split('\n').filter(Boolean).map(Number);
  return { files: sizes.length, bytes: sizes.reduce((s, x) => s + x, 0) };
}

/** One commit of everything (ignore files inside the parts do not apply: -f), with a fixed identity and date. */
function commitAll(dir: string): string {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@nanodex.invalid',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@nanodex.invalid',
    GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
    GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
  };
  const git = (args: string[]): string => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8', maxBuffer: 1 << 28 }).trim();
  git(['init', '-q', '-b', 'main']);
  git(['config', 'core.autocrlf', 'false']);
  git(['add', '-A', '-f', '.']);
  git(['commit', '-q', '--no-verify', '-m', 'pinned benchmark corpus']);
  return git(['rev-parse', 'HEAD^{tree}']);
}
