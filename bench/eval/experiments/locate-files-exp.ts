/**
 * A copy of src/core/explore/locate-files.ts with switches, to measure
 * changes before anyone makes them in src/. `BASE` reproduces the original
 * exactly; each knob is one proposed change.
 */
import { isTestFile } from '../../../src/core/repo/is-test-file.js';
import type { CodeIndex } from '../../../src/core/code-index/code-index.js';
import { splitIdentifier } from '../../../src/core/code-index/identifier-terms.js';
import { readPrompt } from '../../../src/core/explore/read-prompt.js';

export interface Knobs {
  /** Weight of a neighbour boost; 0 turns the graph step off. */
  neighbour: number;
  /** Sum a file's neighbour boosts over every edge (original) or take the strongest one. */
  neighbourOnce: boolean;
  /** Score multiplier for test files (1 = off). */
  testFactor: number;
  /** Leave test files alone when the question talks about tests. */
  testsUnlessAsked: boolean;
  /** Score multiplier for files without a grammar (docs, config; 1 = off). */
  textFactor: number;
  /** Backticked `A.b` is a name, not a path; a dotted name with no definition falls back to its parts. */
  dotted: boolean;
  /** Weight of the full-text signal, and how much a file's 2nd-4th chunks add. */
  text: number;
  extraChunks: number;
  /** Chunks fetched from full-text search. */
  searchChunks: number;
  /** Words that say nothing in a commit-style question, dropped before search ("fix", "add", …). */
  changeStopWords: boolean;
  pathWords: number;
  definition: number;
  /** Names defined in more files than this say nothing about where to look (`write`, `toString`). */
  definitionMaxFiles: number;
  /** Share of a test file's score passed to the source file it is named after (test_adapters.py -> adapters.py). */
  testTransfer: number;
  /** Weight of a whole-file BM25 score (normalised by the best file), when one is given. */
  fileBm25: number;
}

export const BASE: Knobs = {
  neighbour: 0.25,
  neighbourOnce: false,
  testFactor: 1,
  testsUnlessAsked: false,
  textFactor: 1,
  dotted: false,
  text: 1,
  extraChunks: 0.15,
  searchChunks: 200,
  changeStopWords: false,
  pathWords: 0.8,
  definition: 3,
  definitionMaxFiles: 1000,
  testTransfer: 0,
  fileBm25: 0,
};

export { isTestFile };

const CHANGE_WORDS =
  /\b(fix(es|ed)?|add(s|ed)?|support|update[sd]?|improve[sd]?|allow|handle|remove[sd]?|make|ensure|avoid|prevent|change[sd]?|correct|properly|instead|now|also|should|would|will|not|don't|doesn't|when|so|if|but|was|were|has|have|been|this|it|its|pr|issue)\b/gi;

const FILE_EXTENSION = /\.(ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|rb|c|h|cc|cpp|hpp|cs|php|json|ya?ml|toml|md|txt|rst)$/;

export function locateFilesExp(
  index: CodeIndex,
  question: string,
  knobs: Knobs,
  limit = 10,
  fileScores?: { path: string; score: number }[],
): { path: string; score: number; reason: string }[] {
  const searchText = knobs.changeStopWords ? question.replace(CHANGE_WORDS, ' ') : question;
  const reading = readPrompt(question);
  if (knobs.dotted) {
    // `Request.hooks` reads as a path to readPrompt (".hooks" looks like an extension).
    for (const p of [...reading.paths]) {
      if (!p.includes('/') && !FILE_EXTENSION.test(p) && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(p)) {
        reading.paths = reading.paths.filter((x) => x !== p);
        reading.identifiers.push(p);
      }
    }
  }
  const scores = new Map<string, { score: number; reasons: string[] }>();
  const add = (path: string, amount: number, reason: string): void => {
    const entry = scores.get(path) ?? { score: 0, reasons: [] };
    entry.score += amount;
    if (!entry.reasons.includes(reason)) entry.reasons.push(reason);
    scores.set(path, entry);
  };

  // 1. Full-text.
  const hits = index.search(searchText, { limit: knobs.searchChunks });
  if (hits.length > 0) {
    const best = -hits[0]!.score || 1;
    const perFile = new Map<string, number[]>();
    for (const hit of hits) perFile.set(hit.path, [...(perFile.get(hit.path) ?? []), -hit.score / best]);
    for (const [path, rel] of perFile) {
      const sorted = rel.sort((a, b) => b - a);
      const text = sorted[0]! + knobs.extraChunks * sorted.slice(1, 4).reduce((a, b) => a + b, 0);
      add(path, knobs.text * text, 'text');
    }
  }

  if (fileScores && fileScores.length > 0 && knobs.fileBm25 > 0) {
    const best = fileScores[0]!.score || 1;
    for (const f of fileScores) add(f.path, knobs.fileBm25 * (f.score / best), 'file bm25');
  }

  // 2. Definitions of the names the question mentions.
  for (const name of reading.identifiers) {
    let defs = index.findDefinitions(name, 20);
    if (knobs.dotted && defs.length === 0 && name.includes('.')) {
      const parts = name.split('.');
      defs = index.findDefinitions(parts[parts.length - 1]!, 20);
      if (defs.length === 0 || defs.length > 8) defs = index.findDefinitions(parts[parts.length - 2]!, 20);
    }
    if (new Set(defs.map((d) => d.path)).size > knobs.definitionMaxFiles) continue;
    for (const def of defs) add(def.path, knobs.definition / Math.sqrt(defs.length), `defines ${def.name}`);
  }

  // 3. Paths the question spells out, and its words in file names.
  const files = index.listFiles();
  const words = new Set(reading.words.flatMap((w) => splitIdentifier(w)).filter((w) => w.length > 2));
  for (const file of files) {
    if (reading.paths.some((p) => file.path === p || file.path.endsWith(`/${p}`))) add(file.path, 4, 'named');
    if (words.size === 0) continue;
    const base = file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
    const nameWords = new Set(splitIdentifier(base));
    const dirWords = new Set(
      file.path
        .split('/')
        .slice(0, -1)
        .flatMap((d) => splitIdentifier(d)),
    );
    let hit = 0;
    for (const w of words)
      hit +=
        nameWords.has(w) || [...nameWords].some((n) => n.length > 3 && (n.startsWith(w) || w.startsWith(n)))
          ? 1
          : dirWords.has(w)
            ? 0.4
            : 0;
    if (hit > 0 && scores.has(file.path)) add(file.path, knobs.pathWords * Math.min(hit, 3), 'path');
    else if (hit >= 1) add(file.path, knobs.pathWords * 0.5 * Math.min(hit, 3), 'path');
  }

  // 4. Graph: neighbours of the strongest candidates.
  const top = [...scores.entries()].sort((a, b) => b[1].score - a[1].score).slice(0, 5);
  if (top.length > 0 && knobs.neighbour > 0) {
    const strength = new Map(top.map(([p, s]) => [p, s.score]));
    const boost = new Map<string, number>();
    for (const edge of index.neighbours(top.map(([p]) => p))) {
      const [near, far] = strength.has(edge.from) ? [edge.from, edge.to] : [edge.to, edge.from];
      if (strength.has(far)) continue;
      const amount = knobs.neighbour * (strength.get(near) ?? 0) * Math.min(1, Math.sqrt(edge.weight) / 3);
      boost.set(far, knobs.neighbourOnce ? Math.max(boost.get(far) ?? 0, amount) : (boost.get(far) ?? 0) + amount);
    }
    for (const [far, amount] of boost) add(far, amount, 'linked');
  }

  if (knobs.testTransfer > 0) {
    const byStem = new Map<string, string[]>();
    for (const f of files)
      if (!isTestFile(f.path) && f.language !== 'text') byStem.set(stem(f.path), [...(byStem.get(stem(f.path)) ?? []), f.path]);
    for (const [path, entry] of [...scores]) {
      if (!isTestFile(path)) continue;
      const targets = byStem.get(stem(path)) ?? [];
      for (const t of targets) add(t, (knobs.testTransfer * entry.score) / targets.length, `tested by ${path}`);
    }
  }

  const asksForTests = /\b(tests?|testing|specs?|unit tests?)\b/i.test(question);
  const language = new Map(files.map((f) => [f.path, f.language]));
  for (const [path, entry] of scores) {
    if (knobs.testFactor !== 1 && isTestFile(path) && !(knobs.testsUnlessAsked && asksForTests)) entry.score *= knobs.testFactor;
    if (knobs.textFactor !== 1 && language.get(path) === 'text') entry.score *= knobs.textFactor;
  }
  return [...scores.entries()]
    .map(([path, s]) => ({ path, score: s.score, reason: s.reasons.join('; ') }))
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : 1))
    .slice(0, limit);
}

/** A file's base name without extension and test affixes: `tests/test_adapters.py` -> `adapters`. */
function stem(filePath: string): string {
  const base = filePath.slice(filePath.lastIndexOf('/') + 1).replace(/\..*$/, '');
  return base.replace(/^test_|_test$|_spec$|Tests?$/, '').toLowerCase();
}
