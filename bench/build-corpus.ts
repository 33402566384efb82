/**
 * The benchmark corpus: a large real code base that exists offline, made of
 * hard links to the project's own node_modules and to the Python standard
 * library and site-packages of this machine. Built once, reused afterwards.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SOURCE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.tsx', '.jsx', '.py']);
const MAX_FILE_BYTES = 1_000_000;
const MAX_FILES = 60_000;
const MANIFEST_VERSION = 1;

/**
 * Folder names the indexer skips as vendored or tool caches. Inside the corpus
 * they are this benchmark's code base, so they are renamed (or, for caches, left out).
 */
const RENAMED_SEGMENTS: Record<string, string> = {
  node_modules: 'nm',
  'site-packages': 'packages',
  bower_components: 'bower',
  jspm_packages: 'jspm',
  vendor: 'vendor_',
  third_party: 'third_party_',
  'third-party': 'third-party_',
  thirdparty: 'thirdparty_',
  external: 'external_',
  Pods: 'Pods_',
  Carthage: 'Carthage_',
  venv: 'venv_',
};
const LEFT_OUT_SEGMENTS = new Set([
  '__pycache__',
  '.git',
  '.hg',
  '.svn',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.venv',
  '.yarn',
  '.pnpm-store',
  '.gradle',
]);

export interface CorpusSource {
  label: string;
  from: string;
  to: string;
  files: number;
}

export interface CorpusInfo {
  root: string;
  files: number;
  bytes: number;
  sources: CorpusSource[];
  linked: number;
  copied: number;
  reused: boolean;
  buildMs: number;
  notes: string[];
}

interface Candidate {
  source: string;
  target: string;
  size: number;
}

/** Where the Python stdlib and site-packages live, or undefined without python3. */
function findPython(): { stdlib: string; packages: string[] } | undefined {
  try {
    const out = execFileSync(
      'python3',
      ['-c', "import sysconfig,json;p=sysconfig.get_paths();print(json.dumps([p['stdlib'],p['purelib'],p['platlib']]))"],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const [stdlib, purelib, platlib] = JSON.parse(out.trim()) as string[];
    if (!stdlib || !existsSync(stdlib)) return undefined;
    const packages = [...new Set([purelib, platlib].filter((p): p is string => !!p && existsSync(p)))];
    return { stdlib, packages };
  } catch {
    return undefined;
  }
}

function renameSegment(segment: string): string {
  return RENAMED_SEGMENTS[segment] ?? segment;
}

/** Source files under `from` (symlinks not followed), with their place under `to`. */
function collect(from: string, to: string, exclude: Set<string>, out: Candidate[]): number {
  let found = 0;
  const stack: [string, string][] = [[from, to]];
  while (stack.length > 0) {
    const [dir, target] = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const source = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (LEFT_OUT_SEGMENTS.has(entry.name) || exclude.has(source)) continue;
        stack.push([source, path.join(target, renameSegment(entry.name))]);
      } else if (entry.isFile() && SOURCE_EXTENSIONS.has(path.extname(entry.name))) {
        const size = statSync(source).size;
        if (size > MAX_FILE_BYTES) continue;
        out.push({ source, target: path.join(target, entry.name), size });
        found += 1;
      }
    }
  }
  return found;
}

function manifestPath(root: string): string {
  return `${root}.manifest.json`;
}

/**
 * Builds the corpus at `root` unless a complete one is there (its manifest,
 * written last, is the mark of completeness) and `rebuild` is not set.
 */
export function buildCorpus(root: string, projectRoot: string, rebuild: boolean): CorpusInfo {
  const started = performance.now();
  if (!rebuild && existsSync(root) && existsSync(manifestPath(root))) {
    const manifest = JSON.parse(readFileSync(manifestPath(root), 'utf8')) as CorpusInfo & { version: number };
    if (manifest.version === MANIFEST_VERSION && manifest.root === root) {
      return { ...manifest, reused: true, buildMs: performance.now() - started };
    }
  }
  rmSync(manifestPath(root), { force: true });
  rmSync(root, { recursive: true, force: true });

  const notes: string[] = [];
  const candidates: Candidate[] = [];
  const sources: CorpusSource[] = [];
  const nodeModules = path.join(projectRoot, 'node_modules');
  if (existsSync(nodeModules)) {
    const to = path.join(root, 'node');
    sources.push({ label: 'node_modules', from: nodeModules, to, files: collect(nodeModules, to, new Set(), candidates) });
  } else {
    notes.push(`no ${nodeModules}: run npm ci first`);
  }
  const python = findPython();
  if (python) {
    const to = path.join(root, 'python', 'stdlib');
    const exclude = new Set(python.packages);
    sources.push({ label: 'python stdlib', from: python.stdlib, to, files: collect(python.stdlib, to, exclude, candidates) });
    python.packages.forEach((dir, i) => {
      const target = path.join(root, 'python', i === 0 ? 'packages' : `packages${i + 1}`);
      sources.push({ label: 'python site-packages', from: dir, to: target, files: collect(dir, target, new Set(), candidates) });
    });
  } else {
    notes.push('python3 not found: the corpus is node_modules alone');
  }

  candidates.sort((a, b) => (a.target < b.target ? -1 : a.target > b.target ? 1 : 0));
  let chosen = candidates;
  if (chosen.length > MAX_FILES) {
    chosen = chosen.filter(
      (c) =>
        !path
          .relative(root, c.target)
          .split(path.sep)
          .some((s) => s === 'test' || s === 'tests'),
    );
    notes.push(`left out test/tests folders: ${candidates.length} files found, ${chosen.length} kept`);
  }
  if (chosen.length > MAX_FILES) {
    notes.push(`capped at ${MAX_FILES} of ${chosen.length} files (in path order)`);
    chosen = chosen.slice(0, MAX_FILES);
  }

  let linked = 0;
  let copied = 0;
  let bytes = 0;
  const made = new Set<string>();
  for (const c of chosen) {
    const dir = path.dirname(c.target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    if (existsSync(c.target)) continue; // two sources mapped to one name after renaming: first wins
    try {
      linkSync(c.source, c.target);
      linked += 1;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      copyFileSync(c.source, c.target);
      copied += 1;
    }
    bytes += c.size;
  }
  if (copied > 0) notes.push(`${copied} files copied (hard links not possible across file systems)`);
  const info: CorpusInfo = {
    root,
    files: linked + copied,
    bytes,
    sources,
    linked,
    copied,
    reused: false,
    buildMs: performance.now() - started,
    notes,
  };
  writeFileSync(manifestPath(root), JSON.stringify({ version: MANIFEST_VERSION, ...info }, null, 1));
  return info;
}

/** Reads every corpus file once so that both indexers start with a warm page cache. */
export function warmPageCache(root: string): { files: number; bytes: number; ms: number } {
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) {
        bytes += readFileSync(full).byteLength;
        files += 1;
      }
    }
  }
  return { files, bytes, ms: performance.now() - started };
}
