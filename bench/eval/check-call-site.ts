import { findRubyCall, RUBY_FILE } from './find-ruby-call.js';

/**
 * The audit's truth for one claimed call site: does the line really call
 * `name`, on a receiver that is not known to be something else? Read from
 * the checkout's text, independently of the index:
 *
 * - the cited line holds a call of the name (`name(`, `name<T>(`,
 *   `name[T](`, `new Name(`, `name.call(`); in Ruby, where parentheses are
 *   optional, the name as a call with or without them, outside comments,
 *   strings, definitions and symbols, and not a local variable
 *   (find-ruby-call.ts);
 * - for a method `Scope.name`, the receiver's type, when the text tells it,
 *   is `Scope` or a class that names `Scope` in its declaration (or that
 *   `Scope`'s declaration names): `self`/`this` is the enclosing class; a
 *   variable's type is read from a Go receiver or parameter (`c *Context`),
 *   an annotation (`c: Context`), or the nearest assignment above from a
 *   constructor (`x = Foo(`, `x := &Foo{`, `x = new Foo(`, `x := NewFoo(`,
 *   `self.x = Foo(` anywhere in the file); a capitalised receiver is a class
 *   or a Go package;
 * - for a function (no scope), a receiver whose type is known as above is a
 *   method call on an object, not a call of the function.
 *
 * A receiver whose type the text does not tell is given the benefit of the
 * doubt: the claim is not counted false for it.
 */
/** Constructors by name: what instantiating the class runs (graph-queries.ts seeds their callers with the class's). */
const CONSTRUCTORS = new Set(['constructor', '__init__']);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface CallSiteClaim {
  /** The file's text at the state the claim was made. */
  text: string;
  /** The file's path, for its language: Ruby's calls may go without parentheses (find-ruby-call.ts). */
  path?: string;
  line: number;
  name: string;
  /** The definition's class or type; '' for a function. */
  scope: string;
  /** Declaration lines of classes in the repository by name, to tell related classes (`class B(A)`), when known. */
  declarations?: (name: string) => string[];
  /**
   * The claim is that this call of a base method may run `scope`'s override of it: an object built as another
   * class (`signer = Signer(…)`) never does, unless that class derives from `scope`; nor does a `super()` call
   * inside `scope`, which runs the base.
   */
  override?: boolean;
}

export interface CallSiteVerdict {
  ok: boolean;
  why: string;
}

export function checkCallSite(claim: CallSiteClaim): CallSiteVerdict {
  const lines = claim.text.split('\n');
  const at = lines[claim.line - 1] ?? '';
  const name = escape(claim.name);
  if (claim.path !== undefined && RUBY_FILE.test(claim.path)) {
    const found = findRubyCall(lines, claim.line, claim.name);
    if (!found) return { ok: false, why: `line ${claim.line} holds no call of ${claim.name}` };
    return judgeReceiver(claim, lines, found.receiver);
  }
  // JavaScript's `super(…)` calls the constructor of the base the enclosing class's header names.
  if (claim.name === 'constructor' && /(?:^|[^\w$.])super\s*\(/.test(at)) return judgeSuperCall(claim, lines);
  // A constructor runs where its class is instantiated: `new Command(`, Python's `DateTime(`.
  if (CONSTRUCTORS.has(claim.name) && claim.scope !== '') {
    const cls = escape(claim.scope.slice(claim.scope.lastIndexOf('.') + 1));
    if (new RegExp(`(?:^|[^\\w$.])(?:new\\s+)?(?:[\\w$]+\\.)*${cls}\\s*(?:<[^<>()]*>|\\[[^\\]()]*\\])?\\s*\\(`).test(at))
      return { ok: true, why: `${claim.scope} instantiated` };
  }
  const call = new RegExp(`(?:^|[^\\w$])${name}\\s*(?:<[^<>()]*>|\\[[^\\]()]*\\])?\\s*(?:\\(|\\.\\s*(?:call|apply)\\s*\\()`);
  // A Go composite literal or a JS/TS `new Name` is a call of a class or struct's constructor.
  const construct = new RegExp(`(?:\\bnew\\s+(?:[\\w$]+\\.)*${name}\\b|(?:^|[^\\w$])&?${name}\\s*\\{)`);
  if (!call.test(at) && !(claim.scope === '' && construct.test(at)))
    return { ok: false, why: `line ${claim.line} holds no call of ${claim.name}` };
  if (claim.override && new RegExp(`\\bsuper\\s*(?:\\(\\s*\\))?\\s*\\.\\s*${name}\\s*\\(`).test(at)) {
    const cls = enclosingClass(lines, claim.line);
    if (cls && related(cls, claim.scope, undefined))
      return { ok: false, why: `super() in ${cls} runs the base, not ${claim.scope}'s override` };
  }
  const receiver = new RegExp(`((?:[\\w$]+\\s*\\.\\s*)*[\\w$]+)\\s*\\.\\s*${name}\\s*(?:<[^<>()]*>|\\[[^\\]()]*\\])?\\s*\\(`)
    .exec(at)?.[1]
    ?.replace(/\s+/g, '');
  return judgeReceiver(claim, lines, receiver);
}

/** `super(…)` for `Scope.constructor`: right when the enclosing class extends `Scope` (or a class related to it). */
function judgeSuperCall(claim: CallSiteClaim, lines: string[]): CallSiteVerdict {
  const base = /\bextends\s+((?:[\w$]+\.)*[\w$]+)/.exec(enclosingClassHeader(lines, claim.line)?.text ?? '')?.[1];
  if (!base) return { ok: true, why: 'super() in a class whose base the text does not tell' };
  if (related(base, claim.scope, claim.declarations)) return { ok: true, why: `super() in a class that extends ${base}` };
  return { ok: false, why: `super() calls ${base}'s constructor, not ${claim.scope}'s` };
}

/** Whether the call's receiver, when the text tells its type, is the definition's class (or a module, for a function). */
function judgeReceiver(claim: CallSiteClaim, lines: string[], receiver: string | undefined): CallSiteVerdict {
  if (!receiver) return { ok: true, why: 'a call without a receiver' };
  const type = receiverType(lines, claim.line, receiver);
  if (!type) return { ok: true, why: `receiver ${receiver} of unknown type` };
  if (claim.scope === '') {
    // `pkg.func(`, `module.func(`: a module, not an object.
    return type.module ? { ok: true, why: `through ${receiver}` } : { ok: false, why: `${receiver} is a ${type.name}, not a module` };
  }
  if (type.module) return { ok: true, why: `through ${receiver}` };
  // Built as exactly this class: it runs the override only when the class is the override's or derives from it.
  // Otherwise (`self` in a base, an annotated parameter) the object may be of a class that mixes the override in.
  if (claim.override)
    return type.exact && !derives(type.name, claim.scope, claim.declarations)
      ? { ok: false, why: `${receiver} is built as a ${type.name}, which does not derive from ${claim.scope}` }
      : { ok: true, why: `${receiver} is a ${type.name}, or a class deriving from it` };
  if (related(type.name, claim.scope, claim.declarations)) return { ok: true, why: `${receiver} is a ${type.name}` };
  return { ok: false, why: `${receiver} is a ${type.name}, not a ${claim.scope}` };
}

function related(type: string, scope: string, declarations?: (name: string) => string[]): boolean {
  const bare = (s: string): string => s.slice(s.lastIndexOf('.') + 1);
  const [a, b] = [bare(type), bare(scope)];
  if (a === b) return true;
  if (!declarations) return false;
  const mentions = (of: string, other: string) => declarations(of).some((d) => new RegExp(`\\b${escape(other)}\\b`).test(d));
  return mentions(a, b) || mentions(b, a);
}

/** Whether `type` is `scope` or a class whose declaration names `scope` (`class TimestampSigner(Signer)`). */
function derives(type: string, scope: string, declarations?: (name: string) => string[]): boolean {
  const bare = (x: string): string => x.slice(x.lastIndexOf('.') + 1);
  const [a, b] = [bare(type), bare(scope)];
  return a === b || (declarations?.(a) ?? []).some((d) => new RegExp(`\\b${escape(b)}\\b`).test(d));
}

/** What the text says the receiver is: a class/type name, or a module (a lower-case import alias or a Go package). */
function receiverType(lines: string[], line: number, receiver: string): { name: string; module: boolean; exact?: boolean } | undefined {
  const parts = receiver.split('.');
  const head = parts[0]!;
  if (parts.length === 1 && /^(self|this|cls)$/.test(head)) {
    const cls = enclosingClass(lines, line);
    return cls ? { name: cls, module: false } : undefined;
  }
  if (parts.length === 2 && /^(self|this)$/.test(head)) {
    const field = escape(parts[1]!);
    for (const l of lines) {
      const m = new RegExp(`\\b${head}\\.${field}\\s*=\\s*(?:new\\s+|await\\s+)?((?:[\\w$]+\\.)*[\\w$]+)\\s*\\(`).exec(l);
      if (m) return constructed(m[1]!);
    }
    return undefined;
  }
  if (parts.length > 1) return undefined;
  const v = escape(head);
  const fn = enclosingFunction(lines, line);
  // Assignments between the enclosing function's start and the call, nearest first.
  for (let i = line - 1; i > (fn?.start ?? Math.max(-1, line - 200)); i--) {
    const l = lines[i] ?? '';
    const assigned = new RegExp(`(?:^|[^\\w$.])${v}\\s*(?::=|=(?!=))\\s*(?:new\\s+|&|await\\s+)?((?:[\\w$]+\\.)*[\\w$]+)\\s*[({]`).exec(l);
    if (assigned) return constructed(assigned[1]!);
  }
  const param = fn && parameterType(fn.signature, head);
  if (param) return { name: param, module: false };
  for (const l of lines) {
    if (new RegExp(`^\\s*(import\\s+${v}\\b|import\\s+[\\w.]+\\s+as\\s+${v}\\b|from\\s+\\S+\\s+import\\s+.*\\b${v}\\b)`).test(l))
      return { name: head, module: !/^[A-Z]/.test(head) };
  }
  if (/^[A-Z]/.test(head)) return { name: head, module: false };
  return undefined;
}

/** The function a line sits in: its first line and its signature (to the line that opens its body). */
function enclosingFunction(lines: string[], line: number): { start: number; signature: string } | undefined {
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  const own = indent(lines[line - 1] ?? '');
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i] ?? '';
    if (!/^\s*(?:export\s+)?(?:async\s+)?(?:def|func|function)\b/.test(l) || indent(l) >= own) continue;
    let end = i;
    while (end < Math.min(lines.length - 1, i + 15) && !/[:{]\s*(#.*|\/\/.*)?$/.test(lines[end] ?? '')) end++;
    return { start: i, signature: lines.slice(i, end + 1).join(' ') };
  }
  return undefined;
}

/** A parameter's type from a signature: Go `c *Context`, `e *echo.Echo`; annotations `c: Context`, `x: A | None`. */
function parameterType(signature: string, name: string): string | undefined {
  const v = escape(name);
  const go = new RegExp(`[(,]\\s*${v}\\s+\\*?(?:\\w+\\.)?([A-Z]\\w*)\\b`).exec(signature);
  if (go && /\bfunc\b/.test(signature)) return go[1];
  const annotated = new RegExp(`[(,]\\s*${v}\\s*\\??:\\s*([^,)=]+)`).exec(signature)?.[1];
  if (!annotated) return undefined;
  const types = annotated
    .replace(/\[.*$|<.*$/, '')
    .split('|')
    .map((t) => t.trim().replace(/^['"]|['"]$/g, ''))
    .filter((t) => t && !/^(None|null|undefined|Any|any|object|unknown)$/.test(t));
  const only = types.length === 1 ? types[0]!.slice(types[0]!.lastIndexOf('.') + 1) : undefined;
  return only && /^[A-Z]/.test(only) ? only : undefined;
}

/** `Foo(`, `pkg.Foo(`, `NewFoo(` (Go's constructor convention): a Foo; anything else lower-case tells nothing. */
function constructed(callee: string): { name: string; module: boolean; exact?: boolean } | undefined {
  const last = callee.slice(callee.lastIndexOf('.') + 1);
  const go = /^New([A-Z]\w*)$/.exec(last);
  if (go) return { name: go[1]!, module: false };
  // `Foo(` or `new Foo(` builds exactly a Foo (a Go `NewFoo` may return an interface).
  return /^[A-Z]/.test(last) && !/^[A-Z0-9_]+$/.test(last) ? { name: last, module: false, exact: true } : undefined;
}

/**
 * The class or Go type a line sits in: the nearest `class X` on the chain of less indented lines above it (each
 * one less indented than the last), so a `class CustomClient(...)` in an example inside a docstring of an
 * enclosing method (flask's app.py) is not the enclosing class; or a Go method's receiver type.
 */
function enclosingClass(lines: string[], line: number): string | undefined {
  return enclosingClassHeader(lines, line)?.name;
}

/** The line declaring the class a line sits in (enclosingClass), and the class's name. */
function enclosingClassHeader(lines: string[], line: number): { name: string; text: string } | undefined {
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  let ceiling = indent(lines[line - 1] ?? '');
  for (let i = line - 1; i >= 0 && ceiling > 0; i--) {
    const l = lines[i] ?? '';
    if (l.trim() === '' || indent(l) >= ceiling) continue;
    ceiling = indent(l);
    const m = /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([\w$]+)\s*(?:[(:{<]|extends\b|implements\b|$)/.exec(l);
    if (m) return { name: m[1]!, text: l };
  }
  return undefined;
}
