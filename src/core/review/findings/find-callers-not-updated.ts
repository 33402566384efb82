import type { LanguageId } from '../../code-index/languages.js';
import { isTestFile } from '../../repo/is-test-file.js';
import { code, plural } from '../../render/markdown.js';
import { reconstructBase } from '../reconstruct-base.js';
import { bindCall, fits, type Binding } from './bind-call.js';
import { findCallSiteArguments, type CallSite } from './find-call-site-arguments.js';
import { readDefinitions, type Definition, type Parameter } from './read-parameters.js';
import { readSyntaxTree } from './read-syntax-tree.js';
import type { FindingContext, FindingEvidence, FindingSeverity, ReviewFinding } from './review-finding.js';

const RULE = 'callers-not-updated';
/** Call sites listed as evidence of one `check` finding: enough to act on, short enough to read. */
const MAX_LISTED_SITES = 10;

/**
 * A callable whose parameters changed, and calls of it in the head that
 * still pass what the old parameters took but not what the new ones take:
 * a required parameter they do not pass, a keyword no longer there, an
 * argument past the end, or an argument that now lands on another
 * parameter. A new optional parameter no call outside the diff passes is
 * one `check` per definition. Calls come from the index's resolved links
 * only; a call another definition of the name could also take, a spread
 * whose count is unknown, or a definition whose decorators may change its
 * parameters gives nothing.
 */
export async function findCallersNotUpdated(context: FindingContext): Promise<ReviewFinding[]> {
  const found: ReviewFinding[] = [];
  const added = addedLines(context);
  for (const file of context.walkthrough.files) {
    const changes = file.symbolChanges.filter((c) => c.kind === 'signature' && (c.symbolKind === 'function' || c.symbolKind === 'method'));
    const diff = context.files.find((f) => f.path === file.path);
    if (changes.length === 0 || !diff) continue;
    const head = await context.readHead(file.path).catch(() => undefined);
    const base = head === undefined ? undefined : reconstructBase(diff, head);
    if (head === undefined || base === undefined) continue;
    const before = (await readSyntaxTree(file.oldPath ?? file.path, base, readDefinitions)) ?? [];
    const after = (await readSyntaxTree(file.path, head, readDefinitions)) ?? [];
    for (const change of changes) {
      const old = only(before, change.name);
      const now = only(after, change.name);
      if (!old || !now || old.unchecked || now.unchecked || sameParameters(old.parameters, now.parameters)) continue;
      const sites = await findCallSiteArguments(context, { path: file.path, definition: now });
      if (!sites) continue;
      const flags = findFlags(now, sites, added);
      const definition = { path: file.path, oldPath: file.oldPath ?? file.path, old, now, flags };
      const defaulted: CallSite[] = [];
      const reported = new Set<string>();
      for (const site of sites) {
        const finding = judgeCall(definition, site, added.has(`${site.path}:${site.call.line}`));
        // Two calls on one line (`f(a) == '/' && f(b) != '/'`) are one comment.
        if (finding && !reported.has(`${site.path}:${site.call.line}`)) found.push(finding);
        if (finding) reported.add(`${site.path}:${site.call.line}`);
        // A Python test that leaves a new defaulted parameter out tests the default path (`httpx.create_ssl_context()`).
        else if (site.language === 'python' && isTestFile(site.path)) continue;
        else if (!added.has(`${site.path}:${site.call.line}`) && leftOut(definition, site).length > 0) defaulted.push(site);
      }
      if (defaulted.length > 0) found.push(askAboutDefaults(definition, defaulted));
    }
  }
  return found;
}

interface ChangedDefinition {
  path: string;
  oldPath: string;
  old: Definition;
  now: Definition;
  /**
   * JavaScript parameters the change's own updated calls pass as a literal (`true`, `'x'`, `0`): a flag the
   * other callers most likely leave `undefined` on purpose (axios's `matchHeaderValue(…, true)`), asked about
   * once instead of warned about per call.
   */
  flags: Set<string>;
}

const LITERAL = /^(?:true|false|null|undefined|-?\d[\d_.]*|'[^']*'|"[^"]*")$/;

function findFlags(now: Definition, sites: CallSite[], added: Set<string>): Set<string> {
  const positional = now.parameters.filter((p) => p.kind === 'positional');
  const literal = new Set<string>();
  const computed = new Set<string>();
  for (const site of sites) {
    // A test passes literals for everything; only product calls say how the value is meant to arrive.
    if (site.language !== 'javascript' || isTestFile(site.path) || !added.has(`${site.path}:${site.call.line}`)) continue;
    for (const [i, value] of site.call.values.entries()) {
      const name = positional[i]?.name;
      if (name) (LITERAL.test(value.trim()) ? literal : computed).add(name);
    }
  }
  return new Set([...literal].filter((name) => !computed.has(name)));
}

/** New parameters a call leaves to their default: optional ones, and JavaScript flags (above). */
function leftOut(d: ChangedDefinition, site: CallSite): string[] {
  const binding = bindCall(d.now.parameters, site.call);
  const flags = binding.missing.filter((p) => d.flags.has(p.name)).map((p) => p.name);
  return [...newDefaulted(d, binding).map((p) => p.name), ...flags];
}

/** `written`: the call is on a line the change added, so its author saw the new parameters (a reordered call there is updated). */
function judgeCall(d: ChangedDefinition, site: CallSite, written: boolean): ReviewFinding | undefined {
  const { call } = site;
  const before = bindCall(d.old.parameters, call);
  const after = bindCall(d.now.parameters, call);
  if (!fits(before)) return undefined; // it did not match the old parameters either: not a call this change broke
  const name = code(d.now.name);
  const passes = describePasses(call);
  const loose = site.language === 'javascript';
  if (!fits(after)) {
    // A JavaScript test that leaves the new parameter out tests the default path: nothing breaks there.
    if (loose && isTestFile(site.path) && after.unknownKeywords.length === 0) return undefined;
    const consequence = CONSEQUENCE[site.language] ?? 'fails';
    if (after.unknownKeywords.length > 0) {
      const gone = after.unknownKeywords.map(code).join(', ');
      return finding(d, site, 'error', `${name} no longer takes ${gone}, and this call still passes it: it ${consequence}.`);
    }
    if (loose && after.missing.every((p) => d.flags.has(p.name))) return undefined; // asked about once, at the definition
    if (after.missing.length > 0) {
      const missing = after.missing.map((p) => code(p.name || 'a destructured parameter')).join(', ');
      const why = loose
        ? `${after.missing.length === 1 ? 'it arrives' : 'they arrive'} as \`undefined\`, so what ${after.missing.length === 1 ? 'it controls' : 'they control'} is silently off on this path`
        : `it ${consequence}`;
      return finding(d, site, loose ? 'warning' : 'error', `${name} now requires ${missing}, and this call still ${passes}: ${why}.`);
    }
    const dropped = `${name} now takes ${plural(d.now.parameters.filter((p) => p.kind === 'positional').length, 'positional argument')}, and this call still ${passes}`;
    return finding(
      d,
      site,
      loose ? 'warning' : 'error',
      loose ? `${dropped}: the extra ones are ignored.` : `${dropped}: it ${consequence}.`,
    );
  }
  const moved = written ? undefined : findMoved(d.old.parameters, d.now.parameters, before, after);
  if (moved) {
    const inserted = !d.old.parameters.some((p) => p.name === moved.now);
    return finding(
      d,
      site,
      'warning',
      `${name}'s parameters ${inserted ? `have ${code(moved.now)} inserted` : 'were reordered'}, and this call passes them by position: argument ${moved.position} now binds to ${code(moved.now)}, not ${code(moved.was)}.`,
    );
  }
  return undefined;
}

const CONSEQUENCE: Partial<Record<LanguageId, string>> = {
  typescript: 'does not type-check',
  tsx: 'does not type-check',
  python: 'raises TypeError when it runs',
  go: 'does not compile',
};

/** The first positional argument that now lands on a parameter that was elsewhere before (a rename is not a move). */
function findMoved(
  old: Parameter[],
  now: Parameter[],
  before: Binding,
  after: Binding,
): { position: number; was: string; now: string } | undefined {
  const oldNames = old.map((p) => p.name);
  // A parameter still there under its name (a rest: `...sources`) that the argument no longer reaches moved.
  const nowNames = new Set(now.map((p) => (p.kind === 'rest' ? `...${p.name}` : p.name)));
  for (const [i, was] of before.byPosition.entries()) {
    const to = after.byPosition[i] ?? '';
    if (was === to || was === '' || to === '' || was === '...' || to === '...') continue;
    if (oldNames.includes(to) || after.byPosition.includes(was) || nowNames.has(was)) return { position: i + 1, was, now: to };
  }
  return undefined;
}

/** Optional parameters the call leaves out that are new: not in the old list, and not an optional one renamed in place. */
function newDefaulted(d: { old: Definition; now: Definition }, binding: Binding): Parameter[] {
  const oldNames = new Set(d.old.parameters.map((p) => p.name));
  const nowNames = new Set(d.now.parameters.map((p) => p.name));
  return binding.defaulted.filter((p) => {
    if (p.name === '' || oldNames.has(p.name)) return false;
    const was = d.old.parameters[d.now.parameters.indexOf(p)];
    return !(was?.optional && was.kind === p.kind && !nowNames.has(was.name));
  });
}

function askAboutDefaults(d: ChangedDefinition, sites: CallSite[]): ReviewFinding {
  const names = [...new Set(sites.flatMap((s) => leftOut(d, s)))];
  const flags = names.every((n) => d.flags.has(n));
  const listed = sites.slice(0, MAX_LISTED_SITES);
  return {
    rule: RULE,
    severity: 'check',
    path: d.path,
    line: d.now.startLine,
    message: `${code(d.now.name)} has the new ${flags ? '' : 'optional '}${names.length === 1 ? 'parameter' : 'parameters'} ${names.map(code).join(', ')}${flags ? ', which the updated calls pass as a literal' : ''}; ${plural(sites.length, 'call site')} outside this change ${sites.length === 1 ? 'does' : 'do'} not pass ${names.length === 1 ? 'it' : 'them'} and will get ${flags ? '`undefined`' : 'the default'}: is that intended?`,
    evidence: [...definitionEvidence(d), ...listed.map(siteEvidence)],
    key: `${RULE}:${d.path}:${qualified(d.now)}:defaults`,
  };
}

function finding(d: ChangedDefinition, site: CallSite, severity: FindingSeverity, message: string): ReviewFinding {
  return {
    rule: RULE,
    severity,
    path: site.path,
    line: site.call.line,
    message,
    evidence: [...definitionEvidence(d), siteEvidence(site)],
    key: `${RULE}:${d.path}:${qualified(d.now)}@${site.path}:${site.caller}#${site.occurrence}`,
  };
}

function definitionEvidence(d: ChangedDefinition): FindingEvidence[] {
  return [
    { label: 'definition before', path: d.oldPath, startLine: d.old.startLine, side: 'base', code: d.old.head },
    { label: 'definition after', path: d.path, startLine: d.now.startLine, code: d.now.head },
  ];
}

function siteEvidence(site: CallSite): FindingEvidence {
  return {
    label: 'call site',
    path: site.path,
    startLine: site.call.startLine,
    ...(site.call.endLine !== site.call.startLine ? { endLine: site.call.endLine } : {}),
    code: site.call.text.length > 400 ? `${site.call.text.slice(0, 400)}…` : site.call.text,
  };
}

function describePasses(call: { positional: number; keywords: string[] }): string {
  const keywords = call.keywords.length > 0 ? ` and ${call.keywords.map((k) => code(k)).join(', ')} by name` : '';
  return `passes ${plural(call.positional, 'argument')}${keywords}`;
}

function sameParameters(a: Parameter[], b: Parameter[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The one definition of a qualified name; none when the name is defined twice (overloads, conditional definitions). */
function only(definitions: Definition[], name: string): Definition | undefined {
  const matching = definitions.filter((d) => qualified(d) === name);
  return matching.length === 1 ? matching[0] : undefined;
}

function qualified(d: Definition): string {
  return d.scope ? `${d.scope}.${d.name}` : d.name;
}

/** `path:line` of every added line: a call there was written with the change in view. */
function addedLines(context: FindingContext): Set<string> {
  const out = new Set<string>();
  for (const f of context.files) {
    for (const h of f.hunks) for (const l of h.lines) if (l.kind === 'add' && l.newLine !== undefined) out.add(`${f.path}:${l.newLine}`);
  }
  return out;
}
