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
 * Text for the FTS index: every identifier once as written (lowercased) and,
 * when it has parts, its parts too. Repeats are kept so BM25 sees frequency.
 */
export function toSearchTerms(text: string): string {
  const out: string[] = [];
  for (const match of text.matchAll(IDENTIFIER)) {
    const word = match[0];
    const parts = splitIdentifier(word);
    const lower = word.toLowerCase().replace(/\$/g, '');
    if (parts.length > 1) {
      out.push(lower.replace(/_/g, ''));
      for (const part of parts) out.push(part);
    } else if (parts[0] !== undefined) {
      out.push(parts[0]);
    }
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
