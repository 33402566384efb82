import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { isProductFile } from '../explore/map-modules.js';
import type { PromptReading } from '../explore/read-prompt.js';
import type { EvidenceItem } from '../explore/types.js';
import { commonWords, MIN_FILES_TO_TELL } from './common-words.js';
import { hasAnyWord } from './has-any-word.js';
import { asksToReject, TURNS_AWAY } from './rejection-words.js';

/** At most this many of a named class's methods: the rest of the plan's symbols keep their room. */
const MAX_MEMBERS = 5;
/** Distinct specific request words a symbol of another file holds to be read beside the named code. */
const MIN_SPECIFIC_WORDS = 2;

/** What a plan reads around the code the request names in the files to change. */
export interface NamedCodeFocus {
  /** The named classes' methods whose lines hold the request's words, the likely change site first. */
  members: SymbolHit[];
  /** Whether a symbol the evidence (or a related file) points at is read with the named code. */
  keeps(s: SymbolHit): boolean;
}

/**
 * The code a plan reads when the request names code in the files to change
 * (the anchors: `DateTime`, `PQueue.add`). A named class brings its methods
 * whose bodies hold the request's specific words (not the named names, not
 * words most files hold), ranked by how many they hold, one more when the
 * request turns input away and the method already raises or returns an error
 * (marshmallow's "DateTime field should reject True and False when the format
 * is timestamp": `DateTime._deserialize`, which raises `invalid`, before
 * `_serialize`). Beside them, a symbol of a file to change is kept only inside
 * the named function or called by the named code (a queue's `clear` that shares "clear" with
 * "a clear error" is not), and a symbol of another file only when its name and
 * lines hold MIN_SPECIFIC_WORDS such words or the named code calls it.
 */
export function focusOnNamedCode(input: {
  index: CodeIndex;
  anchors: SymbolHit[];
  reading: PromptReading;
  evidence: EvidenceItem[];
  texts: ReadonlyMap<string, string>;
}): NamedCodeFocus {
  const { index, anchors } = input;
  const qualified = (s: SymbolHit) => (s.scope ? `${s.scope}.${s.name}` : s.name);
  const namedWords = new Set(
    [...input.reading.identifiers, ...anchors.map(qualified)]
      .flatMap((id) => id.split('.'))
      .flatMap((part) => [part, ...splitIdentifier(part)].map((w) => w.toLowerCase())),
  );
  const isCommon = commonWords(index, (path) => isProductFile(index, path), MIN_FILES_TO_TELL);
  const specific = input.reading.words.filter((w) => w.length >= 3 && !namedWords.has(w) && !isCommon(w));
  const rejects = asksToReject(input.reading.words);
  const changing = new Set(anchors.map((a) => a.path));
  const lines = (s: SymbolHit): string => {
    const text = input.texts.get(s.path);
    if (text !== undefined)
      return text
        .split('\n')
        .slice(s.startLine - 1, s.endLine)
        .join('\n');
    // The lines of it the exploration read, when the file's text was not handed in.
    return input.evidence
      .filter((e) => e.path === s.path && e.startLine <= s.endLine && s.startLine <= e.endLine)
      .map((e) =>
        e.snippet
          .split('\n')
          .slice(Math.max(s.startLine, e.startLine) - e.startLine, Math.min(s.endLine, e.endLine) - e.startLine + 1)
          .join('\n'),
      )
      .join('\n');
  };
  const held = (s: SymbolHit) => {
    const text = `${splitIdentifier(s.name).join(' ')}\n${lines(s)}`;
    return specific.filter((w) => hasAnyWord([text], [w])).length;
  };
  const classes = anchors.filter((a) => /class|struct|interface|trait|impl/.test(a.kind));
  const methodsOf = (c: SymbolHit) =>
    index.symbolsIn(c.path).filter((s) => s.scope === qualified(c) && /function|method|constructor/.test(s.kind));
  // What the named code calls: a named class calls what its methods call (`is_text_serializer` in `Serializer.__init__`).
  const callers = [...anchors, ...classes.flatMap(methodsOf)];
  const callees = new Set(
    callers.flatMap((a) => index.callees(a.id, 1, 50).flatMap((c) => (c.symbolId === undefined ? [] : [c.symbolId]))),
  );
  const members = classes
    .flatMap((c) => methodsOf(c).map((s) => ({ s, score: held(s) + (rejects && TURNS_AWAY.test(lines(s)) ? 1 : 0) })))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.s.startLine - b.s.startLine)
    .slice(0, MAX_MEMBERS)
    .map((m) => m.s);
  // Inside a named function: its own callbacks and helpers. A named class's methods are its members, ranked above.
  const inside = (s: SymbolHit) =>
    anchors.some((a) => !classes.includes(a) && a.path === s.path && a.startLine <= s.startLine && s.endLine <= a.endLine);
  return {
    members,
    keeps: (s) =>
      anchors.some((a) => a.id === s.id) ||
      members.some((m) => m.id === s.id) ||
      inside(s) ||
      callees.has(s.id) ||
      (!changing.has(s.path) && held(s) >= MIN_SPECIFIC_WORDS),
  };
}
