/**
 * Identifier splitting for full-text search: `parseHttpRequest`,
 * `parse_http_request` and `ParseHTTPRequest` all become
 * `parse http request`, so a question in plain words finds the code.
 */

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
// Boundaries: lower->Upper, ACRONYM->Word, letter<->digit.
const CAMEL_BOUNDARY = /([a-z0-9])([A-Z])|([A-Z])([A-Z][a-z])/g;

/** The words inside one identifier, lowercase, in order. */
export function splitIdentifier(identifier: string): string[] {
  const spaced = identifier.replace(CAMEL_BOUNDARY, (_m, a, b, c, d) => (a ? `${a} ${b}` : `${c} ${d}`));
  return spaced
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part.length > 0)
    .map((part) => part.toLowerCase());
}

/**
 * Terms an identifier contributes, cached: code repeats its identifiers, and
 * splitting is most of the indexing cost of search text. Each parser worker
 * has its own cache: 20K entries instead of 200K cut the cold index's peak
 * RSS on the 53K-file bench corpus from 666-747 MB to 620-631 MB (two runs
 * each) for about the same CPU time (42.1-43.1 s with 200K, 42.1-43.9 s with 20K).
 */
const termCache = new Map<string, string>();
const TERM_CACHE_LIMIT = 20_000;

export function toIdentifierTerms(word: string): string {
  let terms = termCache.get(word);
  if (terms === undefined) {
    const parts = splitIdentifier(word);
    terms = parts.length > 1 ? `${parts.join('')} ${parts.join(' ')}` : (parts[0] ?? '');
    if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
    termCache.set(word, terms);
  }
  return terms;
}

/**
 * Text for the FTS index: each distinct identifier once as written
 * (lowercased) and, when it has parts, its parts too. Repeats are dropped:
 * code repeats its names so much that keeping them doubles the FTS work for
 * little ranking gain (BM25 saturates term frequency anyway).
 */
export function toSearchTerms(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  IDENTIFIER.lastIndex = 0;
  for (let match = IDENTIFIER.exec(text); match !== null; match = IDENTIFIER.exec(text)) {
    const word = match[0];
    if (seen.has(word)) continue;
    seen.add(word);
    const terms = toIdentifierTerms(word);
    if (terms) out.push(terms);
  }
  return out.join(' ');
}

/** Words of a path: `src/core/http-client.ts` -> `src core http client ts`. */
export function toPathTerms(relativePath: string): string {
  return relativePath
    .split(/[/._-]+/)
    .flatMap((segment) => splitIdentifier(segment))
    .join(' ');
}

const ONE_CHAR_TERM = /(?:^| )[^ ](?= |$)/g;

/**
 * A path's search terms as the index stores them: without one-character
 * terms (`d` of `.d.ts`, version digits). A question's words shorter than two
 * characters are dropped (toFtsQuery), so no query can match them. Chunk
 * bodies keep theirs (build-chunks.ts says why).
 */
export function withoutOneCharTerms(terms: string): string {
  ONE_CHAR_TERM.lastIndex = 0;
  if (!ONE_CHAR_TERM.test(terms)) return terms;
  return terms
    .split(' ')
    .filter((t) => t.length > 1)
    .join(' ');
}
