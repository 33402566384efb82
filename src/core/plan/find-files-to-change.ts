import { isAmbiguousName } from '../code-index/ambiguous-names.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { REMEMBERED_REASON } from '../explore/locate-files.js';
import { classifyFile } from '../repo/classify-file.js';
import { findNonProductFolder, isBenchmarkName } from '../repo/non-product-folders.js';
import { readPrompt } from '../explore/read-prompt.js';
import { findCertainFiles } from './find-certain-files.js';
import { countWordFiles, MIN_FILES_TO_TELL } from './common-words.js';
import { hasAnyWord } from './has-any-word.js';
import { keepRelatedFiles } from './keep-related-files.js';
import { rankTestsByRequest } from './rank-tests-by-request.js';
import { splitReasons } from '../explore/split-reasons.js';
import type { Candidate, EvidenceItem } from '../explore/types.js';
import { findTestsFor, MAX_TESTS } from '../tests/find-tests-for.js';
import { TestLayout } from '../tests/test-layout.js';

import type { FileToChange } from './file-to-change.js';

export type { FileToChange };

const MAX_FILES = 6;
const MAX_SYMBOLS = 3;

/**
 * The files a plan proposes to change, most certain first: the explored
 * candidates in their rank (locate's order: definitions of named symbols,
 * matching code, then links), then other files the evidence defines named
 * symbols in. Tests, docs, examples, benchmarks, text files, build output and
 * vendored copies are left out unless the request names them; a config file
 * or a type declaration (a change to an option often adds it to `index.d.ts`)
 * can be proposed, after the code (locate ranks declarations lower). Each
 * comes with the symbols the evidence points at and its tests (findTestsFor:
 * conventions and the index).
 */
export function findFilesToChange(input: {
  prompt: string;
  candidates: Candidate[];
  evidence: EvidenceItem[];
  index: CodeIndex;
  /** The tree's tests (loadTestLayout: with the runners' configs); the conventions alone when absent. */
  layout?: TestLayout;
}): FileToChange[] {
  const { index, evidence } = input;
  const layout = input.layout ?? new TestLayout(index.listFiles().map((f) => f.path));
  const { paths: named, words } = readPrompt(input.prompt);
  const isNamed = (path: string) => named.some((p) => path === p || path.endsWith(`/${p}`));
  // A benchmark is the product's code only when the request is about one ("Normalize benchmark per dump").
  const asksForBenchmark = words.some((w) => w.startsWith('bench'));
  const isProduct = (path: string) =>
    isNamed(path) || isChangeable(index, path) || (asksForBenchmark && isBenchmarkName(path) && isChangeable(index, path, true));
  const byRelevance = [...evidence].sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));
  const certain = findCertainFiles({ prompt: input.prompt, index, isChangeable: isProduct });
  const tiedBySpecificWords = tiesBySpecificWords(index, words);
  const order = [
    ...certain.map((c) => c.path),
    ...input.candidates.map((c) => c.path),
    ...byRelevance.filter((e) => e.source === 'definition').map((e) => e.path),
  ];
  const seen = new Set<string>();
  const files: FileToChange[] = [];
  const matched = new Map<string, string>();
  const defining = new Set<string>();
  for (const path of order) {
    if (seen.has(path) || files.length >= MAX_FILES) continue;
    seen.add(path);
    if (!isProduct(path) || !index.getFile(path)) continue;
    const items = byRelevance.filter((e) => e.path === path && e.source !== 'head');
    const candidate = input.candidates.find((c) => c.path === path);
    // A file only remembered from earlier in the thread, that nothing in this request matched, is the pattern
    // to follow ("do the same for the uploader"), shown as context, not proposed for a change.
    const onlyRemembered =
      candidate !== undefined &&
      candidate.reason.includes(REMEMBERED_REASON) &&
      splitReasons(candidate.reason).every((r) => r === REMEMBERED_REASON || r.startsWith('linked to '));
    if (onlyRemembered && items.length === 0 && !candidate.chunks?.length) continue;
    const definesNamed = items.some((e) => e.source === 'definition');
    if (definesNamed) defining.add(path);
    const named = certain.find((c) => c.path === path);
    // `matched` only when one of the request's words is in what was read or matched of it, its definitions or its path:
    // a search hit on a version in an import path ("Changelog for v5.3.1") is not a match of the request.
    const texts = [path, ...items.map((e) => e.snippet), ...(candidate?.chunks ?? []).map((c) => c.context)];
    const wordsMatched = hasAnyWord([...texts, ...index.symbolsIn(path).map((s) => splitIdentifier(s.name).join(' '))], words);
    // A definition the request names that other files define too, or a path it names that is not this one alone,
    // is a match, not a naming: only findCertainFiles's files are near certain.
    const certainty = named
      ? 'named'
      : definesNamed || isNamed(path) || ((items.length > 0 || candidate?.chunks?.length) && wordsMatched)
        ? 'matched'
        : 'linked';
    // The lines that matched: an excerpt read for this request, else the chunk the search matched (never a file head
    // that nothing matched).
    const defined = index.symbolsIn(path);
    // The definition the request names, where the evidence did not read it.
    const namedDef = defined.find((s) => named?.names.includes(s.scope ? `${s.scope}.${s.name}` : s.name));
    const read = items[0] ?? byRelevance.find((e) => e.path === path && (e.source !== 'head' || isNamed(path)));
    const chunk = candidate?.chunks?.[0];
    const best = read ?? (chunk && { startLine: chunk.startLine, endLine: chunk.endLine }) ?? namedDef;
    // A link at a file's head claims that the head matched: only when a word of the request is whole in the lines read
    // there (got's `types.ts#L1-L2`, two imports, matched "types" only by its path and by `type`), or the request names
    // this file alone ("Update server.js" in a tree with six names none of their heads).
    const headMatched = named !== undefined || (read !== undefined && hasWholeWord(read.snippet, words));
    // A file the request names by its definitions is about those: a method beside them that shares a word with the
    // request (`PoolManager.urlopen` for "make `PoolManager.connection_from_url` reject URLs without a host") is not.
    const symbols = (named && named.names.length > 0 ? named.names : symbolsAt(defined, items, tiedBySpecificWords)).slice(0, MAX_SYMBOLS);
    matched.set(path, [...texts, ...symbols.map((name) => splitIdentifier(name).join(' '))].join('\n'));
    files.push({
      path,
      symbols,
      // A file's head where none of the request's words is: not linked (what matched there was a version or a stop word).
      ref: best && (best.startLine > 1 || headMatched) ? { path, startLine: best.startLine, endLine: best.endLine } : undefined,
      certainty,
      why: [
        ...new Set(
          [...(named ? [named.why] : []), ...(candidate ? [candidate.reason] : []), ...items.map((e) => e.reason)].flatMap(splitReasons),
        ),
      ]
        .slice(0, 2)
        .join('; '),
      role: 'related',
      ...testsOf(path, { index, layout, focus: symbols, words }),
    });
  }
  const rank = { named: 0, matched: 1, linked: 2 };
  // Most certain first; within a level, the exploration's order stands (stable sort).
  files.sort((a, b) => rank[a.certainty] - rank[b.certainty]);
  return keepRelatedFiles({
    files,
    matched,
    words,
    index,
    isChangeable: (path) => isChangeable(index, path),
    isNamed: (path) => isNamed(path) || defining.has(path),
  });
}

/** Whether one of the request's words (three letters or more) is in the text as written (a substring), not only its stem. */
function hasWholeWord(text: string, words: string[]): boolean {
  const lower = text.toLowerCase();
  return words.some((w) => w.length >= 3 && lower.includes(w));
}

/**
 * A file's tests, those that call the plan's symbol first: the index's linked calls of the first of its symbols
 * that any test calls (commander's `tests/help.visibleOptions.test.js` calls `Option.hideHelp`, while
 * `tests/options.dual-options.test.js` is only named like `lib/option.js`), then findTestsFor's.
 */
function testsOf(
  path: string,
  options: Parameters<typeof findTestsFor>[1] & { focus: string[]; words: string[] },
): Pick<FileToChange, 'tests' | 'noTests'> {
  const found = findTestsFor(path, options);
  const callers = testsCalling(path, options, found.kind === 'found' ? found.tests.map((t) => t.path) : []);
  if (callers.length === 0)
    return found.kind === 'found' ? { tests: found.tests } : { tests: [], noTests: { sure: found.kind === 'none', why: found.why } };
  const others = found.kind === 'found' ? found.tests : [];
  const tests = [
    ...callers.map((c) => {
      const also = others.find((t) => t.path === c.path);
      const calls = `calls ${c.name}`;
      // The call named, said once: in place of "calls its code" or of importing that very name, else last.
      const parts = also?.how.split(', ') ?? [];
      const at = parts.findIndex((part) => part === 'calls its code' || part.startsWith(`imports ${c.name} from `));
      if (at >= 0) parts[at] = calls;
      else parts.push(calls);
      return { path: c.path, how: parts.join(', ') };
    }),
    ...others.filter((t) => !callers.some((c) => c.path === t.path)),
  ];
  return { tests: tests.slice(0, options.max ?? MAX_TESTS) };
}

/**
 * The tests with linked calls of the first of the file's focus symbols that tests call: when several do, the one
 * whose name and code best match the request first (rankTestsByRequest: p-queue's `test/validation.ts` for "add()
 * should reject a negative timeout", not `test/advanced.ts`), then those findTestsFor also names for the file (in
 * its order), then by path. The index keeps one reference per file and caller, so
 * how often a test uses it cannot rank them.
 */
function testsCalling(
  path: string,
  options: { index: CodeIndex; layout: TestLayout; focus: string[]; words: string[] },
  ranked: string[],
): { path: string; name: string }[] {
  const { index, layout } = options;
  const defined = index.symbolsIn(path);
  const rank = (p: string) => (ranked.includes(p) ? ranked.indexOf(p) : ranked.length);
  for (const name of options.focus) {
    const symbol = defined.find((s) => (s.scope ? `${s.scope}.${s.name}` : s.name) === name);
    if (!symbol) continue;
    const tests = [...new Set(index.callLines(symbol.id, 500).map((c) => c.path))].filter((p) => p !== path && layout.isTest(p));
    if (tests.length === 0) continue;
    const matching = rankTestsByRequest(index, tests, options.words);
    return tests
      .sort((a, b) => matching(b) - matching(a) || rank(a) - rank(b) || a.localeCompare(b))
      .map((test) => ({ path: test, name: symbol.name }));
  }
  return [];
}

/**
 * The innermost functions and methods (else classes) the excerpts lie in, in the excerpts' order, that the
 * request's words tie to it (isTiedToRequest). An excerpt that a function holds with every function nested in it
 * whole (callbacks, `text: function () {…}` handlers) points at that function, not at the nested ones: they are
 * parts of what was read.
 */
function symbolsAt(symbols: SymbolHit[], items: EvidenceItem[], tied: Tie): string[] {
  const out: string[] = [];
  for (const e of items) {
    for (const s of pointedAt(symbols, e)) {
      if (!tied(s, e)) continue;
      const name = s.scope ? `${s.scope}.${s.name}` : s.name;
      if (!out.includes(name)) out.push(name);
      if (out.length >= MAX_SYMBOLS) return out;
    }
  }
  return out;
}

type Tie = (s: Pick<SymbolHit, 'name' | 'scope' | 'startLine' | 'endLine'>, e: EvidenceItem) => boolean;

/** Specific request words a symbol of an excerpt holds to be the code it points at. */
const MIN_SPECIFIC_WORDS = 2;

/**
 * Whether a symbol an excerpt holds is what the request is about, by words alone: two of the request's specific
 * words (its only one, when only one is in the product's code) in the symbol's name and own lines. A word most product files hold (Go's
 * `error` in every signature, "returns") ties nothing: cobra's `GenZshCompletionFile` is no code to read for "add an
 * Args validator that returns an error".
 */
export function tiesBySpecificWords(index: CodeIndex, words: string[]): Tie {
  let specific: string[] | undefined;
  let needed = 0;
  return (s, e) => {
    if (specific === undefined) {
      const { total, filesWith } = countWordFiles(index, (path) => isChangeable(index, path));
      const isCommon = (w: string) => total >= MIN_FILES_TO_TELL && filesWith(w) * 2 > total;
      specific = words.filter((w) => !isCommon(w));
      // Prose words no product code holds ("now do the same for the uploader") cannot be asked of a symbol.
      needed = Math.min(MIN_SPECIFIC_WORDS, specific.filter((w) => filesWith(w) > 0).length);
    }
    if (specific.length === 0 || needed === 0) return false;
    // The class a method is in counts as one of them (`Session.__init__` setting `self.timeout`, for "a default
    // timeout for every request of a session"), never alone.
    const scope = hasAnyWord([splitIdentifier(s.scope ?? '').join(' ')], specific) ? 1 : 0;
    const own = specific.filter((w) => isTiedToRequest(s, e, [w])).length;
    return own > 0 && own + scope >= needed;
  };
}

/**
 * Whether the request's words are in a symbol's name or in its own lines of the excerpt: a constant that shares
 * an excerpt with the matched lines (`NETRC_FILES` beside `default_user_agent`) is not what the request is about.
 * The scope is not the symbol's own name (`Session.should_strip_auth` is not tied by "session").
 */
export function isTiedToRequest(s: Pick<SymbolHit, 'name' | 'startLine' | 'endLine'>, e: EvidenceItem, words: string[]): boolean {
  const from = Math.max(s.startLine, e.startLine) - e.startLine;
  const to = Math.min(s.endLine, e.endLine) - e.startLine + 1;
  const own = e.snippet.split('\n').slice(from, Math.max(from, to)).join('\n');
  return hasAnyWord([splitIdentifier(s.name).join(' '), own], words);
}

/** The symbols one excerpt points at: the function holding it with all its nested ones whole, else the innermost. */
function pointedAt(symbols: SymbolHit[], e: EvidenceItem): SymbolHit[] {
  const around = symbols.filter((s) => s.startLine <= e.endLine && e.startLine <= s.endLine);
  const holder = around
    .filter((s) => changeWeight(s) === 0 && s.startLine <= e.startLine && s.endLine >= e.endLine)
    .sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
  if (holder) {
    const nested = around.filter((o) => o.id !== holder.id && o.startLine >= holder.startLine && o.endLine <= holder.endLine);
    if (nested.length > 0 && nested.every((o) => o.startLine >= e.startLine && o.endLine <= e.endLine)) return [holder];
  }
  return around
    .filter(
      (s) =>
        !around.some(
          (o) =>
            o.id !== s.id && o.startLine >= s.startLine && o.endLine <= s.endLine && (o.startLine > s.startLine || o.endLine < s.endLine),
        ),
    )
    .sort((a, b) => changeWeight(a) - changeWeight(b));
}

/**
 * How likely a symbol is the code to change, lowest first: functions and
 * methods (what a change edits), then types, then constants, variables and
 * unscoped names too common to point anywhere (`get`, `run`; `Session.__init__` is specific).
 */
export const changeWeight = (s: Pick<SymbolHit, 'kind' | 'name' | 'scope'>): number =>
  !s.scope && isAmbiguousName(s.name)
    ? 2
    : /function|method|constructor/.test(s.kind)
      ? 0
      : /class|struct|interface|trait|impl|type|enum/.test(s.kind)
        ? 1
        : 2;
/**
 * Code a change can land in (classify-file.ts): the product's, its config or its type declarations; never a bundle, a
 * test or (unless `evenBenchmark`) a benchmark by its name.
 */
function isChangeable(index: CodeIndex, path: string, evenBenchmark = false): boolean {
  const file = index.getFile(path);
  if (
    file === undefined ||
    file.language === 'text' ||
    file.skipped ||
    findNonProductFolder(path) !== undefined ||
    (!evenBenchmark && isBenchmarkName(path))
  )
    return false;
  const { kind } = classifyFile(path, file);
  return kind === 'product' || kind === 'config' || kind === 'declaration';
}
