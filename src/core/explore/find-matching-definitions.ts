import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { stemWords } from '../code-index/stem-words.js';
import { hasBody } from './rank-definitions.js';

/** Definitions read for a question that names no code: the best, and a second that holds as many of its words. */
const MAX_MATCHING = 2;
/** A definition must hold at least this many of the question's distinct words (or all of them when it has fewer). */
const MIN_WORDS = 2;
/**
 * Words of a question that are prose, not code, though code has them: "while a timeout is set" is not about a
 * `while` loop.
 */
const PROSE = new Set([
  'while',
  'during',
  'whether',
  'happen',
  'happens',
  'happened',
  'then',
  'way',
  'ways',
  'reach',
  'reaches',
  'has',
  'have',
  'had',
  'been',
  'being',
  'will',
]);
/**
 * A failure, however the question says it, is code that throws or catches, in each language's words: "what
 * happens when a task throws" is answered where `try`/`catch`, `raise`/`except`, `reject` or `panic`/`recover` are.
 */
const FAILURE_WORDS =
  /^(throw|throws|thrown|throwing|raise|raises|raised|raising|exceptions?|errors?|fails?|failed|failing|failures?|crash(es|ed)?|panics?)$/;
const FAILURE_CODE = ['throw', 'catch', 'try', 'raise', 'except', 'error', 'reject', 'panic', 'recover', 'rescue'];

/** A definition picked by the question's words: its qualified name and the words its body holds. */
export interface MatchingDefinition {
  def: SymbolHit;
  /** `PQueue.add.run`: what a definition read finds it by (scope and name). */
  qualified: string;
  /** The question's words its body holds, as the question says them. */
  words: string[];
}

/**
 * For a question that names no code ("what happens when a task throws while a timeout is set"): the functions and
 * methods of the question's files whose bodies hold the most of its distinct words, each word weighted by how few
 * of those definitions hold it (a word every method has says nothing). A failure counts as one word whatever code
 * says it (`throw`, `catch`, `try`…). Only a definition holding at least two of the words (all of them, for a
 * question of one word) is kept; of equal ones the innermost (the nested `run` a method hands its work to, not the
 * method around it). A second is kept when it holds as many words as the first and neither holds the other, unless
 * the first is named by the question in prose.
 */
export function findMatchingDefinitions(
  files: readonly { path: string; text: string; symbols: readonly SymbolHit[] }[],
  words: readonly string[],
): MatchingDefinition[] {
  const concepts = toConcepts(words);
  if (concepts.length === 0) return [];
  const defs = files.flatMap((f) => f.symbols.filter((d) => (d.kind === 'function' || d.kind === 'method') && hasBody(d)));
  if (defs.length === 0) return [];
  // Every word as the index stems it (`throws` and `throw` alike), the code's identifiers split into their words;
  // each line's code apart from its comments and docstrings.
  const split = new Map(
    files.map((f) => [
      f.path,
      splitComments(f.text.split('\n'), f.path).map(({ code, comment }) => ({ code: wordsOf(code), comment: wordsOf(comment) })),
    ]),
  );
  const vocabulary = [...new Set([...split.values()].flatMap((ls) => ls.flatMap((l) => [...l.code, ...l.comment])))];
  const stems = stemWords(vocabulary);
  const stemOf = new Map(vocabulary.map((w, i) => [w, stems[i]!] as const));
  const conceptOf = new Map<string, number>();
  for (const [i, c] of concepts.entries()) for (const t of stemWords(c.terms)) if (!conceptOf.has(t)) conceptOf.set(t, i);
  // Per definition, each concept it holds: 1 when its code says it, COMMENT_SHARE when only a comment does.
  const held = new Map<SymbolHit, Map<number, number>>();
  for (const d of defs) {
    const found = new Map<number, number>();
    for (const line of split.get(d.path)!.slice(d.startLine - 1, d.endLine)) {
      for (const [words, share] of [
        [line.code, 1],
        [line.comment, COMMENT_SHARE],
      ] as const) {
        for (const w of words) {
          const i = conceptOf.get(stemOf.get(w) ?? w);
          if (i !== undefined && (found.get(i) ?? 0) < share) found.set(i, share);
        }
      }
    }
    held.set(d, found);
  }
  const weight = concepts.map((_c, i) => {
    const df = defs.filter((d) => held.get(d)!.has(i)).length;
    return df === 0 ? 0 : Math.log(1 + defs.length / df);
  });
  const least = Math.min(MIN_WORDS, concepts.length);
  const scored = defs
    .map((d) => ({ d, count: held.get(d)!.size, score: [...held.get(d)!].reduce((s, [i, share]) => s + share * weight[i]!, 0) }))
    .filter((s) => s.count >= least)
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.d.endLine - a.d.startLine - (b.d.endLine - b.d.startLine) ||
        files.findIndex((f) => f.path === a.d.path) - files.findIndex((f) => f.path === b.d.path),
    );
  // A definition whose whole name the question says in words ("calling a hook": HookCaller.__call__) is the one it
  // means, in prose, when its body holds nearly as many of the words as the best (one fewer at most).
  const spells = spelledBy(words);
  const most = scored[0]?.count ?? 0;
  const named = scored.filter((s) => s.count >= most - 1 && spells(s.d));
  const picked: typeof scored = [];
  for (const s of [...named, ...scored.filter((x) => !named.includes(x))]) {
    // The one the question names in prose is the one it asks about: no second.
    if (picked.length >= (named.length > 0 ? 1 : MAX_MATCHING)) break;
    if (picked.length > 0 && (s.count < picked[0]!.count || picked.some((p) => nests(p.d, s.d)))) continue;
    picked.push(s);
  }
  return picked.map(({ d }) => ({
    def: d,
    qualified: d.scope ? `${d.scope}.${d.name}` : d.name,
    words: [...held.get(d)!.keys()].sort((a, b) => a - b).map((i) => concepts[i]!.word),
  }));
}

/**
 * Whether the question's words say every word of a definition's name and scope (`HookCaller.__call__`: hook,
 * caller, call), each as the index stems it, one the start of the other (`calling` says `caller`).
 */
function spelledBy(words: readonly string[]): (def: SymbolHit) => boolean {
  const said = stemWords([...words]).filter((w) => w.length >= MIN_STEM);
  return (def) => {
    const parts = splitIdentifier(`${def.scope} ${def.name}`);
    if (parts.length === 0) return false;
    return stemWords(parts).every((p) => said.some((w) => p.startsWith(w) || (p.length >= MIN_STEM && w.startsWith(p))));
  };
}

/** An identifier's words, lowercase. */
function wordsOf(text: string): string[] {
  return (text.match(/[A-Za-z_$][\w$]*/g) ?? []).flatMap(splitIdentifier);
}

/**
 * Each line's code and its comment: Python's `#` comments and docstrings, `//` and `/* … *\/` elsewhere (a `#`
 * or `//` inside quotes on the line is taken as code). A question about behaviour is answered where the code says
 * its words; a docstring that mentions them (an exception's "if the signature expired") counts for less.
 */
function splitComments(lines: string[], path: string): { code: string; comment: string }[] {
  const python = /\.pyi?$/.test(path);
  let inBlock = false;
  return lines.map((line) => {
    const trimmed = line.trim();
    if (python) {
      const quotes = (trimmed.match(/"""|'''/g) ?? []).length;
      if (inBlock || /^[rRbBuU]?("""|''')/.test(trimmed)) {
        if (inBlock ? quotes % 2 === 1 : quotes === 1) inBlock = !inBlock;
        return { code: '', comment: line };
      }
      const hash = /\s#(?=[^'"]*$)|^\s*#/.exec(line);
      return hash ? { code: line.slice(0, hash.index), comment: line.slice(hash.index) } : { code: line, comment: '' };
    }
    if (inBlock) {
      if (trimmed.includes('*/')) inBlock = false;
      return { code: '', comment: line };
    }
    if (trimmed.startsWith('/*') || trimmed.startsWith('*')) {
      if (trimmed.startsWith('/*') && !trimmed.includes('*/')) inBlock = true;
      return { code: '', comment: line };
    }
    const slashes = /\/\/(?=[^'"`]*$)/.exec(line);
    return slashes ? { code: line.slice(0, slashes.index), comment: line.slice(slashes.index) } : { code: line, comment: '' };
  });
}

/** What a word only a comment or docstring says counts, against 1 for the code. */
const COMMENT_SHARE = 0.5;

/** The shortest stem a word is matched by as the start of a longer one. */
const MIN_STEM = 3;

/** The question's distinct words, prose left out, every failure word one concept with the code that says it. */
function toConcepts(words: readonly string[]): { word: string; terms: string[] }[] {
  const concepts: { word: string; terms: string[] }[] = [];
  let failure = false;
  for (const word of words) {
    if (PROSE.has(word)) continue;
    if (FAILURE_WORDS.test(word)) {
      if (!failure) concepts.push({ word, terms: [word, ...FAILURE_CODE] });
      failure = true;
      continue;
    }
    concepts.push({ word, terms: [word] });
  }
  return concepts;
}

/** Whether one definition holds the other (a method and the function nested in it). */
function nests(a: SymbolHit, b: SymbolHit): boolean {
  if (a.path !== b.path) return false;
  return (a.startLine <= b.startLine && b.endLine <= a.endLine) || (b.startLine <= a.startLine && a.endLine <= b.endLine);
}
