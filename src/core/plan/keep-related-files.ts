import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { readClassBases } from '../code-index/read-class-bases.js';
import { REMEMBERED_REASON } from '../explore/locate-files.js';
import { commonWords, MIN_FILES_TO_TELL } from './common-words.js';
import type { FileToChange } from './file-to-change.js';
import { hasAnyWord } from './has-any-word.js';

/** Distinct request words, none common to most files, that make a file's matched lines evidence for this request. */
const MIN_SPECIFIC_WORDS = 2;
const CLASS_KIND = /class|struct|interface|trait/;

/**
 * The files a plan keeps, in their order: those the request names, then only
 * related files with evidence specific to this request, since a maintainer
 * reads "related, read first" as "you need these": a file that defines what
 * the named code calls, by a name that holds a request word most files do not
 * hold (marshmallow's `utils.from_timestamp` for a DateTime "timestamp"
 * request), that defines a subclass of a class the request names (what a
 * change to the class reaches: itsdangerous's `TimedSerializer` for "type
 * Serializer as generic"), that defines a name the request spells (one of
 * several files that do: marshmallow's `schema.py` for "Fix `_deserialize`
 * type hints"), that is named after such a word (cobra's `args.go` for "Add
 * cobra unique args validator"), or whose matched lines hold at least
 * MIN_SPECIFIC_WORDS distinct such words. A file linked through the graph
 * alone, or that shares one word with the request (a validator's "format", a
 * queue's "clear"), is padding and left out; no related file at all is a fine answer. A file the thread's
 * earlier reply cited stays: a follow-up ("now do the same for the uploader") builds on it. When the request names
 * no file, the best-ranked candidate stays whatever its evidence: the plan
 * must say where to start reading.
 */
export function keepRelatedFiles(input: {
  files: FileToChange[];
  /** Per file, what matched of it for this request: its path, the lines read and the chunks the search matched. */
  matched: Map<string, string>;
  words: string[];
  index: CodeIndex;
  isChangeable: (path: string) => boolean;
  /** Whether the request spells this file's path, or a name the file defines (one of several that do). */
  isNamed: (path: string) => boolean;
}): FileToChange[] {
  const { files, index } = input;
  const named = files.filter((f) => f.certainty === 'named');
  if (files.length === named.length) return files;
  const isCommon = commonWords(index, input.isChangeable, MIN_FILES_TO_TELL);
  const specific = input.words.filter((w) => w.length >= 3 && !isCommon(w));
  const called = calledPaths(index, named, specific);
  const extending = extendingNamed(index, named);
  const best = named.length === 0 ? files[0] : undefined;
  return files.filter(
    (f) =>
      f.certainty === 'named' ||
      f === best ||
      // What the thread's earlier reply cited ("now do the same for the uploader" follows the retry helper it named).
      f.why.includes(REMEMBERED_REASON) ||
      input.isNamed(f.path) ||
      isNamedAfter(f.path, specific) ||
      called.has(f.path) ||
      extending(f.path) ||
      specific.filter((w) => hasAnyWord([input.matched.get(f.path) ?? ''], [w])).length >= MIN_SPECIFIC_WORDS,
  );
}

/**
 * The files that define what the named files' symbols call (a class's methods included), where the callee's name
 * holds one of the request's specific words: the named code hands that part of the request to them.
 */
function calledPaths(index: CodeIndex, named: FileToChange[], specific: string[]): Set<string> {
  const out = new Set<string>();
  if (specific.length === 0) return out;
  for (const file of named) {
    const defined = index.symbolsIn(file.path);
    const qualified = (s: SymbolHit) => (s.scope ? `${s.scope}.${s.name}` : s.name);
    const targets = defined.filter((s) => file.symbols.includes(qualified(s)));
    // A class names its methods' calls: `DateTime._deserialize` calls what `DateTime` is said to call.
    const members = defined.filter((s) => s.scope !== '' && targets.some((t) => s.scope === qualified(t)));
    for (const s of [...targets, ...members]) {
      for (const call of index.callees(s.id, 1, 50)) {
        if (call.symbolId === undefined || call.path === file.path || call.name === undefined) continue;
        if (hasAnyWord([splitIdentifier(call.name).join(' ')], specific)) out.add(call.path);
      }
    }
  }
  return out;
}

/** Whether a file defines a class whose header names one of the named files' classes as a base. */
function extendingNamed(index: CodeIndex, named: FileToChange[]): (path: string) => boolean {
  const classes = new Set(
    named.flatMap((f) =>
      index
        .symbolsIn(f.path)
        .filter((s) => CLASS_KIND.test(s.kind) && f.symbols.includes(s.scope ? `${s.scope}.${s.name}` : s.name))
        .map((s) => s.name),
    ),
  );
  if (classes.size === 0) return () => false;
  return (path) =>
    index.symbolsIn(path).some((s) => CLASS_KIND.test(s.kind) && readClassBases(s.signature).some((base) => classes.has(base)));
}

/**
 * Whether a file is named after one of the request's specific words: cobra's `args.go` for "Add cobra unique args
 * validator", viper's `errors.go` for "wrap file not found error" (a plural or a verb's ending aside).
 */
function isNamedAfter(path: string, specific: string[]): boolean {
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\..*$/, '');
  const bare = (w: string) => w.toLowerCase().replace(/(ing|ed|es|s)$/, '');
  const parts = splitIdentifier(stem)
    .filter((p) => p.length >= 3)
    .map(bare);
  return specific.some((w) => parts.includes(bare(w)));
}
