import type { CodeIndex, ListedFile } from '../code-index/code-index.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { classifyFile, isGeneratedOrVendored } from '../repo/classify-file.js';
import { isTestFile } from '../repo/is-test-file.js';
import { findLibraryNames, findModuleFiles } from './find-module-files.js';
import { findNamedFiles } from './read-named-paths.js';
import { readPrompt } from './read-prompt.js';
import { dropTemplateLines, findCodeLines } from './read-report-code.js';
import { scoreReportCode } from './score-report-code.js';
import { trimStackTraces } from './trim-stack-traces.js';

export interface LocatedFile {
  path: string;
  score: number;
  reason: string;
  /** The file's chunks that matched the question's words, best first (at most 5): what to read of it. */
  chunks: MatchedChunk[];
}

export interface MatchedChunk {
  startLine: number;
  endLine: number;
  /** The symbol or section the chunk is in (`class Flask > wsgi_app`), or its kind. */
  context: string;
  /** Relative to the best chunk of the whole search (1). */
  relevance: number;
}

const CHUNKS_PER_FILE = 5;

/** Chunks fetched from full-text search before they are folded into files. */
const SEARCH_CHUNKS = 200;
/**
 * Weights of the signals, summed per file, tuned on 200 real commits from
 * five repositories in five languages (bench/eval: query = commit message,
 * expected = the source files it changed) and checked on 200 older ones.
 * Full-text relevance is the base (a file's best chunk, plus its next three
 * at 0.3); a named definition or a path the question spells out is
 * near-certain; words of the question in a file's name help a little; a file
 * next to a strong candidate inherits a little, once, from its strongest link
 * (summed per edge, hubs outranked real matches: recall@5 0.55 -> 0.74).
 * A name the question spells out that the repository uses but never defines
 * counts for the files using it (issue 13's exact pass: on 120 commits
 * recall@5 0.888 -> 0.913, all-in-5 0.833 -> 0.858, MRR 0.760 -> 0.769).
 */
const WEIGHT = { text: 1, extraChunks: 0.3, definition: 3, exactUse: 2, mentionedPath: 4, pathWords: 0.4, neighbour: 0.1, remembered: 2.5 };
/**
 * Each further name a file defines counts 0.7 times the one before: a pasted trace's driver frames name four
 * functions of one file (12 points before), and a file that defines what a change names is found by the first.
 * Tune halves: commits R@1 0.625 -> 0.656, All@5 0.891 -> 0.906; sympy reports MRR 0.429 -> 0.440.
 */
const DEFINITION_DECAY = 0.7;
/** Why a file earlier replies in the thread cited is a candidate. */
export const REMEMBERED_REASON = 'cited earlier in this thread';
/** A remembered file when the request does not refer back: enough to break a tie, not to outrank a match. */
const WEAK_MEMORY = 0.15;

/** Files earlier replies in the thread cited (most recent request first), and whether this request refers back to them. */
export interface Remembered {
  paths: string[];
  strong: boolean;
}
/**
 * Tests and text files (docs, changelogs, config) share a change's words but
 * are rarely where it lands: measured, scaling them lifted recall@5 from 0.74
 * to 0.84 and moved tests from 23% of the top-5 slots to 1%.
 */
const TEST_FACTOR = 0.3;
const TEXT_FACTOR = 0.5;
/**
 * A type declaration (`index.d.ts`, `index.d.cts`) defines every public name again and matched questions about
 * them before the code (axios: `index.d.cts` cited first for AxiosHeaders); scaled like a test when the
 * repository has the code. A declarations-only repository keeps them as they are.
 */
const DECLARATION_FACTOR = 0.3;
/** Words of change requests and commit messages that say what happens, not where. */
const CHANGE_WORDS =
  /\b(fix(es|ed)?|add(s|ed)?|support|update[sd]?|improve[sd]?|allow|handle|remove[sd]?|make|ensure|avoid|prevent|change[sd]?|correct|properly|instead|now|also|should|would|will|not|don't|doesn't|when|so|if|but|was|were|has|have|been|this|it|its|pr|issue)\b/gi;

/**
 * Ranks the files a question is most likely about, from everything the index
 * knows: identifier-split BM25 over chunks, definitions of the names the
 * question mentions, its words in file paths, and the graph around the best
 * candidates. Deterministic, no model.
 */
export function locateFiles(
  index: CodeIndex,
  prompt: string,
  options: {
    limit?: number;
    pathPrefix?: string;
    files?: ListedFile[];
    isGenerated?: (path: string) => boolean;
    remembered?: Remembered;
  } = {},
): LocatedFile[] {
  const limit = options.limit ?? 10;
  // A pasted stack trace counts by its innermost frames; its outer (driver) frames are every crash's.
  // Issue-template headings and version lines are every report's words, not this one's.
  const question = dropTemplateLines(trimStackTraces(prompt));
  const reading = readPrompt(question);
  const files = options.files ?? index.listFiles();
  // Paths as pasted (permalinks, installed copies, someone's absolute path), mapped to the tree's files.
  const named = findNamedFiles(
    reading.paths,
    files.map((f) => f.path),
  );
  const excluded = excludeGenerated(question, [...reading.paths, ...named], files, options.isGenerated);
  const scores = new Map<string, { score: number; reasons: string[] }>();
  const add = (path: string, amount: number, reason: string): void => {
    if (options.pathPrefix && !path.startsWith(options.pathPrefix.replace(/\/?$/, '/'))) return;
    if (excluded(path)) return;
    const entry = scores.get(path) ?? { score: 0, reasons: [] };
    entry.score += amount;
    if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    scores.set(path, entry);
  };

  // 1. Full-text: each file's best chunk counts fully, its other hits a little (diminishing).
  const matched = new Map<string, MatchedChunk[]>();
  const hits = index.search(question.replace(CHANGE_WORDS, ' '), { limit: SEARCH_CHUNKS, pathPrefix: options.pathPrefix });
  if (hits.length > 0) {
    const best = -hits[0]!.score || 1;
    const perFile = new Map<string, number[]>();
    for (const hit of hits) {
      const relevance = -hit.score / best;
      perFile.set(hit.path, [...(perFile.get(hit.path) ?? []), relevance]);
      const kept = matched.get(hit.path) ?? [];
      if (kept.length < CHUNKS_PER_FILE)
        kept.push({
          startLine: hit.startLine,
          endLine: hit.endLine,
          context: hit.context || hit.kind,
          relevance: Number(relevance.toFixed(4)),
        });
      matched.set(hit.path, kept);
    }
    for (const [path, rel] of perFile) {
      const sorted = rel.sort((a, b) => b - a);
      const text = sorted[0]! + WEIGHT.extraChunks * sorted.slice(1, 4).reduce((a, b) => a + b, 0);
      add(path, WEIGHT.text * text, `matches the question's words (${sorted.length} chunk${sorted.length > 1 ? 's' : ''})`);
    }
  }

  // 2. Names the question mentions: where they are defined. A dotted name (`Session.send`) is looked up by its
  // last part too. A name defined nowhere in the repository (a library's API, a constant's use) is found by an
  // exact pass over the index's references: the files that use exactly that name.
  const libraries = findLibraryNames(findCodeLines(question), files);
  const looked = new Set<string>();
  const definedHere = new Map<string, number>();
  const lookedUp = new Set<string>();
  for (const name of reading.identifiers) {
    const last = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : name;
    // A dotted name that spells a module of the tree (`sympy.abc` in `from sympy.abc import x`) is that module, and
    // one a library heads (`pickle.loads`, `socket.socket` after `import socket`) is the library's: neither is a
    // definition of its last part elsewhere (the lookup resolves `recv.member` by the member, whatever `recv` is).
    const library = name.includes('.') && libraries.has(name.split('.')[0]!);
    let defs = library ? [] : index.findDefinitions(name, 20);
    const ownName = (): boolean => !library && findModuleFiles(name, files).length === 0;
    if (defs.length === 0 && last !== name && last.length > 2 && ownName()) defs = index.findDefinitions(last, 20);
    defs = preferExactCase(defs, last);
    // `m1.rank` and `m2.rank` are one name: counted once, and once per file however often the file defines it.
    const key = defs.length > 0 ? `${defs[0]!.name}@${defs.map((d) => d.path).join(',')}` : name;
    if (looked.has(key)) continue;
    looked.add(key);
    const defFiles = [...new Set(defs.map((d) => d.path))];
    for (const path of defFiles) {
      const earlier = definedHere.get(path) ?? 0;
      definedHere.set(path, earlier + 1);
      const amount = (DEFINITION_DECAY ** earlier * WEIGHT.definition) / Math.sqrt(defs.length);
      add(path, amount, `defines ${defs.find((d) => d.path === path)!.name}`);
    }
    lookedUp.add(last);
    if (defs.length > 0 || last.length < 4) continue;
    const users = new Set(index.findReferences(last, 200).map((r) => r.path));
    for (const path of users) add(path, WEIGHT.exactUse / Math.sqrt(users.size), `uses ${last}`);
  }

  // 2b. A bug report's code and output: what it calls and imports, the check names it quotes.
  scoreReportCode(index, question, { add, files, lookedUp, untrimmed: prompt });

  // 3. Paths the question spells out, and its words in file names.
  const words = new Set(reading.words.flatMap((w) => splitIdentifier(w)).filter((w) => w.length > 2));
  const titleWords = readTitleWords(question);
  for (const file of files) {
    if (named.has(file.path)) add(file.path, WEIGHT.mentionedPath, 'named in the question');
    if (words.size === 0) continue;
    const base = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
    const nameWords = new Set(splitIdentifier(base));
    const dirWords = new Set(
      file.path
        .split('/')
        .slice(0, -1)
        .flatMap((d) => splitIdentifier(d)),
    );
    let hit = 0;
    for (const w of words)
      hit +=
        (nameWords.has(w) || [...nameWords].some((n) => n.length > 3 && (n.startsWith(w) || w.startsWith(n)))
          ? 1
          : dirWords.has(w)
            ? 0.4
            : 0) * (titleWords && !titleWords.has(w) ? BODY_PATH_WORD : 1);
    if (hit > 0 && scores.has(file.path)) add(file.path, WEIGHT.pathWords * Math.min(hit, 3), "its path has the question's words");
    else if (hit >= 1) add(file.path, WEIGHT.pathWords * 0.5 * Math.min(hit, 3), "its path has the question's words");
  }

  // 3b. What earlier replies in this thread cited ("now do the same for the uploader"): ranked like a named path
  // when the request refers back, a tie-breaker otherwise; the first cited counts most.
  for (const [i, path] of (options.remembered?.paths ?? []).entries()) {
    const amount = (WEIGHT.remembered * (options.remembered?.strong ? 1 : WEAK_MEMORY)) / Math.sqrt(i + 1);
    add(path, amount, REMEMBERED_REASON);
  }

  // 4. Graph: neighbours of the strongest candidates, once each, from their strongest link.
  const top = [...scores.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, 5);
  if (top.length > 0) {
    const strength = new Map(top.map(([p, s]) => [p, s.score]));
    const best = new Map<string, { amount: number; reason: string }>();
    for (const edge of index.neighbours(top.map(([p]) => p))) {
      const [near, far] = strength.has(edge.from) ? [edge.from, edge.to] : [edge.to, edge.from];
      if (strength.has(far)) continue;
      const amount = WEIGHT.neighbour * (strength.get(near) ?? 0) * Math.min(1, Math.sqrt(edge.weight) / 3);
      if (amount > (best.get(far)?.amount ?? 0)) best.set(far, { amount, reason: `linked to ${near} (${edge.kind})` });
    }
    for (const [far, { amount, reason }] of best) add(far, amount, reason);
  }

  // 5. Priors: tests and text files rarely hold the change; type declarations describe code that does.
  const language = new Map(files.map((f) => [f.path, f.language]));
  const implemented = hasImplementations(files);
  for (const [path, entry] of scores) {
    if (isTestFile(path)) entry.score *= TEST_FACTOR;
    else if (language.get(path) === 'text') entry.score *= TEXT_FACTOR;
    else if (implemented && classifyFile(path).kind === 'declaration') entry.score *= DECLARATION_FACTOR;
  }

  return [...scores.entries()]
    .map(([path, s]) => ({ path, score: Number(s.score.toFixed(4)), reason: s.reasons.join('; '), chunks: matched.get(path) ?? [] }))
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
    .slice(0, limit);
}

/**
 * A name's definitions spelled exactly as asked, when there are any (the lookup ignores case: `SymPy` in a report's
 * banner also finds the constant `SYMPY`); else all, as a commit that exports a Go function (`InitDefaultCompletionCmd`)
 * names the one it renames (`initDefaultCompletionCmd`).
 */
function preferExactCase<T extends { name: string }>(defs: T[], asked: string): T[] {
  const exact = defs.filter((d) => d.name === asked);
  return exact.length > 0 ? exact : defs;
}

/** Whether the tree has code that type declarations could describe: a `.js`/`.ts` or `.py` file that is not one. */
function hasImplementations(files: ListedFile[]): boolean {
  return files.some((f) => /\.([cm]?[jt]sx?|py)$/.test(f.path) && classifyFile(f.path).kind !== 'declaration');
}

/** A long question with a title line (a bug report): longer than a commit message's subject and body usually are. */
const REPORT_LENGTH = 300;
/**
 * A report's body names every module its script and output touch, so its words in file paths count half; the
 * title's fully (long-report tune halves: sympy MRR 0.401 -> 0.429, pylint 0.711 -> 0.734).
 */
const BODY_PATH_WORD = 0.5;

/** The title's words, split as path words are, when the question is a report (a title line and a long body). */
function readTitleWords(question: string): Set<string> | undefined {
  const [title, ...body] = question.split('\n');
  if (question.length <= REPORT_LENGTH || body.every((l) => l.trim() === '')) return undefined;
  return new Set(readPrompt(title ?? '').words.flatMap((w) => splitIdentifier(w)));
}

/** Questions about build output or vendored code itself: then those files are what is asked about. */
const ASKS_FOR_BUILDS =
  /\b(dist|bundles?|bundled|builds?|generated|minified|compiled|transpiled|cjs|esm|umd|vendor|vendored|third[ _-]party)\b/i;

/**
 * Generated files (bundles, build folders, `linguist-generated`) are left out
 * of the ranking unless the question is about builds or names the file.
 */
export function excludeGenerated(
  question: string,
  namedPaths: string[],
  files: ListedFile[],
  isGenerated?: (path: string) => boolean,
): (path: string) => boolean {
  if (ASKS_FOR_BUILDS.test(question)) return () => false;
  const byPath = new Map(files.map((f) => [f.path, f]));
  const generated =
    isGenerated ??
    ((path: string) => {
      const file = byPath.get(path);
      return file !== undefined && isGeneratedOrVendored(path, file);
    });
  return (path) => !namedPaths.some((p) => path === p || path.endsWith(`/${p}`)) && generated(path);
}
