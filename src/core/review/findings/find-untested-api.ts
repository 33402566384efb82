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
/** Callers whose own name is looked up among the tests' references (a test calling them by a link the index missed). */
const MAX_CALLERS_CHECKED = 20;

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
        evidence: [{ label: 'definition', path: file.path, startLine: api.symbol.startLine, endLine: api.symbol.endLine, code: api.symbol.signature }],
      });
    }
  }
  return findings;
}

/** `reached`, `none` (no test does), or `unknown` (the index cannot tell). */
function findTestReach(
  api: NewApi,
  hit: SymbolHit,
  context: { index: CodeIndex; isTestCode: (path: string) => boolean; addedTestText: string; testsOfFile: string[] },
): 'reached' | 'none' | 'unknown' {
  const { index, isTestCode } = context;
  const names = [api.symbol.name, ...api.members.filter((m) => m.length >= 4 && !isAmbiguousName(m))];
  for (const name of names) {
    if (index.findReferences(name, 1000).some((r) => isTestCode(r.path))) return 'reached';
    if (new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`).test(context.addedTestText)) return 'reached';
  }
  if (context.testsOfFile.some((test) => index.referencedNames(test).some((n) => names.includes(n)))) return 'reached';
  if (api.symbol.kind === 'method') {
    const elsewhere = index.findDefinitions(api.symbol.name, 20).filter((d) => d.id !== hit.id && d.kind === 'method' && d.name === hit.name);
    if (elsewhere.length > 0) return 'unknown';
  }
  const sites = index.callSites(hit.id, CALLER_DEPTH);
  if (sites.ambiguous || sites.unresolved > 0) return 'unknown';
  if (sites.callers.some((c) => isTestCode(c.path))) return 'reached';
  // A caller at a file's top level runs when the file is imported; a caller a test names by a link the index missed.
  for (const caller of sites.callers.slice(0, MAX_CALLERS_CHECKED)) {
    if (caller.symbolId === undefined) {
      if (index.importers(caller.path, CALLER_DEPTH).some((f) => isTestCode(f.path))) return 'reached';
    } else if (caller.name && index.findReferences(caller.name, 1000).some((r) => isTestCode(r.path))) return 'reached';
  }
  return 'none';
}

function qualified(symbol: { scope: string; name: string }): string {
  return symbol.scope ? `${symbol.scope}.${symbol.name}` : symbol.name;
}
