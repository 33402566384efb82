import type { CodeIndex } from '../../code-index/code-index.js';
import type { SymbolHit } from '../../code-index/graph-queries.js';
import { isAmbiguousName } from '../../code-index/ambiguous-names.js';
import { isProductCode } from '../../repo/classify-file.js';
import { findNonProductFolder } from '../../repo/non-product-folders.js';
import { findTestsFor } from '../../tests/find-tests-for.js';
import { TestLayout } from '../../tests/test-layout.js';
import { findNewApi, type NewApi } from './find-new-api.js';
import type { FindingContext, ReviewFinding } from './review-finding.js';

/** Callers followed this many hops to a test: a test of the function that calls the new one reaches it too. */
const CALLER_DEPTH = 3;
/** Callers followed per definition: past this, something that many functions call is reached by one of them. */
const MAX_CALLERS_CHECKED = 20;
const CALLABLE = new Set(['function', 'method', 'class']);

/**
 * `new-api-untested`: a function, method or class this diff adds to the
 * visible API (findNewApi) that no test reaches, by the index at the head
 * (the diff's own tests included): no test or test support file refers to
 * its name (or, for a class, a method's), none calls it through up to three
 * hops of callers, no added test line names it, and no test of its file
 * (findTestsFor) uses it. Silent in a tree with no tests, for test,
 * generated, vendored, example and docs files, and where the index cannot
 * tell (a name too common to link, calls on receivers it could not type,
 * a method another class also defines).
 */
export async function findUntestedApi(context: FindingContext): Promise<ReviewFinding[]> {
  const { index } = context;
  const layout = context.layout ?? new TestLayout(index.listFiles().map((f) => f.path));
  if (layout.testCount === 0) return [];
  const isTestCode = (path: string) => layout.classify(path) !== undefined;
  const addedTestText = context.files
    .filter((f) => isTestCode(f.path))
    .flatMap((f) => f.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add').map((l) => l.text)))
    .join('\n');
  const findings: ReviewFinding[] = [];
  for (const file of context.files) {
    if (file.binary || file.status === 'deleted' || isTestCode(file.path) || findNonProductFolder(file.path) !== undefined) continue;
    if (!isProductCode(file.path, index.getFile(file.path))) continue;
    const head = await context.readHead(file.path).catch(() => undefined);
    if (head === undefined) continue;
    const added = await findNewApi(file, head);
    if (added.length === 0) continue;
    const defined = index.symbolsIn(file.path);
    const fileTests = findTestsFor(file.path, { index, layout, max: 10 });
    const testsOfFile = fileTests.kind === 'found' ? fileTests.tests.map((t) => t.path) : [];
    for (const api of added) {
      const hit = defined.find((s) => s.name === api.symbol.name && s.scope === api.symbol.scope && s.startLine === api.symbol.startLine);
      if (!hit) continue;
      const reach = findTestReach(api, hit, { index, isTestCode, addedTestText, testsOfFile });
      if (reach !== 'none') continue;
      const what = api.symbol.kind === 'class' ? 'class' : api.symbol.kind;
      findings.push({
        rule: 'new-api-untested',
        severity: 'check',
        path: file.path,
        line: api.symbol.startLine,
        message: `New ${what} \`${qualified(api.symbol)}\` is part of the API, and no test reaches it: no test refers to it or calls code that calls it.`,
        evidence: [
          {
            label: 'definition',
            path: file.path,
            startLine: api.symbol.startLine,
            endLine: api.symbol.endLine,
            code: api.symbol.signature,
          },
        ],
      });
    }
  }
  return findings;
}

type Reach = 'reached' | 'none' | 'unknown';

interface ReachContext {
  index: CodeIndex;
  isTestCode: (path: string) => boolean;
  addedTestText: string;
  testsOfFile: string[];
}

/** `reached`, `none` (no test does), or `unknown` (the index cannot tell). */
function findTestReach(api: NewApi, hit: SymbolHit, context: ReachContext): Reach {
  const names = [api.symbol.name, ...api.members.filter((m) => m.length >= 4 && !isAmbiguousName(m))];
  for (const name of names) {
    if (new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`).test(context.addedTestText)) return 'reached';
  }
  if (context.testsOfFile.some((test) => context.index.referencedNames(test).some((n) => names.includes(n)))) return 'reached';
  if (names.slice(1).some((name) => referencedByTests(name, context))) return 'reached';
  return findSymbolReach(hit, context, 0, new Map());
}

/**
 * Whether tests reach a definition: by its name, or through its linked callers (each judged the same way, up
 * to CALLER_DEPTH hops). Unknown as soon as one link in the chain cannot be told: another definition of the
 * same name (the index may have linked the calls to either), a name too common to link, calls on receivers it
 * could not type.
 */
function findSymbolReach(hit: SymbolHit, context: ReachContext, depth: number, seen: Map<number, Reach>): Reach {
  const known = seen.get(hit.id);
  if (known) return known;
  seen.set(hit.id, 'none');
  const { index, isTestCode } = context;
  let reach: Reach = 'none';
  if (referencedByTests(hit.name, context)) reach = 'reached';
  else if (index.findDefinitions(hit.name, 20).some((d) => d.id !== hit.id && d.name === hit.name && CALLABLE.has(d.kind)))
    reach = 'unknown';
  else {
    const sites = index.callSites(hit.id, 1);
    if (sites.ambiguous || sites.unresolved > 0) reach = 'unknown';
    else if (sites.callers.some((c) => isTestCode(c.path))) reach = 'reached';
    else {
      for (const caller of sites.callers.slice(0, MAX_CALLERS_CHECKED)) {
        let next: Reach;
        if (caller.symbolId === undefined || caller.symbolId === hit.id) {
          // A call at a file's top level runs when the file is imported.
          next =
            caller.symbolId === undefined && index.importers(caller.path, CALLER_DEPTH).some((f) => isTestCode(f.path))
              ? 'reached'
              : 'none';
        } else if (depth + 1 >= CALLER_DEPTH) next = 'unknown';
        else {
          const callerHit = index.symbolsIn(caller.path).find((s) => s.id === caller.symbolId);
          next = callerHit ? findSymbolReach(callerHit, context, depth + 1, seen) : 'unknown';
        }
        if (next === 'reached') {
          reach = 'reached';
          break;
        }
        if (next === 'unknown') reach = 'unknown';
      }
    }
  }
  seen.set(hit.id, reach);
  return reach;
}

function referencedByTests(name: string, context: ReachContext): boolean {
  return context.index.findReferences(name, 1000).some((r) => context.isTestCode(r.path));
}

function qualified(symbol: { scope: string; name: string }): string {
  return symbol.scope ? `${symbol.scope}.${symbol.name}` : symbol.name;
}
