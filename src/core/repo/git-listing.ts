import { execFile, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { createHash } from '../runtime/create-hash.js';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Big trees list hundreds of thousands of paths; git's output must fit. */
const MAX_GIT_OUTPUT = 512 * 1024 * 1024;

export interface GitFiles {
  /** path -> blob sha for tracked regular files whose working copy matches the index. */
  clean: Map<string, string>;
  /** Tracked-but-modified and untracked (not ignored) regular files: hashed by us. */
  dirty: string[];
  symlinks: string[];
}

/** What git's index holds for one path: a regular file (with its blob sha), a symlink, or something else (a submodule). */
export type StagedEntry = { mode: 'file'; sha: string } | { mode: 'symlink' } | { mode: 'other' };

/** `git ls-files -s`: every tracked path with its mode and blob sha. */
export interface StagedListing {
  /** A hash of the whole answer: equal hashes, equal staged trees. */
  hash: string;
  /** One path's entry, found in the answer without parsing the rest. */
  find(file: string): StagedEntry | undefined;
  /** The files by kind, against the unvouched paths (parsing every record: on a big tree, most of a listing's work). */
  readFiles(): GitFiles;
}

export interface GitListing {
  headSha: string | undefined;
  /**
   * Which file git's index is (path, inode, size, change times): git replaces
   * the file whenever what it stages changes, so while the stamp stays, the
   * staged listing stays too, and need not be asked for.
   */
  indexStamp: string;
  /** Modified, deleted and untracked paths, each once: what git does not vouch for (a short list in a working tree). */
  unvouched: string[];
  /** A hash of git's answer naming them. */
  unvouchedHash: string;
  /** `git ls-files -s`, asked on the first call only. */
  readStaged(): Promise<StagedListing>;
  /** `git ls-files -s` for these paths only (a few hundred at most: they are arguments); `hash` is left empty. */
  readStagedAt(paths: string[]): Promise<StagedListing>;
}

/**
 * Lists a git work tree, or returns undefined when `root` is not inside one,
 * or is itself ignored by it (a node_modules folder, say), so the caller
 * walks the folder instead. Two git processes for a tree that did not change
 * (one rev-parse for the work tree, its top, its index file and HEAD; one
 * ls-files for what changed), a third for the staged listing when asked.
 */
export async function readGitListing(root: string): Promise<GitListing | undefined> {
  const about = readRepositoryFacts(root);
  if (about === undefined) return undefined;
  // The top of the work tree cannot be ignored by its own repository: the check is for folders below it.
  const [ignored, changes] = await Promise.all([
    about.isTop ? false : isIgnoredFolder(root),
    gitAsync(root, ['ls-files', '-z', '-m', '-d', '--others', '--exclude-standard']),
  ]);
  if (ignored) return undefined;
  let staged: Promise<StagedListing> | undefined;
  const unvouched = [...new Set(split(changes))];
  return {
    headSha: about.headSha,
    indexStamp: about.indexStamp,
    unvouched,
    unvouchedHash: createHash('sha1').update(changes).digest('hex'),
    readStaged: () => (staged ??= gitAsync(root, ['ls-files', '-z', '-s', '--cached']).then((text) => toStagedListing(text, unvouched))),
    readStagedAt: async (paths) => {
      const text =
        paths.length === 0 ? '' : await gitAsync(root, ['--literal-pathspecs', 'ls-files', '-z', '-s', '--cached', '--', ...paths]);
      return { ...toStagedListing(text, unvouched), hash: '' };
    },
  };
}

/** git's answer at some paths only (GitListing's facts, and what `ls-files` says of each path). */
export interface GitPathsListing {
  headSha: string | undefined;
  /** GitListing.indexStamp. */
  indexStamp: string;
  /** The staged entry of a path, if git's index holds it. */
  findStaged(file: string): StagedEntry | undefined;
  /** Whether a path is an untracked file that no ignore rule leaves out (git's `--others --exclude-standard`). */
  isUntracked(file: string): boolean;
}

/**
 * What git says of these paths alone (a few hundred at most: they are
 * arguments), or undefined where readGitListing is: their staged entries,
 * and which are untracked files its ignore rules keep (every rule git reads:
 * each .gitignore, .git/info/exclude, core.excludesFile). Nothing about the
 * rest of the tree is asked, so git stats no other file. One rev-parse and
 * one ls-files.
 */
export async function readGitListingAt(root: string, paths: string[]): Promise<GitPathsListing | undefined> {
  const about = readRepositoryFacts(root);
  if (about === undefined) return undefined;
  const [ignored, text] = await Promise.all([
    about.isTop ? false : isIgnoredFolder(root),
    paths.length === 0
      ? ''
      : gitAsync(root, ['--literal-pathspecs', 'ls-files', '-z', '-s', '--cached', '--others', '--exclude-standard', '--', ...paths]),
  ]);
  if (ignored) return undefined;
  const staged = new Map<string, StagedEntry>();
  const untracked = new Set<string>();
  for (const record of split(text)) {
    // A staged record is `mode sha stage\tpath`; an untracked file is its path alone.
    const match = /^(\d{6} [0-9a-f]+) \d\t/.exec(record);
    if (match === null) untracked.add(record);
    else if (!staged.has(record.slice(match[0].length))) staged.set(record.slice(match[0].length), toEntry(match[1]!));
  }
  return {
    headSha: about.headSha,
    indexStamp: about.indexStamp,
    findStaged: (file) => staged.get(file),
    isUntracked: (file) => untracked.has(file),
  };
}

/**
 * The work tree's files by path alone, as readGitListing's staged listing
 * lists them (readFiles: tracked regular files, then untracked ones
 * .gitignore leaves, each once), or undefined where readGitListing is. For a
 * first answer, which needs no blob sha and nothing of what changed: git is
 * not asked for modified files (it stats every tracked file for them), and
 * no record is read into a map. Two ls-files beside each other.
 */
export async function readGitPaths(root: string): Promise<string[] | undefined> {
  const about = readRepositoryFacts(root);
  if (about === undefined) return undefined;
  const [ignored, staged, untracked] = await Promise.all([
    about.isTop ? false : isIgnoredFolder(root),
    gitAsync(root, ['ls-files', '-z', '-s', '--cached']),
    gitAsync(root, ['ls-files', '-z', '--others', '--exclude-standard']),
  ]);
  if (ignored) return undefined;
  return [...readStagedFiles(staged), ...split(untracked)];
}

/** Tracked regular files in `ls-files -s` records (`mode sha stage\tpath\0`), a conflicted path (a record per stage) once. */
function readStagedFiles(text: string): string[] {
  const files: string[] = [];
  let previous = '';
  for (let at = 0; at < text.length;) {
    const end = text.indexOf('\0', at);
    const stop = end < 0 ? text.length : end;
    // A regular file's mode is 100644 or 100755 (toEntry); 120000 is a symlink, 160000 a submodule.
    if (text.startsWith('100', at)) {
      const file = text.slice(text.indexOf('\t', at) + 1, stop);
      if (file !== previous) files.push(file);
      previous = file;
    }
    at = stop + 1;
  }
  return files;
}

function isIgnoredFolder(root: string): Promise<boolean> {
  return gitAsync(root, ['check-ignore', '-q', '.']).then(
    () => true,
    () => false,
  );
}

interface RepositoryFacts {
  isTop: boolean;
  indexStamp: string;
  headSha: string | undefined;
}

function readRepositoryFacts(root: string): RepositoryFacts | undefined {
  // One process for four answers; a repository with no commits yet has no HEAD (exit 1, the other lines printed).
  const run = spawnSync(
    'git',
    ['-C', root, 'rev-parse', '--is-inside-work-tree', '--show-toplevel', '--git-path', 'index', '--verify', '-q', 'HEAD'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const [inside, top, indexPath, head] = (run.stdout ?? '').split('\n');
  if (run.error !== undefined || inside !== 'true' || top === undefined || indexPath === undefined) return undefined;
  return {
    isTop: samePath(top, root),
    indexStamp: stampOf(path.resolve(root, indexPath)),
    headSha: run.status === 0 && head ? head : undefined,
  };
}

function samePath(a: string, b: string): boolean {
  return path.resolve(a) === path.resolve(b);
}

function stampOf(file: string): string {
  try {
    const s = statSync(file, { bigint: true });
    return `${file}\0${s.ino}\0${s.size}\0${s.mtimeNs}\0${s.ctimeNs}`;
  } catch {
    return `${file}\0none`; // no index file yet: nothing staged
  }
}

/** Paths looked up in git's answer one by one (a scan of the text each) before it is read into a map once. */
const FIND_ONE_BY_ONE = 16;

function toStagedListing(text: string, unvouched: string[]): StagedListing {
  let asked = 0;
  let entries: Map<string, StagedEntry> | undefined;
  return {
    hash: createHash('sha1').update(text).digest('hex'),
    find: (file) => {
      if (entries === undefined && ++asked > FIND_ONE_BY_ONE) entries = readEntries(text);
      return entries === undefined ? findStaged(text, file) : entries.get(file);
    },
    readFiles: () => toGitFiles(text, unvouched),
  };
}

function findStaged(text: string, file: string): StagedEntry | undefined {
  // Records are `mode sha stage\tpath\0`: a path is always between a tab and a NUL.
  const at = text.indexOf(`\t${file}\0`);
  if (at < 0) return undefined;
  const start = text.lastIndexOf('\0', at) + 1;
  return toEntry(text.slice(start, at));
}

function readEntries(text: string): Map<string, StagedEntry> {
  const entries = new Map<string, StagedEntry>();
  for (const record of split(text)) {
    const tab = record.indexOf('\t');
    const file = record.slice(tab + 1);
    // The first record of a path, as findStaged finds it (a conflicted path has one per stage).
    if (!entries.has(file)) entries.set(file, toEntry(record.slice(0, tab)));
  }
  return entries;
}

function toEntry(head: string): StagedEntry {
  const [mode, sha] = head.split(' ');
  if (mode === '120000') return { mode: 'symlink' };
  if (mode?.startsWith('100') && sha !== undefined) return { mode: 'file', sha };
  return { mode: 'other' }; // 160000 is a submodule: another repository, not ours to index
}

function toGitFiles(staged: string, unvouched: string[]): GitFiles {
  const clean = new Map<string, string>();
  const symlinks: string[] = [];
  const tracked = new Set<string>();
  for (const record of split(staged)) {
    const tab = record.indexOf('\t');
    const file = record.slice(tab + 1);
    const entry = toEntry(record.slice(0, tab));
    tracked.add(file);
    if (entry.mode === 'symlink') symlinks.push(file);
    else if (entry.mode === 'file') clean.set(file, entry.sha);
  }
  const dirty: string[] = [];
  for (const file of unvouched) {
    // A changed regular file is ours to hash; a changed symlink or submodule stays what it was; untracked ones are ours.
    if (clean.delete(file) || !tracked.has(file)) dirty.push(file);
  }
  return { clean, dirty, symlinks };
}

async function gitAsync(root: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: MAX_GIT_OUTPUT });
  return stdout;
}

function split(output: string): string[] {
  return output.split('\0').filter((s) => s.length > 0);
}
