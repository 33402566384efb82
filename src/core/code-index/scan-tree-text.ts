import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** For each term, the files (repo paths) whose text holds it, case-insensitively; a term the scan did not finish is absent. */
export type TermMatches = Map<string, Set<string>>;

/** git grep's output for a common term in a big tree (every path once) must fit. */
const MAX_GREP_OUTPUT = 64 * 1024 * 1024;
/** Terms scanned at once: git grep is threaded already, a few processes overlap their start-up and reads. */
const PARALLEL_TERMS = 4;

/**
 * Which files hold each term, found within `timeoutMs`: `git grep -l -i -F`
 * per term in a git work tree (tracked and untracked files, as .gitignore
 * leaves them), else a read of `paths` in this process. What the time left
 * does not cover is left out: the caller picks from what came back.
 */
export async function scanTreeText(
  root: string,
  terms: string[],
  options: { timeoutMs: number; paths: string[]; git: boolean },
): Promise<TermMatches> {
  const deadline = Date.now() + options.timeoutMs;
  return options.git ? grepTerms(root, terms, deadline) : readTerms(root, terms, options.paths, deadline);
}

async function grepTerms(root: string, terms: string[], deadline: number): Promise<TermMatches> {
  const found: TermMatches = new Map();
  const queue = [...terms];
  const next = async (): Promise<void> => {
    for (let term = queue.shift(); term !== undefined; term = queue.shift()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const files = await grepOne(root, term, left);
      if (files !== undefined) found.set(term, files);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TERMS, terms.length) }, next));
  return found;
}

function grepOne(root: string, term: string, timeoutMs: number): Promise<Set<string> | undefined> {
  const args = ['-C', root, 'grep', '-l', '-z', '-i', '-F', '-I', '--untracked', '-e', term];
  return new Promise((resolve) => {
    execFile('git', args, { encoding: 'utf8', maxBuffer: MAX_GREP_OUTPUT, timeout: timeoutMs }, (error, stdout) => {
      // Exit 1 is "no match"; a timeout or any other failure leaves the term unscanned.
      if (error && !(error.code === 1 && !error.killed)) return resolve(undefined);
      resolve(new Set(stdout.split('\0').filter((p) => p !== '')));
    });
  });
}

async function readTerms(root: string, terms: string[], paths: string[], deadline: number): Promise<TermMatches> {
  const lowered = terms.map((t) => t.toLowerCase());
  const hits = lowered.map(() => new Set<string>());
  for (const file of paths) {
    if (Date.now() > deadline) return new Map(); // partial counts would skew every term: none rather than some
    let text: string;
    try {
      text = (await readFile(path.join(root, ...file.split('/')), 'utf8')).toLowerCase();
    } catch {
      continue; // vanished or unreadable: nothing to find in it
    }
    lowered.forEach((term, i) => {
      if (text.includes(term)) hits[i]!.add(file);
    });
  }
  return new Map(terms.map((term, i) => [term, hits[i]!]));
}
