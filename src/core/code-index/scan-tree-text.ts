import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** For each term, the files (repo paths) whose text holds it (one of its spellings), case-insensitively; a term the scan did not finish is absent. */
export type TermMatches = Map<string, Set<string>>;

/** git grep's output for a common term in a big tree (every path once) must fit. */
const MAX_GREP_OUTPUT = 64 * 1024 * 1024;
/** Terms scanned at once: git grep is threaded already, a few processes overlap their start-up and reads. */
const PARALLEL_TERMS = 4;

/**
 * Which files hold each term, found within `timeoutMs`: `git grep -l -i -F`
 * per term in a git work tree (tracked and untracked files, as .gitignore
 * leaves them), else a read of `paths` in this process. A term is found as
 * any of its `spellings` (lowercase; the term itself when it has none). What
 * the time left does not cover is left out: the caller picks from what came back.
 */
export async function scanTreeText(
  root: string,
  terms: string[],
  options: { timeoutMs: number; paths: string[]; git: boolean; spellings?: ReadonlyMap<string, string[]> },
): Promise<TermMatches> {
  const deadline = Date.now() + options.timeoutMs;
  const spelled = new Map(terms.map((t) => [t, options.spellings?.get(t) ?? [t.toLowerCase()]]));
  return options.git ? grepTerms(root, spelled, deadline) : readTerms(root, spelled, options.paths, deadline);
}

async function grepTerms(root: string, terms: Map<string, string[]>, deadline: number): Promise<TermMatches> {
  const found: TermMatches = new Map();
  const queue = [...terms];
  const next = async (): Promise<void> => {
    for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      const files = await grepOne(root, entry[1], left);
      if (files !== undefined) found.set(entry[0], files);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_TERMS, terms.size) }, next));
  return found;
}

function grepOne(root: string, spellings: string[], timeoutMs: number): Promise<Set<string> | undefined> {
  const args = ['-C', root, 'grep', '-l', '-z', '-i', '-F', '-I', '--untracked', ...spellings.flatMap((s) => ['-e', s])];
  return new Promise((resolve) => {
    execFile('git', args, { encoding: 'utf8', maxBuffer: MAX_GREP_OUTPUT, timeout: timeoutMs }, (error, stdout) => {
      // Exit 1 is "no match"; a timeout or any other failure leaves the term unscanned.
      if (error && !(error.code === 1 && !error.killed)) return resolve(undefined);
      resolve(new Set(stdout.split('\0').filter((p) => p !== '')));
    });
  });
}

async function readTerms(root: string, terms: Map<string, string[]>, paths: string[], deadline: number): Promise<TermMatches> {
  const lowered = [...terms.values()];
  const hits = lowered.map(() => new Set<string>());
  for (const file of paths) {
    if (Date.now() > deadline) return new Map(); // partial counts would skew every term: none rather than some
    let text: string;
    try {
      text = (await readFile(path.join(root, ...file.split('/')), 'utf8')).toLowerCase();
    } catch {
      continue; // vanished or unreadable: nothing to find in it
    }
    lowered.forEach((spellings, i) => {
      if (spellings.some((s) => text.includes(s))) hits[i]!.add(file);
    });
  }
  return new Map([...terms.keys()].map((term, i) => [term, hits[i]!]));
}
