import escapeStringRegexp from 'escape-string-regexp';
import { findLanguage, type LanguageId } from '../../code-index/languages.js';
import type { CallHit, SymbolHit } from '../../code-index/graph-queries.js';
import { parseFile } from '../../code-index/parse-file.js';
import type { SymbolChange } from '../compare-symbols.js';
import { reconstructBase } from '../reconstruct-base.js';
import { findCallUses } from './classify-result-use.js';
import { findPackageMemberCalls } from './find-package-member-uses.js';
import { judgeResultUse, type ShapeShift } from './judge-result-use.js';
import { readReturnShape, type ReturnShape } from './read-return-shape.js';
import type { FindingContext, FindingEvidence, ReviewFinding } from './review-finding.js';
import { readSyntaxTree } from './read-syntax-tree.js';

const SHAPED_LANGUAGES = new Set<LanguageId>(['typescript', 'tsx', 'javascript', 'python', 'go']);
const CALLABLE = new Set(['function', 'method']);
/** Call sites read per changed definition: past this the change is a refactoring the author runs the compiler on. */
const MAX_CALLERS = 200;

type SignatureChange = Extract<SymbolChange, { kind: 'signature' }>;

/**
 * `return-shape-changed`: a changed function or method now returns another
 * shape (sync to async, another number of Go results, a value to a list or
 * tuple or back, a value to one that may be null) and a call site in the
 * head still uses the old one. Call sites are every call of the name in
 * the functions the index links to the definition at the head; a function
 * the index also links to another definition of the name is withheld, as
 * are calls whose use the syntax does not show.
 */
export async function findReturnShapeChanges(context: FindingContext): Promise<ReviewFinding[]> {
  const findings: ReviewFinding[] = [];
  const reported = new Set<string>();
  const heads = new Map<string, Promise<string | undefined>>();
  const readHead = (path: string) => {
    let pending = heads.get(path);
    if (!pending) {
      pending = context.readHead(path).catch(() => undefined);
      heads.set(path, pending);
    }
    return pending;
  };
  for (const file of context.walkthrough.files) {
    const language = findLanguage(file.path);
    if (!language || !SHAPED_LANGUAGES.has(language)) continue;
    const changes = file.symbolChanges.filter((c): c is SignatureChange => c.kind === 'signature' && CALLABLE.has(c.symbolKind));
    for (const change of changes) {
      const before = readReturnShape(change.before, language);
      const after = readReturnShape(change.after, language);
      const shift = before && after ? findShapeShift(before, after, language) : undefined;
      if (!shift) continue;
      const base = await readBaseDefinition(context, file.path, change);
      if (!base || (shift.kind === 'async' && language !== 'python' && base.returnsPromise)) continue;
      const definition = context.index.symbolsIn(file.path).find((s) => qualifiedName(s) === change.name && s.startLine === change.line);
      if (!definition) continue;
      const evidence: FindingEvidence[] = [
        { label: 'definition before', path: base.path, startLine: base.line, side: 'base', code: change.before },
        { label: 'definition after', path: file.path, startLine: change.line, code: change.after },
      ];
      const callers = [...findCallers(context, definition)];
      // `click.pause()` inside a command of its own named `pause`: the index gives that call to the local definition.
      // The package named as written decides (find-package-member-uses.ts).
      if (language === 'python' && definition.scope === '') {
        for (const call of (await findPackageMemberCalls(context, { path: file.path, name: definition.name })).calls) {
          const holder = innermostCallable(context.index.symbolsIn(call.path), call.line);
          if (callers.some((c) => c.path === call.path && c.symbolId === holder?.id)) continue;
          callers.push({ depth: 1, symbolId: holder?.id, name: holder?.name, kind: holder?.kind, path: call.path, line: call.line });
        }
      }
      const goPackage = language === 'go' && definition.scope === '' ? await readGoPackage(file.path, readHead) : undefined;
      for (const path of new Set(callers.map((c) => c.path))) {
        const text = await readHead(path);
        const callerLanguage = findLanguage(path);
        if (text === undefined || !callerLanguage) continue;
        const symbols = context.index.symbolsIn(path);
        // One parse per calling file. The index keeps one line per calling function (its first call): every call in
        // it with the same callee as written counts.
        const uses =
          (await readSyntaxTree(path, text, (root) =>
            callers
              .filter((c) => c.path === path)
              .flatMap((caller) => {
                const span = symbols.find((s) => s.id === caller.symbolId);
                // A call at the top level (a test's callbacks, `ky.create = () => …`) is the file's: the index keeps its
                // first line, and every call outside the file's functions is the same caller.
                const topLevel = span === undefined && (caller.symbolId === undefined || caller.symbolId <= 0);
                const inFunction = (line: number) => symbols.some((s) => CALLABLE.has(s.kind) && s.startLine <= line && line <= s.endLine);
                const found = findCallUses(root, {
                  name: definition.name,
                  startLine: topLevel ? 1 : (span?.startLine ?? caller.line),
                  endLine: topLevel ? text.split('\n').length : (span?.endLine ?? caller.line),
                  language: callerLanguage,
                }).filter((u) => !topLevel || u.line === caller.line || !inFunction(u.line));
                // A Go function is told by its package qualifier; anything else by the callee the index linked, as written.
                if (goPackage) return found.filter((u) => callsGoPackage(u.callee, goPackage, { path, text }));
                const linked = found.find((u) => u.line === caller.line)?.callee;
                return found.filter((u) => u.callee === linked);
              }),
          )) ?? [];
        for (const use of uses) {
          const key = `${path}:${use.line}`;
          // `f()!` asserts the result is not null: the author answered a nullable result already.
          const verdict = shift.kind === 'nullable' && use.asserted ? undefined : judgeResultUse(shift, use.use);
          if (!verdict || reported.has(key)) continue;
          reported.add(key);
          findings.push({
            rule: 'return-shape-changed',
            severity: verdict.severity,
            path,
            line: use.line,
            message: `\`${change.name}\` ${describeShift(shift, before!, after!)}, but this call ${verdict.does}.`,
            evidence: [...evidence, { label: 'call site', path, startLine: use.line, code: text.split('\n')[use.line - 1]?.trim() }],
          });
        }
      }
    }
  }
  return findings;
}

/** The change of shape callers can trip on; async to sync is left out (awaiting a value still works). */
export function findShapeShift(before: ReturnShape, after: ReturnShape, language: LanguageId): ShapeShift | undefined {
  if (before.generator || after.generator) return undefined;
  const python = language === 'python';
  if (!before.async && after.async) return { kind: 'async', python };
  if (language === 'go') {
    return before.results !== undefined && after.results !== undefined && before.results !== after.results
      ? { kind: 'results', before: before.results, after: after.results }
      : undefined;
  }
  if (before.type === undefined || after.type === undefined || before.async !== after.async) return undefined;
  if (isOpaque(before.type) || isOpaque(after.type)) return undefined;
  if (before.collection !== after.collection) return { kind: 'collection', toCollection: after.collection, python };
  if (!before.nullable && after.nullable) return { kind: 'nullable' };
  return undefined;
}

/** Types that say nothing of the shape: any value fits them either way. */
function isOpaque(type: string): boolean {
  return /^(?:any|unknown|object|Any|object|void|None|T|[A-Z])$/.test(type.trim());
}

function describeShift(shift: ShapeShift, before: ReturnShape, after: ReturnShape): string {
  switch (shift.kind) {
    case 'async':
      return shift.python ? 'is now `async def`' : 'is now async (it returns a Promise)';
    case 'results':
      return `now returns ${shift.after} value${shift.after === 1 ? '' : 's'} (it returned ${shift.before})`;
    case 'collection':
      return `now returns \`${after.type}\` (it returned \`${before.type}\`)`;
    case 'nullable':
      return `may now return nothing (\`${after.type}\`)`;
  }
}

/** The linked callers (one per calling function), without the functions that also call another definition of the same name. */
function findCallers(context: FindingContext, definition: SymbolHit): CallHit[] {
  const sites = context.index.callSites(definition.id, 1, MAX_CALLERS);
  if (sites.ambiguous) return [];
  const claimedElsewhere = new Set<string>();
  for (const other of context.index.findDefinitions(definition.name, 20)) {
    if (other.id === definition.id || other.name !== definition.name || !CALLABLE.has(other.kind)) continue;
    for (const hit of context.index.callSites(other.id, 1, MAX_CALLERS).callers) claimedElsewhere.add(callerKey(hit));
  }
  const seen = new Set<string>();
  return sites.callers.filter((hit) => {
    const key = callerKey(hit);
    if (hit.depth !== 1 || hit.symbolId === definition.id || seen.has(key) || claimedElsewhere.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The definition as the base had it (rebuilt from the head and the diff): its line, and whether its body
 * already handled promises (a function returning `new Promise(…)` that becomes `async` returns one as before).
 */
async function readBaseDefinition(
  context: FindingContext,
  path: string,
  change: SignatureChange,
): Promise<{ path: string; line: number; returnsPromise: boolean } | undefined> {
  const file = context.files.find((f) => f.path === path);
  if (!file) return undefined;
  const head = await context.readHead(path).catch(() => undefined);
  const base = head === undefined ? undefined : reconstructBase(file, head);
  if (base === undefined) return undefined;
  const basePath = file.oldPath ?? path;
  const parsed = await parseFile(basePath, new TextEncoder().encode(base));
  const symbol = parsed.symbols.find((s) => qualifiedName(s) === change.name && CALLABLE.has(s.kind) && s.signature === change.before);
  if (!symbol) return undefined;
  const body = base
    .split('\n')
    .slice(symbol.startLine - 1, symbol.endLine)
    .join('\n');
  return { path: basePath, line: symbol.startLine, returnsPromise: /\bPromise\b|\.then\s*\(|\bthenable\b/.test(body) };
}

/** A Go function's package: its name in the package clause, and its folder. */
async function readGoPackage(
  path: string,
  readHead: (path: string) => Promise<string | undefined>,
): Promise<{ name: string; dir: string } | undefined> {
  const name = /^package\s+(\w+)/m.exec((await readHead(path)) ?? '')?.[1];
  return name ? { name, dir: path.slice(0, path.lastIndexOf('/') + 1) } : undefined;
}

/**
 * Whether a Go call names the function's own package: unqualified in the same folder, or qualified by the
 * package's name or by an import alias of its folder. `http.StripPrefix` does not call chi's
 * `middleware.StripPrefix`, whatever the index linked by name.
 */
function callsGoPackage(callee: string, pkg: { name: string; dir: string }, caller: { path: string; text: string }): boolean {
  const dot = callee.lastIndexOf('.');
  const callerDir = caller.path.slice(0, caller.path.lastIndexOf('/') + 1);
  if (dot < 0) return callerDir === pkg.dir;
  const qualifier = callee.slice(0, dot);
  if (!/^\w+$/.test(qualifier)) return false;
  // `package x_test` beside the code calls it as `x.F`.
  if (qualifier === pkg.name) return true;
  if (callerDir === pkg.dir) return false;
  const folder = pkg.dir.replace(/\/$/, '');
  return new RegExp(`^\\s*(?:import\\s+)?${qualifier}\\s+"[^"]*${escapeStringRegexp(folder)}"`, 'm').test(caller.text);
}

/** The innermost function or method holding a line. */
function innermostCallable(symbols: SymbolHit[], line: number): SymbolHit | undefined {
  let best: SymbolHit | undefined;
  for (const s of symbols) {
    if (!CALLABLE.has(s.kind) || s.startLine > line || line > s.endLine) continue;
    if (!best || s.endLine - s.startLine <= best.endLine - best.startLine) best = s;
  }
  return best;
}

function callerKey(hit: CallHit): string {
  return `${hit.path}:${hit.symbolId ?? `line ${hit.line}`}`;
}

function qualifiedName(symbol: { scope: string; name: string }): string {
  return symbol.scope ? `${symbol.scope}.${symbol.name}` : symbol.name;
}
