const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The byte offset where JSON text first nests deeper than `maxDepth` arrays
 * and objects, or undefined. One pass over the bytes, before JSON.parse: a
 * payload of ten million `[` costs a linear scan, not a parse that builds
 * every level (and the recursion of whatever walks the result after). Only
 * the brackets outside strings count; the bytes need not be valid JSON
 * (JSON.parse says what is wrong after). UTF-8 keeps these ASCII bytes out of
 * multi-byte sequences, so the scan runs on the raw bytes.
 */
export function findTooDeep(bytes: Uint8Array, maxDepth: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      depth++;
      if (depth > maxDepth) return i;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) {
      depth--;
    }
  }
  return undefined;
}
