/**
 * The hidden blocks nanodex keeps at the end of its own replies (a proposal,
 * the thread's memory): `<!-- nanodex:<kind> {json} -->`. Only the blocks at
 * the very end of a body count, after everything a person reads, and any
 * look-alike in the text above (a quoted file, a model's code span) is
 * neutralised before nanodex appends its own, so nobody can plant one in a
 * reply nanodex posts.
 */

/** Room kept under GitHub's comment limit for the sticky marker the adapter adds on the first line. */
export const STICKY_MARKER_ROOM = 256;

const LOOK_ALIKE = /<!--(\s*)nanodex:(proposal|memory)/gi;
const TRAILING = /\s*<!-- nanodex:(proposal|memory) ([^\n]*?) -->\s*$/;

/** A hidden block: JSON with `<`, `>` and `-` escaped inside strings, so nothing in it can close the HTML comment. */
export function encodeHiddenBlock(kind: 'proposal' | 'memory', value: unknown): string {
  const json = JSON.stringify(value).replace(/[<>-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<!-- nanodex:${kind} ${json} -->`;
}

/** The text with every look-alike of a hidden block broken (a zero-width space after "nanodex"): shown the same, never read. */
export function neutraliseHiddenBlocks(text: string): string {
  return text.replace(LOOK_ALIKE, (_match, space: string, kind: string) => `<!--${space}nanodex\u200b:${kind}`);
}

/** The hidden blocks at the end of a body, last first: their kind and JSON. Anything above the last visible line is not a block. */
export function readTrailingBlocks(body: string): { kind: 'proposal' | 'memory'; json: string }[] {
  const found: { kind: 'proposal' | 'memory'; json: string }[] = [];
  let rest = body;
  for (let match = TRAILING.exec(rest); match !== null; match = TRAILING.exec(rest)) {
    found.push({ kind: match[1]!.toLowerCase() as 'proposal' | 'memory', json: match[2]! });
    rest = rest.slice(0, match.index);
  }
  return found;
}
