import { isAmbiguousName } from '../code-index/ambiguous-names.js';
import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { REMEMBERED_REASON } from '../explore/locate-files.js';
import { classifyFile } from '../repo/classify-file.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import { readPrompt } from '../explore/read-prompt.js';
import { splitReasons } from '../explore/split-reasons.js';
import type { Candidate, EvidenceItem } from '../explore/types.js';
import { isRunnableTest } from '../repo/is-test-file.js';
import type { LineRef } from '../render/link-to.js';

/** A file a plan proposes to change, with the code in it and how certain that is. */
export interface FileToChange {
  path: string;
  /** Functions, methods or classes in it the evidence points at, most relevant first (`Scope.name`). */
  symbols: string[];
  /** Where that code is: the best excerpt of the file. */
  ref: LineRef | undefined;
  /** `named`: it defines a name or is a path the request spells out; `matched`: the request's words matched its code; `linked`: found through the graph only. */
  certainty: 'named' | 'matched' | 'linked';
  why: string;
  /** Tests that import it (found through the index), else one named like it. */
  tests: { path: string; how: 'imports it' | 'calls its code' | 'imports it through its entry point' | 'named like it' }[];
}

const MAX_FILES = 6;
const MAX_SYMBOLS = 3;
/** References of one name read when looking for the tests that call it. */
const MAX_REFERENCES_READ = 2000;

/**
 * The files a plan proposes to change, most certain first: the explored
 * candidates in their rank (locate's order: definitions of named symbols,
 * matching code, then links), then other files the evidence defines named
 * symbols in. Tests, docs, examples, benchmarks, text files, build output and
 * vendored copies are left out unless the request names them; a config file
 * or a type declaration (a change to an option often adds it to `index.d.ts`)
 * can be proposed, after the code (locate ranks declarations lower). Each comes with the symbols the evidence
 * points at and the tests that import it.
 */
export function findFilesToChange(input: {
  prompt: string;
  candidates: Candidate[];
  evidence: EvidenceItem[];
  index: CodeIndex;
}): FileToChange[] {
  const { index, evidence } = input;
  const named = readPrompt(input.prompt).paths;
  const isNamed = (path: string) => named.some((p) => path === p || path.endsWith(`/${p}`));
  const isProduct = (path: string) => isNamed(path) || isChangeable(index, path);
  const byRelevance = [...evidence].sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));
  const order = [...input.candidates.map((c) => c.path), ...byRelevance.filter((e) => e.source === 'definition').map((e) => e.path)];
  const seen = new Set<string>();
  const files: FileToChange[] = [];
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
    const certainty = definesNamed || isNamed(path) ? 'named' : items.length > 0 || candidate?.chunks?.length ? 'matched' : 'linked';
    // The lines that matched: an excerpt read for this request, else the chunk the search matched (never a file head
    // that nothing matched).
    const read = items[0] ?? byRelevance.find((e) => e.path === path && (e.source !== 'head' || isNamed(path)));
    const chunk = candidate?.chunks?.[0];
    const best = read ?? (chunk && { startLine: chunk.startLine, endLine: chunk.endLine });
    const symbols = symbolsAt(index.symbolsIn(path), items);
    files.push({
      path,
      symbols,
      ref: best && { path, startLine: best.startLine, endLine: best.endLine },
      certainty,
      why: [...new Set([...(candidate ? [candidate.reason] : []), ...items.map((e) => e.reason)].flatMap(splitReasons))]
        .slice(0, 2)
        .join('; '),
      tests: findTests(path, index, symbols),
    });
  }
  const rank = { named: 0, matched: 1, linked: 2 };
  // Most certain first; within a level, the exploration's order stands (stable sort).
  return files.sort((a, b) => rank[a.certainty] - rank[b.certainty]);
}

/** The innermost functions and methods (else classes) the excerpts lie in, in the excerpts' order. */
function symbolsAt(symbols: SymbolHit[], items: EvidenceItem[]): string[] {
  const out: string[] = [];
  for (const e of items) {
    const around = symbols.filter((s) => s.startLine <= e.endLine && e.startLine <= s.endLine);
    const innermost = around
      .filter(
        (s) =>
          !around.some(
            (o) =>
              o.id !== s.id && o.startLine >= s.startLine && o.endLine <= s.endLine && (o.startLine > s.startLine || o.endLine < s.endLine),
          ),
      )
      .sort((a, b) => changeWeight(a) - changeWeight(b));
    for (const s of innermost) {
      const name = s.scope ? `${s.scope}.${s.name}` : s.name;
      if (!out.includes(name)) out.push(name);
      if (out.length >= MAX_SYMBOLS) return out;
    }
  }
  return out;
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
 * Tests found through the index: those that import the file; else those
 * that reach it through one module between (a package's entry point
 * re-exporting it) and call the code the plan points at (`symbols`, as
 * `Scope.name`: flask's tests/test_request.py calls `Request`, defined in
 * src/flask/wrappers.py, imported through `flask`); else those that reach it
 * so and share a word with its name (got's test/retry.ts reaches
 * source/core/calculate-retry-delay.ts through source/index.ts); else a test
 * named like it.
 */
export function findTests(path: string, index: CodeIndex, symbols: string[] = []): FileToChange['tests'] {
  // Tests a runner runs: a fixture app (flask's tests/test_apps/) or a conftest is not where a test goes.
  const importers = index.importers(path, 2).filter((f) => isRunnableTest(f.path));
  const direct = importers
    .filter((f) => f.depth === 1)
    .map((f) => f.path)
    .slice(0, 3);
  if (direct.length > 0) return direct.map((p) => ({ path: p, how: 'imports it' as const }));
  const calling = findCallingTests(new Set(importers.map((f) => f.path)), symbols, index);
  if (calling.length > 0) return calling.map((p) => ({ path: p, how: 'calls its code' as const }));
  const words = new Set(splitIdentifier(baseStem(path)).filter((w) => w.length > 2));
  const shared = (test: string) => splitIdentifier(baseStem(test).replace(/\.(test|spec)$/, '')).filter((w) => words.has(w)).length;
  const through = importers
    .filter((f) => f.depth === 2 && shared(f.path) > 0)
    .sort((a, b) => shared(b.path) - shared(a.path))
    .map((f) => f.path)
    .slice(0, 2);
  if (through.length > 0) return through.map((p) => ({ path: p, how: 'imports it through its entry point' as const }));
  const stem = baseStem(path);
  const alike = index
    .listFiles()
    .map((f) => f.path)
    .filter((t) => isRunnableTest(t) && baseStem(t).replace(/^test_|_test$|\.test$|\.spec$|Test$|Tests$|_spec$/g, '') === stem);
  return alike.slice(0, 1).map((p) => ({ path: p, how: 'named like it' as const }));
}

/**
 * Of the tests that reach the file, those that use the first of its symbols any of them uses (a method's
 * name or its class's), most names first: the test of the code the plan points at, not of its neighbours.
 */
function findCallingTests(tests: Set<string>, symbols: string[], index: CodeIndex): string[] {
  if (tests.size === 0) return [];
  const files = new Map<string, string[]>();
  const usedBy = (name: string) => {
    if (!files.has(name)) files.set(name, [...new Set(index.findReferences(name, MAX_REFERENCES_READ).map((r) => r.path))]);
    return files.get(name)!;
  };
  for (const symbol of symbols) {
    const uses = new Map<string, number>();
    for (const name of new Set(symbol.split('.').filter((n) => n.length > 2 && !isAmbiguousName(n)))) {
      for (const file of usedBy(name)) if (tests.has(file)) uses.set(file, (uses.get(file) ?? 0) + 1);
    }
    if (uses.size > 0)
      return [...uses.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .map(([file]) => file)
        .slice(0, 2);
  }
  return [];
}

function baseStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
}

/** Code a change can land in (classify-file.ts): the product's, its config or its type declarations; never a bundle or a test. */
function isChangeable(index: CodeIndex, path: string): boolean {
  const file = index.getFile(path);
  if (file === undefined || file.language === 'text' || file.skipped || findNonProductFolder(path) !== undefined) return false;
  const { kind } = classifyFile(path, file);
  return kind === 'product' || kind === 'config' || kind === 'declaration';
}
