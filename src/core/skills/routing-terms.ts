import { stemmer } from 'stemmer';
import { splitIdentifier } from '../code-index/identifier-terms.js';

/** One word of a text, in order: its Porter stem, whether it is a stop word, and how much it counts. */
export interface RoutingTerm {
  /** The word as written, lowercased. */
  word: string;
  stem: string;
  stop: boolean;
  /** 1 for a plain word; 0.5 for a part of a code identifier (`writeFile`, `run-operation.ts`), which names code, not intent. */
  weight: number;
}

/**
 * Words that carry no intent. Question words (how, what, why, where, who)
 * and "not" are deliberately absent: they separate explaining and debugging.
 * Stop words still take part in phrase triggers ("how does", "go ahead").
 */
const STOP_WORDS = new Set(
  (
    'a an the is are was were be been being am to for of in on at by with from into onto and or but if then so ' +
    'this that these those it its i me my we our us you your they them their he she his her ' +
    'please can could would should will shall may might must do does did done have has had just also there here ' +
    'some any all about as up out than too very really maybe again still only own same such each other ' +
    'get got let lets make made s d m re ll ve'
  ).split(' '),
);

const IDENTIFIER_LIKE = /[a-z][A-Z]|_|\w\.\w|\/|^[#@]/;
const CONTRACTION = /^(.+?)(n't|'s|'d|'m|'re|'ll|'ve)$/;

/** Words that open a question rather than give an order. */
export const QUESTION_WORDS = new Set(['how', 'what', 'why', 'where', 'who', 'which', 'when', 'whi']);

/** The routing terms of a text: identifiers split, contractions opened, lowercased, stemmed. */
export function toRoutingTerms(text: string): RoutingTerm[] {
  const terms: RoutingTerm[] = [];
  for (const chunk of text.replace(/[’‘]/g, "'").split(/\s+/)) {
    const bare = chunk.replace(/^[^\p{L}\p{N}#@]+|[^\p{L}\p{N}]+$/gu, '');
    if (bare === '') continue;
    const weight = IDENTIFIER_LIKE.test(bare) ? 0.5 : 1;
    for (const word of toWords(bare)) {
      if (/^\d+$/.test(word)) continue;
      terms.push({ word, stem: stemmer(word), stop: STOP_WORDS.has(word), weight });
    }
  }
  return terms;
}

function toWords(chunk: string): string[] {
  const contraction = CONTRACTION.exec(chunk.toLowerCase());
  if (contraction !== null) {
    const [, base = '', suffix] = contraction;
    // "doesn't" → does not, "can't" → can not; other suffixes carry no intent.
    const words = splitIdentifier(base.replace(/^wo$/, 'will').replace(/^ca$/, 'can'));
    return suffix === "n't" ? [...words, 'not'] : words;
  }
  return splitIdentifier(chunk);
}

/**
 * Damerau-Levenshtein distance of at most one (one insertion, deletion,
 * substitution or swap of neighbours): enough for "explian", "refactr",
 * "diagarm", cheap enough to try against every trigger.
 */
export function isOneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}
