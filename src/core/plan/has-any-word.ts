/**
 * Whether any of the request's words is in the texts, loosely: a word's stem
 * (all but its last two letters, at least four) is enough, as the search
 * stems (`deprecate` matches `deprecated`, `checks` matches `check`).
 */
export function hasAnyWord(texts: string[], words: string[]): boolean {
  const text = texts.join('\n').toLowerCase();
  return words.some((w) => text.includes(w.length <= 4 ? w : w.slice(0, Math.max(4, w.length - 2))));
}
