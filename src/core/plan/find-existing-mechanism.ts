import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { splitIdentifier } from '../code-index/identifier-terms.js';
import { readClassBases } from '../code-index/read-class-bases.js';
import { isProductFile } from '../explore/map-modules.js';
import { readPrompt } from '../explore/read-prompt.js';
import type { LineRef } from '../render/link-to.js';

/** A mechanism the request asks for that the tree already has, with the code that proves it. */
export interface ExistingMechanism {
  /** What exists, for a sentence: `Retries`. */
  label: string;
  path: string;
  /** The proof: a definition named after it, or an import of a library for it. */
  proof: string;
  ref: LineRef;
}

interface Concept {
  label: string;
  /** The request asks for it. */
  asked: RegExp;
  /** Words of identifiers and import sources that implement it (after identifier splitting, lower case). */
  words: Set<string>;
  /** The search that finds its code. */
  query: string;
}

/**
 * Cross-cutting mechanisms a request commonly asks to add, which a repository
 * often already has somewhere: asking to "add retries" where an HTTP client
 * is already built with a retry plugin should hear so first.
 */
const CONCEPTS: Concept[] = [
  concept('Retries', /\bretr(?:y|ies|ied|ying)\b|\bback-?off\b/i, ['retry', 'retries', 'retrying', 'backoff']),
  concept('Caching', /\bcach(?:e|es|ed|ing)\b|\bmemoi[sz]\w*/i, ['cache', 'cached', 'caching', 'memoize', 'memoized', 'lru']),
  concept('Timeouts', /\btime-?outs?\b|\bdeadlines?\b/i, ['timeout', 'timeouts', 'deadline']),
  concept('Pagination', /\bpaginat\w*|\bpaging\b/i, ['paginate', 'pagination', 'paginator', 'paginated']),
  concept('Rate limiting', /\brate[- ]?limit\w*|\bthrottl\w*/i, ['throttle', 'throttling', 'throttled', 'ratelimit', 'limiter']),
  concept('Authentication', /\bauthenticat\w*|\bauth\b|\bcredentials?\b/i, ['auth', 'authenticate', 'authentication', 'credentials']),
];

function concept(label: string, asked: RegExp, words: string[]): Concept {
  return { label, asked, words: new Set(words), query: words.join(' ') };
}

/** Files looked at per concept: the search's best chunks, from which product files with proof are kept. */
const SEARCH_CHUNKS = 80;
const MAX_PER_CONCEPT = 2;
const ERROR_TYPE = /(Error|Exception|Err)$/;

/** The error types a file defines: named as one, or deriving from one (also from one defined above it in the file). */
function findErrorTypes(symbols: SymbolHit[]): Set<string> {
  const errors = new Set(symbols.filter((s) => ERROR_TYPE.test(s.name)).map((s) => s.name));
  for (let grew = true; grew;) {
    grew = false;
    for (const s of symbols) {
      if (errors.has(s.name)) continue;
      const names = readClassBases(s.signature);
      if (names.some((b) => ERROR_TYPE.test(b) || errors.has(b))) {
        errors.add(s.name);
        grew = true;
      }
    }
  }
  return errors;
}
const DECLARATION = /function|method|class|struct|interface|trait|impl|type|constructor/;

/**
 * The mechanisms the request asks for that already exist in the product
 * code, each proved by a definition named after it (`withRetry`, never an
 * error type such as `RetryLaterError`) or an import of a library for it
 * (`@octokit/plugin-retry`), never by a word in a comment; those in a file
 * whose path shares another of the request's words first and alone. Tests, docs, examples, benchmarks and
 * generated files are not the product's mechanism.
 */
export function findExistingMechanisms(prompt: string, index: CodeIndex): ExistingMechanism[] {
  const found: ExistingMechanism[] = [];
  const firstLine = prompt.split('\n')[0] ?? '';
  for (const c of CONCEPTS) {
    if (!c.asked.test(firstLine)) continue;
    const hits = new Set<string>();
    for (const hit of index.search(c.query, { limit: SEARCH_CHUNKS })) if (isProductFile(index, hit.path)) hits.add(hit.path);
    // The request's other words (`github`, `blob` in "add retries to the GitHub blob fetcher"): a proof in a file whose
    // path has one of them is the mechanism this request would build on; when there is one, a retry strategy for an
    // unrelated part (a Redis client's) is left out.
    const others = readPrompt(firstLine).words.filter((w) => !c.asked.test(w) && !c.words.has(w));
    const near = (path: string) => splitIdentifier(path.replace(/[/.]/g, ' ')).some((w) => others.includes(w));
    const all = [...hits]
      .map((path) => proveIn(path, c, index))
      .filter((p): p is Omit<ExistingMechanism, 'label'> & { strength: number } => p !== undefined);
    const proved = (all.some((p) => near(p.path)) ? all.filter((p) => near(p.path)) : all)
      .sort((a, b) => b.strength - a.strength)
      .slice(0, MAX_PER_CONCEPT);
    for (const { strength: _strength, ...p } of proved) found.push({ label: c.label, ...p });
  }
  return found;
}

function proveIn(path: string, c: Concept, index: CodeIndex): (Omit<ExistingMechanism, 'label'> & { strength: number }) | undefined {
  const means = (name: string) => splitIdentifier(name).some((w) => c.words.has(w));
  // An error type named after it (`RetryLaterError`, or `Timeout` deriving from an exception) signals the condition;
  // it is not the mechanism.
  const symbols = index.symbolsIn(path);
  const errors = findErrorTypes(symbols);
  const named = symbols.filter((s) => means(s.name) && !errors.has(s.name));
  const declared = named.filter((s) => DECLARATION.test(s.kind)).sort(bySize);
  const imported = index
    .importSources([path])
    // A library (`@octokit/plugin-retry`, `tenacity`); a module of the repository proves it by its own definitions.
    .find((i) => !/^[./]/.test(i.source) && i.source.split(/[/@._-]+/).some((w) => c.words.has(w.toLowerCase())));
  if (imported) {
    // The claim is the import: its line (a chunk the search matched may only share a word, `clearTimeout` for timeouts).
    return { path, proof: `imports ${imported.source}`, ref: { path, startLine: imported.line, endLine: imported.line }, strength: 3 };
  }
  const best = declared[0] ?? named[0];
  if (!best) return undefined;
  return {
    path,
    proof: `defines ${best.scope ? `${best.scope}.` : ''}${best.name} (${best.kind})`,
    ref: toRef(best),
    strength: declared[0] ? 2 : 1,
  };
}

const bySize = (a: SymbolHit, b: SymbolHit) => b.endLine - b.startLine - (a.endLine - a.startLine);
const toRef = (s: SymbolHit): LineRef => ({ path: s.path, startLine: s.startLine, endLine: s.endLine });
