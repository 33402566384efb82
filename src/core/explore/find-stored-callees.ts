import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';

/** What a call through an attribute reaches: the definition stored there, and how the code says so. */
export interface StoredCallee {
  target: SymbolHit;
  /** Short, for the excerpt: the attribute and where it is called. */
  reason: string;
  /** Whole, for the findings: where the value is stored and where it comes from (once per attribute: else empty). */
  finding: string;
}

/** How many attributes called through are followed from one definition, and how many definitions each may hold. */
const MAX_MEMBERS = 3;
const MAX_TARGETS = 2;
/** Constructions of a class read for what they pass; a class constructed in more places is not followed. */
const MAX_CONSTRUCTIONS = 10;
/** Lines read after a constructor call's first line for its arguments. */
const CALL_LINES = 6;

/** The word a method names its own object by, per language (the file's extension). */
function selfWord(path: string): string | undefined {
  if (/\.pyi?$/.test(path)) return 'self';
  if (/\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/.test(path)) return 'this';
  return undefined;
}

/**
 * `self._hookexec(…)` in `HookCaller.__call__` calls whatever the class stored in `self._hookexec`: where the index
 * and the source can tell, that definition. An assignment `self.X = <value>` in the class is followed when the value
 * is one of the class's methods (`self.run`), a function the repository defines once under that name (or in the
 * same file), or a parameter of the class's constructor whose every construction (`HookCaller(name,
 * self._hookexec)`, found by the index's links) passes a method of the constructing class or such a function. Any
 * other value (a call, a lambda, a local variable) is not guessed at: it is said to be there, unnamed. Python's
 * `self` and JavaScript's `this`; a method of the class by that name is left to the index's own links. Then the
 * same is done from each definition found, `hops` times.
 */
export async function findStoredCallees(
  index: CodeIndex,
  readText: (path: string) => Promise<string | undefined>,
  from: SymbolHit,
  hops = 2,
): Promise<StoredCallee[]> {
  const found: StoredCallee[] = [];
  const seen = new Set<number>([from.id]);
  let froms = [from];
  for (let hop = 0; hop < hops && froms.length > 0; hop += 1) {
    const next: SymbolHit[] = [];
    for (const f of froms) {
      for (const callee of await followOne(index, readText, f)) {
        if (seen.has(callee.target.id)) continue;
        seen.add(callee.target.id);
        found.push(callee);
        next.push(callee.target);
      }
    }
    froms = next;
  }
  return found;
}

async function followOne(
  index: CodeIndex,
  readText: (path: string) => Promise<string | undefined>,
  from: SymbolHit,
): Promise<StoredCallee[]> {
  const self = selfWord(from.path);
  if (!self) return [];
  const text = await readText(from.path);
  if (text === undefined) return [];
  const lines = text.split('\n');
  const symbols = index.symbolsIn(from.path);
  const cls = innermost(symbols.filter((s) => isClass(s) && s.startLine <= from.startLine && from.endLine <= s.endLine));
  if (!cls) return [];
  const members: { name: string; line: number }[] = [];
  const call = new RegExp(`\\b${self}\\.(#?[A-Za-z_$][\\w$]*)\\s*\\(`, 'g');
  for (let n = from.startLine; n <= from.endLine && members.length < MAX_MEMBERS; n += 1) {
    for (const m of (lines[n - 1] ?? '').matchAll(call)) {
      if (!members.some((x) => x.name === m[1]) && members.length < MAX_MEMBERS) members.push({ name: m[1]!, line: n });
    }
  }
  const out: StoredCallee[] = [];
  for (const member of members) {
    // A method of that name is called directly: the index links it.
    if (symbols.some((s) => s.name === member.name && isCallable(s) && s.scope === qualified(cls))) continue;
    const stores = findStores(lines, cls, self, member.name);
    if (stores.length === 0) continue;
    const targets: { target: SymbolHit; how: string }[] = [];
    const unnamed: number[] = [];
    for (const store of stores) {
      const method = innermost(symbols.filter((s) => isCallable(s) && s.startLine <= store.line && store.line <= s.endLine));
      const resolved = await resolveValue(index, readText, lines, symbols, cls, method, store.value, self);
      if (resolved.length === 0) unnamed.push(store.line);
      for (const r of resolved) {
        if (targets.length < MAX_TARGETS && !targets.some((t) => t.target.id === r.target.id)) {
          const where = method ? `${qualified(method)} (line ${store.line})` : `line ${store.line}`;
          targets.push({ target: r.target, how: `${where} stores ${r.how}` });
        }
      }
    }
    const also =
      unnamed.length > 0
        ? `; also set at line${unnamed.length === 1 ? '' : 's'} ${unnamed.join(', ')} to a value the index cannot name`
        : '';
    const finding = `${qualified(from)} calls ${self}.${member.name}(…) (${from.path}:${member.line}): ${targets.map((t) => t.how).join('; ')}${also}`;
    for (const [i, t] of targets.entries()) {
      out.push({
        target: t.target,
        reason: `stored in ${self}.${member.name}, called by ${qualified(from)} (line ${member.line})`,
        finding: i === 0 ? finding : '',
      });
    }
  }
  return out;
}

/** `self.X = value` and `self.X: T = value` (Python), `this.X = value;` (JavaScript) in the class's lines. */
function findStores(lines: string[], cls: SymbolHit, self: string, member: string): { line: number; value: string }[] {
  const assign = new RegExp(`^\\s*${self}\\.${member.replace(/[$]/g, '\\$')}\\s*(?::[^=]+)?=(?!=)\\s*(.+?)\\s*;?\\s*$`);
  const stores: { line: number; value: string }[] = [];
  for (let n = cls.startLine; n <= cls.endLine; n += 1) {
    const m = assign.exec(stripComment(lines[n - 1] ?? '', self));
    if (m) stores.push({ line: n, value: m[1]! });
  }
  return stores;
}

/** A line without its trailing comment (`# type: ignore`), when the comment marker is outside quotes. */
function stripComment(line: string, self: string): string {
  const marker = self === 'self' ? /\s+#(?=[^'"]*$).*$/ : /\s+\/\/(?=[^'"`]*$).*$/;
  return line.replace(marker, '');
}

/** The definitions a stored value names, with how it is said; none when the index cannot tell. */
async function resolveValue(
  index: CodeIndex,
  readText: (path: string) => Promise<string | undefined>,
  lines: string[],
  symbols: SymbolHit[],
  cls: SymbolHit,
  method: SymbolHit | undefined,
  value: string,
  self: string,
): Promise<{ target: SymbolHit; how: string }[]> {
  const member = new RegExp(`^${self}\\.(#?[A-Za-z_$][\\w$]*)$`).exec(value);
  if (member) {
    const target = findMethod(index, cls, member[1]!);
    return target ? [{ target, how: `${value} (${qualified(target)}) in it` }] : [];
  }
  if (!/^[A-Za-z_$][\w$]*$/.test(value)) return [];
  const params = method ? readParameters(lines, method, self) : [];
  const position = params.indexOf(value);
  if (method && position >= 0) {
    if (method.name !== '__init__' && method.name !== 'constructor') return [];
    return resolveArgument(index, readText, cls, value, position);
  }
  const fn = findFunction(index, value, cls.path, method);
  return fn ? [{ target: fn, how: `${value} (${fn.path}:${fn.startLine}) in it` }] : [];
}

/**
 * The constructor's parameter `name` (at `position`, `self` not counted) as every construction of the class passes
 * it: each must pass a method of its own class (`self._hookexec`) or a function found by name; otherwise nothing.
 */
async function resolveArgument(
  index: CodeIndex,
  readText: (path: string) => Promise<string | undefined>,
  cls: SymbolHit,
  name: string,
  position: number,
): Promise<{ target: SymbolHit; how: string }[]> {
  // Every construction the index links, or none: one left unread could pass anything.
  const sites = index.callers(cls.id, 1, MAX_CONSTRUCTIONS + 1);
  if (sites.length === 0 || sites.length > MAX_CONSTRUCTIONS) return [];
  const passed: { target: SymbolHit; arg: string; site: string }[] = [];
  for (const site of sites) {
    const text = await readText(site.path);
    if (text === undefined) return [];
    const siteLines = text.split('\n');
    const args = readCallArguments(siteLines.slice(site.line - 1, site.line - 1 + CALL_LINES).join('\n'), cls.name);
    if (!args) return [];
    const keyword = args.find((a) => new RegExp(`^${name}\\s*[=:]`).test(a));
    const arg = keyword ? keyword.replace(/^[^=:]+[=:]\s*/, '') : args.filter((a) => !/^[A-Za-z_]\w*\s*=[^=]/.test(a))[position];
    if (arg === undefined) return [];
    const caller = site.symbolId === undefined ? undefined : index.symbolsIn(site.path).find((s) => s.id === site.symbolId);
    const self = selfWord(site.path);
    const member = self ? new RegExp(`^${self}\\.(#?[A-Za-z_$][\\w$]*)$`).exec(arg.trim()) : null;
    let target: SymbolHit | undefined;
    if (member && caller) {
      const callerClass = innermost(
        index.symbolsIn(site.path).filter((s) => isClass(s) && s.startLine <= caller.startLine && caller.endLine <= s.endLine),
      );
      target = callerClass && findMethod(index, callerClass, member[1]!);
    } else if (/^[A-Za-z_$][\w$]*$/.test(arg.trim())) {
      target = findFunction(index, arg.trim(), site.path, caller);
    }
    if (!target) return [];
    passed.push({ target, arg: arg.trim(), site: `${caller ? qualified(caller) : site.path} (line ${site.line})` });
  }
  const targets = [...new Map(passed.map((p) => [p.target.id, p.target])).values()];
  if (targets.length > MAX_TARGETS) return [];
  return targets.map((target) => ({
    target,
    how:
      `its ${name} argument in it; ${passed
        .filter((p) => p.target.id === target.id)
        .map((p) => p.site)
        .join(' and ')} ` +
      `pass${passed.length === 1 ? 'es' : ''} ${[...new Set(passed.filter((p) => p.target.id === target.id).map((p) => p.arg))].join(', ')} (${qualified(target)})`,
  }));
}

/** The arguments of the first call of `callee` in `text`, split at top-level commas; undefined when unbalanced. */
function readCallArguments(text: string, callee: string): string[] | undefined {
  const start = new RegExp(`\\b${callee}\\s*\\(`).exec(text);
  if (!start) return undefined;
  let depth = 0;
  let current = '';
  const args: string[] = [];
  for (let i = start.index + start[0].length; i < text.length; i += 1) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth += 1;
    if (')]}'.includes(ch)) {
      if (depth === 0) {
        if (current.trim()) args.push(current.trim());
        return args;
      }
      depth -= 1;
    }
    if (ch === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += ch;
  }
  return undefined;
}

/** A method's parameter names in order, `self`/`cls` and `*`, `/` markers left out. */
function readParameters(lines: string[], method: SymbolHit, self: string): string[] {
  const head = lines.slice(method.startLine - 1, Math.min(method.endLine, method.startLine + 20)).join('\n');
  const args = readCallArguments(head, method.name.replace(/[$]/g, '\\$'));
  if (!args) return [];
  return args
    .map((a) => /^[*]{0,2}\s*([A-Za-z_$][\w$]*)/.exec(a.replace(/^(public|private|protected|readonly)\s+/, ''))?.[1] ?? '')
    .filter((p) => p !== '' && p !== 'cls' && p !== self);
}

/** A method of the class (or a function nested in the class) by name. */
function findMethod(index: CodeIndex, cls: SymbolHit, name: string): SymbolHit | undefined {
  return index
    .findDefinitions(`${qualified(cls)}.${name}`, 5)
    .find((d) => isCallable(d) && d.path === cls.path && d.scope === qualified(cls));
}

/**
 * A function named `name`: one nested in the method that stores it, else one at the top of the same file, else
 * the only function or method of that name in the repository.
 */
function findFunction(index: CodeIndex, name: string, path: string, method: SymbolHit | undefined): SymbolHit | undefined {
  const defs = index.findDefinitions(name, 10).filter((d) => d.name === name && isCallable(d));
  const nested = method && defs.find((d) => d.path === path && d.scope === qualified(method));
  if (nested) return nested;
  const local = defs.filter((d) => d.path === path && d.scope === '');
  if (local.length === 1) return local[0];
  const top = defs.filter((d) => d.scope === '');
  return top.length === 1 && defs.length === 1 ? top[0] : undefined;
}

function isClass(s: SymbolHit): boolean {
  return s.kind === 'class';
}

function isCallable(s: SymbolHit): boolean {
  return s.kind === 'function' || s.kind === 'method';
}

function qualified(s: SymbolHit): string {
  return s.scope ? `${s.scope}.${s.name}` : s.name;
}

function innermost(defs: SymbolHit[]): SymbolHit | undefined {
  return [...defs].sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
}
