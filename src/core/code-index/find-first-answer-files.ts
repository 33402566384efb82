import escapeStringRegexp from 'escape-string-regexp';
import path from 'node:path';
import { readPrompt } from '../explore/read-prompt.js';
import { classifyFile } from '../repo/classify-file.js';
import { splitIdentifier } from './identifier-terms.js';
import { findLanguage } from './languages.js';
import type { TermMatches } from './scan-tree-text.js';
import { stemWords } from './stem-words.js';

/** A file the tree offers: its repo path and size in bytes. */
export interface CandidateFile {
  path: string;
  size: number;
}

/** What a first answer may parse, and each file's size (read only for files in the running: a big tree is not statted whole). */
export interface FirstAnswerLimits {
  files: number;
  bytes: number;
  sizeOf?: (path: string) => number;
}

export interface FirstAnswerPick {
  /** The files to index for the answer, best first. */
  paths: string[];
  /** The terms the text scan was asked for. */
  terms: string[];
}

/**
 * The terms a first answer scans the tree for: the first line's, code names
 * first (whole, then their dotted parts); then the other code names and
 * words in turn, each as written. Each term is one git
 * grep over the tree; past this many the scan costs more than it adds.
 */
const MAX_TERMS = 10;
/**
 * What a first answer parses. Parsing costs about 0.7 s per MB on this
 * machine's cores (issue 28); 1.5 MB keeps the whole first answer near a
 * second on top of start-up, and held the hunk hit of the sympy reports.
 * Each file costs its rows besides its bytes: with path names weighed by
 * rarity the pick filled 45 small files on average on sympy (29 before, and
 * 0.2 s more CPU for `ask`); 40 held every changed file the 60 held, on
 * sympy's 32 commits and the held-out 48.
 */
export const FIRST_ANSWER_LIMITS = { files: 40, bytes: 1_500_000 };
/** A file named in the question or in a pasted traceback: near-certain, like `locate`'s mentioned path. */
const MENTIONED = 20;
/**
 * Weights of a term found in a file's text (code names count double); a word
 * found only in another form (by its stem: `determine` for "determinant")
 * counts half, as another form is often another meaning.
 */
const WEIGHT = { text: 1, codeName: 2, otherForm: 0.5 };
/**
 * Weights of a term naming a file (its name) or a folder it is in, times the
 * term's rarity among the tree's paths, as a text match is weighed by its
 * rarity among texts: "assumptions" names sympy's `core/assumptions.py` and
 * the 40 files of `assumptions/` out of 1,957, and points at them more
 * surely than a question's rarer words ("display", "old") found in the text
 * of big files that hold every word; a folder holding most of the tree
 * (`sympy/`, `src/`) weighs next to nothing. Weighed alike whatever the
 * rarity (2 in a name, 0.5 in a folder), the pick left out 14 of the 43
 * files 32 sympy commits changed; weighed so, 11 (the same 11 with a folder
 * at 1, but ranked lower: `simplify/fu.py` 17th for "simplify" against 4th).
 */
const PATH_WEIGHT = { name: 3, folder: 2 };
/** Tests, docs, config and generated files are picked after the product code that has the same words (as `locate` ranks them). */
const NOT_PRODUCT = 0.5;
/** The best-scored files looked at again for their kind; past these, none would be picked anyway. */
const RERANKED = 500;

const CODE_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;
const WEB_HOST = /\.(?:com|org|net|io|dev)$/i;

/** A question's terms, code names first, and what each is found as in text and paths (lowercase). */
export interface FirstAnswerTerms {
  terms: string[];
  codeNames: Set<string>;
  /**
   * What to scan for: every term as written, and a word also by its stem
   * (under stemKey(word)), as the index's search terms hold it (stemWords):
   * `retries` as `retri` or `retry`, `computed` as `comput`.
   */
  spellings: Map<string, string[]>;
}

/** The key of a word's stem spellings in FirstAnswerTerms.spellings and in the scan's matches. */
export function stemKey(term: string): string {
  return `${term}*`;
}

/** Stems shorter than this are too common a substring (`us` of `uses`): the word is found as written. */
const MIN_STEM = 4;

/** The terms of a question to scan the tree for, code names first. */
export function readFirstAnswerTerms(prompt: string): FirstAnswerTerms {
  const reading = readPrompt(prompt);
  const codeNames = new Set<string>();
  for (const name of reading.identifiers) {
    // Not a code name: a snippet with spaces or operators, an abbreviation (e.g), a host (tinyurl.com).
    if (!CODE_NAME.test(name) || name.split('.').every((p) => p.length < 3) || WEB_HOST.test(name)) continue;
    codeNames.add(name);
    for (const part of name.split('.')) if (part.length >= 3) codeNames.add(part);
  }
  const words = reading.words.filter((word) => ![...codeNames].some((t) => t.toLowerCase() === word));
  const kept = orderTerms(prompt, [...codeNames], words).slice(0, MAX_TERMS);
  const keptWords = kept.filter((t) => !codeNames.has(t));
  const stems = stemWords(keptWords);
  const spellings = new Map(kept.map((t) => [t, [t.toLowerCase()]]));
  keptWords.forEach((word, i) => {
    const forms = toSpellings(word.toLowerCase(), stems[i]!);
    if (forms.join() !== word.toLowerCase()) spellings.set(stemKey(word), forms);
  });
  return { terms: kept, codeNames, spellings };
}

/**
 * The order terms are kept in: the first line's (a report's title names its
 * subject) as `terms` lists them, code names first; then the rest of the
 * code names and words in turn, so a pasted snippet's names (black#2313's
 * `xxxx.xxxxxx.xxxxxxxxx`, ten of them) cannot crowd out every word
 * ("experimental string processing crash").
 */
function orderTerms(prompt: string, codeNames: string[], words: string[]): string[] {
  const title = (prompt.split('\n').find((line) => line.trim() !== '') ?? '').toLowerCase();
  const inTitle = (term: string) => new RegExp(`(?<![\\w$])${escapeStringRegexp(term.toLowerCase())}`).test(title);
  const first = [...codeNames, ...words].filter(inTitle);
  const names = codeNames.filter((t) => !first.includes(t));
  const rest = words.filter((t) => !first.includes(t));
  const ordered = [...first];
  for (let i = 0; i < Math.max(names.length, rest.length); i++) {
    if (i < names.length) ordered.push(names[i]!);
    if (i < rest.length) ordered.push(rest[i]!);
  }
  return ordered;
}

/**
 * Substrings that find a word's stem in text: the stem where the word begins
 * with it (and its `y` form where the stemmer turned a final `y` into `i`:
 * `retry`), else what word and stem share; the word itself when that is short.
 */
function toSpellings(word: string, stem: string): string[] {
  let shared = 0;
  while (shared < stem.length && stem[shared] === word[shared]) shared += 1;
  const base = stem.slice(0, shared);
  if (base.length < MIN_STEM) return [word];
  return base === stem && stem.endsWith('i') ? [base, `${base.slice(0, -1)}y`] : [base];
}

/**
 * The files a first answer indexes, picked without an index: files the
 * question or a pasted traceback names; then files scored by the question's
 * terms, rarer terms weighing more (log inverse document frequency), found
 * in their text (`matches`, from scanTreeText), their file name and their
 * folders; product code before tests and docs. Picked best first while they
 * fit `limits`. Pure.
 */
export function findFirstAnswerFiles(
  prompt: string,
  files: (CandidateFile | string)[],
  matches: TermMatches,
  limits: FirstAnswerLimits = FIRST_ANSWER_LIMITS,
): FirstAnswerPick {
  const { terms, codeNames, spellings } = readFirstAnswerTerms(prompt);
  const total = Math.max(files.length, 1);
  const score = new Map<string, number>();
  const add = (file: string, points: number) => score.set(file, (score.get(file) ?? 0) + points);
  const paths = files.map((f) => (typeof f === 'string' ? f : f.path));
  const known = new Set(paths);
  const idf = (count: number) => Math.log(1 + total / Math.max(count, 1));
  for (const term of terms) {
    const found = new Set([...(matches.get(term) ?? [])].filter((f) => known.has(f)));
    const otherForms = [...(matches.get(stemKey(term)) ?? [])].filter((f) => known.has(f) && !found.has(f));
    const factor = WEIGHT.text * (codeNames.has(term) ? WEIGHT.codeName : 1);
    for (const file of found) add(file, factor * idf(found.size));
    for (const file of otherForms) add(file, factor * WEIGHT.otherForm * idf(found.size + otherForms.length));
  }
  const lowered = terms.map((t) => ({ term: t, code: codeNames.has(t), forms: spellings.get(stemKey(t)) ?? spellings.get(t)! }));
  const named = new Map(terms.map((t) => [t, [] as string[]]));
  const inFolder = new Map(terms.map((t) => [t, [] as string[]]));
  for (const file of paths) {
    const lower = file.toLowerCase();
    // A substring test first: on a big tree most paths hold no term, and need no splitting.
    if (!lowered.some(({ forms }) => forms.some((f) => lower.includes(f)))) continue;
    const stem = path.posix.basename(lower).replace(/\.[^.]+$/, '');
    const stemParts = [stem, ...splitIdentifier(path.posix.basename(file).replace(/\.[^.]+$/, '')).map((p) => p.toLowerCase())];
    const folders = path.posix.dirname(lower).split('/');
    for (const { term, code, forms } of lowered) {
      // A code name names a file or folder whole; a word's stem begins one (`retry` for "retries").
      const names = (part: string) => forms.some((f) => (code ? part === f : part.startsWith(f)));
      if (stemParts.some(names)) named.get(term)!.push(file);
      else if (folders.some(names)) inFolder.get(term)!.push(file);
    }
  }
  for (const { term, code } of lowered) {
    const factor = (code ? WEIGHT.codeName : 1) * idf(named.get(term)!.length + inFolder.get(term)!.length);
    for (const file of named.get(term)!) add(file, PATH_WEIGHT.name * factor);
    for (const file of inFolder.get(term)!) add(file, PATH_WEIGHT.folder * factor);
  }
  for (const file of findMentionedFiles(prompt, paths)) add(file, MENTIONED);
  const byScore = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);
  const ranked = [...score]
    .sort(byScore)
    .slice(0, RERANKED)
    .map(([file, points]): [string, number] =>
      classifyFile(file).kind !== 'product' || findLanguage(file) === undefined ? [file, points * NOT_PRODUCT] : [file, points],
    )
    .sort(byScore);

  const sizes = new Map(files.flatMap((f) => (typeof f === 'string' ? [] : [[f.path, f.size] as const])));
  const sizeOf = (file: string) => sizes.get(file) ?? limits.sizeOf?.(file) ?? 0;
  const picked: string[] = [];
  let bytes = 0;
  for (const [file, points] of ranked) {
    if (picked.length >= limits.files) break;
    const fileBytes = sizeOf(file);
    // A named file is always read; another that would overflow the bytes is passed over for a smaller one.
    if (points < MENTIONED && bytes + fileBytes > limits.bytes) continue;
    picked.push(file);
    bytes += fileBytes;
  }
  return { paths: picked, terms };
}

/** Paths the question spells out, and files of a pasted traceback's frames, matched to the tree by their ends. */
function findMentionedFiles(prompt: string, files: string[]): string[] {
  const named = new Set(readPrompt(prompt).paths);
  for (const m of prompt.matchAll(/File "([^"]+)", line \d+/g)) named.add(m[1]!);
  for (const m of prompt.matchAll(/([\w./\\-]+\.\w{1,4}):\d+/g)) named.add(m[1]!);
  const found: string[] = [];
  for (const name of named) {
    const wanted = name.replace(/\\/g, '/').replace(/^\.?\//, '');
    if (wanted === '') continue;
    // The longest tail of the named path that is a file of the tree (a traceback's absolute path ends in a repo path).
    const hit = files.find((f) => f === wanted || wanted.endsWith(`/${f}`) || f.endsWith(`/${wanted}`));
    if (hit !== undefined) found.push(hit);
  }
  return found;
}
