import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** For each term, the files (repo paths) whose text holds it (one of its spellings), case-insensitively; a term the scan did not finish is absent. */
export type TermMatches = Map<string, Set<string>>;

/** git grep's output for a common term in a big tree (every path once) must fit. */
const MAX_GREP_OUTPUT = 64 * 1024 * 1024;
/** Terms scanned at once: git grep is threaded already, a few processes overlap their start-up and reads. */
const PARALLEL_TERMS = 4;

/**
 * Which files hold each term, found within `timeoutMs`: `git grep -l -i -F`
 * per term, over the work tree's tracked and untracked files (as .gitignore
 * leaves them) in a git work tree, over the folder's files (`--no-index`) in
 * a plain folder such as an unpacked tarball; where git cannot run, a read
 * of `paths` in this process. A term is found as any of its `spellings`
 * (lowercase; the term itself when it has none). What the time left does not
 * cover is left out: the caller picks from what came back.
 */
export async function scanTreeText(
  root: string,
  terms: string[],
  options: { timeoutMs: number; paths: string[]; git: boolean; spellings?: ReadonlyMap<string, string[]> },
): Promise<TermMatches> {
  const deadline = Date.now() + options.timeoutMs;
  const spelled = new Map(terms.map((t) => [t, options.spellings?.get(t) ?? [t.toLowerCase()]]));
  const grepped = await grepTerms(root, spelled, deadline, options.git);
  return grepped ?? readTerms(root, spelled, options.paths, deadline);
}

/** Undefined when git is not installed (a slim container): the caller reads the files itself. */
async function grepTerms(root: string, terms: Map<string, string[]>, deadline: number, inRepo: boolean): Promise<TermMatches | undefined> {
  const found: TermMatches = new Map();
  const queue = [...terms];
  let noGit = false;
  const next = async (): Promise<void> => {
    for (let entry = queue.shift(); entry !== undefined && !noGit; entry = queue.shift()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const files = await grepOne(root, entry[1], left, inRepo);
      if (files === 'no-git') noGit = true;
      else if (files !== undefined) found.set(entry[0], files);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TERMS, terms.size) }, next));
  return noGit ? undefined : found;
}

function grepOne(root: string, spellings: string[], timeoutMs: number, inRepo: boolean): Promise<Set<string> | 'no-git' | undefined> {
  const scope = inRepo ? ['--untracked'] : ['--no-index'];
  const args = ['-C', root, 'grep', '-l', '-z', '-i', '-F', '-I', ...scope, ...spellings.flatMap((s) => ['-e', s])];
  return new Promise((resolve) => {
    execFile('git', args, { encoding: 'utf8', maxBuffer: MAX_GREP_OUTPUT, timeout: timeoutMs }, (error, stdout) => {
      if (error?.code === 'ENOENT') return resolve('no-git');
      // Exit 1 is "no match"; a timeout or any other failure leaves the term unscanned.
      if (error && !(error.code === 1 && !error.killed)) return resolve(undefined);
      resolve(new Set(stdout.split('\0').filter((p) => p !== '')));
    });
  });
}

/**
 * Each file read once, synchronously (thousands of small files: a promise per
 * read cost sympy's 1,600 files 3.4 s against 0.45 s on a loaded machine), as
 * Latin-1: the terms are ASCII, and ASCII bytes are the same characters in it.
 */
function readTerms(root: string, terms: Map<string, string[]>, paths: string[], deadline: number): TermMatches {
  const patterns = [...terms.values()].map((spellings) => new RegExp(spellings.map(escapeRegExp).join('|'), 'i'));
  const hits = patterns.map(() => new Set<string>());
  for (const file of paths) {
    if (Date.now() > deadline) return new Map(); // partial counts would skew every term: none rather than some
    let text: string;
    try {
      text = readFileSync(path.join(root, ...file.split('/')), 'latin1');
    } catch {
      continue; // vanished or unreadable: nothing to find in it
    }
    patterns.forEach((pattern, i) => {
      if (pattern.test(text)) hits[i]!.add(file);
    });
  }
  return new Map([...terms.keys()].map((term, i) => [term, hits[i]!]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
