import type { Node } from 'web-tree-sitter';
import { findBaseClass, findEnclosingClass } from './find-base-class.js';
import type { ParsedSymbol } from './types.js';

/** A `@binding.*` match: a name bound in some scope, and what says its type. */
export interface RawBinding {
  /** The bound name as written: `client`, or `self.decoder` / `this.store` for a field of the class. */
  name: string;
  start: number;
  /** `type`: an annotation or a constructed type; `call`: the callee whose result it holds; `module`: an import. */
  how?: 'type' | 'call' | 'module';
  value?: string;
}

/**
 * What a member call's receiver is, as stored with the reference (refs.receiver):
 * - a type name (`Client`): `self`/`this` in a class, `Client.m()`, `Client().m()`, `new Client().m()`,
 *   or a name whose type the code states (`c *Context`, `client: Client`, `x = Client()`); `super()` (Python)
 *   and `super` (JavaScript, TypeScript) are the first base the enclosing class's header names;
 * - `''` for a module or package (`httpx.get()`, `utils.forEach()`): called like a plain function;
 * - `?` when the code does not say (`self.decoder.decode()`, `data.decode()`): such a call is linked to no method.
 */
export const UNKNOWN_RECEIVER = '?';
const MODULE = '';

const CLASS_LIKE = new Set(['class', 'interface', 'struct', 'trait', 'enum']);
const FIELD_OF_SELF = /^(self|this)\.([A-Za-z_$][\w$]*)$/;

interface Context {
  symbols: ParsedSymbol[];
  bindings: RawBinding[];
  /** The innermost symbol around each binding. */
  scopes: (number | undefined)[];
  language: string | undefined;
}

/** The receiver of each reference that has one (undefined for plain calls). */
export function resolveReceivers(
  refs: { receiver: Node | undefined }[],
  enclosing: (number | undefined)[],
  context: Context,
): (string | undefined)[] {
  const bound = collectBindings(context);
  const classOf = (symbol: number | undefined): number | undefined => {
    for (let s = symbol; s !== undefined; s = context.symbols[s]!.parent) if (CLASS_LIKE.has(context.symbols[s]!.kind)) return s;
    return undefined;
  };
  const lookup = (name: string, symbol: number | undefined): string | null | undefined => {
    const field = FIELD_OF_SELF.test(name);
    for (let s = field ? classOf(symbol) : symbol; ; s = context.symbols[s]!.parent) {
      const hit = bound.get(`${s ?? -1}\u0000${name}`);
      if (hit !== undefined || s === undefined || field) return hit;
    }
  };
  return refs.map((ref, i) => {
    if (!ref.receiver) return undefined;
    return classify(ref.receiver, enclosing[i], { context, classOf, lookup });
  });
}

function classify(
  node: Node,
  symbol: number | undefined,
  tools: {
    context: Context;
    classOf: (symbol: number | undefined) => number | undefined;
    lookup: (name: string, symbol: number | undefined) => string | null | undefined;
  },
): string {
  const { context, classOf, lookup } = tools;
  const python = context.language === 'python';
  const text = node.text;
  if (node.type === 'this' || (python && node.type === 'identifier' && (text === 'self' || text === 'cls'))) {
    const owner = classOf(symbol);
    return owner === undefined ? UNKNOWN_RECEIVER : context.symbols[owner]!.name;
  }
  if (node.type === 'parenthesized_expression' && node.namedChildren[0]) return classify(node.namedChildren[0], symbol, tools);
  if (node.type === 'identifier') {
    const hit = lookup(text, symbol);
    if (hit !== undefined) return hit ?? UNKNOWN_RECEIVER;
    // An unbound capitalised name is a class (`Client.build()`); Go has no such convention for values.
    return context.language !== 'go' && /^[A-Z]/.test(text) ? text : UNKNOWN_RECEIVER;
  }
  if (node.type === 'attribute' || node.type === 'member_expression' || node.type === 'selector_expression') {
    if (FIELD_OF_SELF.test(text)) return lookup(text, symbol) ?? UNKNOWN_RECEIVER;
    // `os.path.join()`, `httpx._utils.f()`: a module's member.
    const root = /^[A-Za-z_$][\w$]*/.exec(text)?.[0];
    return root !== undefined && lookup(root, symbol) === MODULE ? MODULE : UNKNOWN_RECEIVER;
  }
  if (node.type === 'super' || (python && node.type === 'call' && isSuperCall(node))) return toSuperclass(node);
  if (node.type === 'call') {
    const callee = node.childForFieldName('function')?.text ?? '';
    return toClassName(callee) ?? UNKNOWN_RECEIVER;
  }
  if (node.type === 'new_expression') return toTypeName(node.childForFieldName('constructor')?.text ?? '') ?? UNKNOWN_RECEIVER;
  if (node.type === 'composite_literal') return toTypeName(node.childForFieldName('type')?.text ?? '') ?? UNKNOWN_RECEIVER;
  return UNKNOWN_RECEIVER;
}

/** Python's `super()`, or `super(Cls, self)` naming the class it is written in (any other class: not followed). */
function isSuperCall(node: Node): boolean {
  if (node.childForFieldName('function')?.text !== 'super') return false;
  const args = node.childForFieldName('arguments')?.namedChildren.filter((n) => n?.type !== 'comment') ?? [];
  if (args.length === 0) return true;
  const name = findEnclosingClass(node)?.childForFieldName('name')?.text;
  return args.length === 2 && args[0]?.type === 'identifier' && args[0].text === name;
}

/**
 * The class `super` stands for: the first base named in the header of the class around it. A base of the class's
 * own name (`class Response(httpx.Response)`) is not told apart from the class by name: unknown.
 */
function toSuperclass(node: Node): string {
  const base = findBaseClass(node);
  const name = base && toTypeName(base.text);
  return name === undefined || name === findEnclosingClass(node)?.childForFieldName('name')?.text ? UNKNOWN_RECEIVER : name;
}

/** Bindings by scope and name: a type name, MODULE, or null where the scope binds the name to something untyped or to two types. */
function collectBindings(context: Context): Map<string, string | null> {
  const bound = new Map<string, string | null>();
  context.bindings.forEach((binding, i) => {
    let scope = context.scopes[i];
    let name = binding.name;
    if (binding.how === 'module' && context.language === 'go') name = toGoPackageName(name);
    if (FIELD_OF_SELF.test(name)) {
      for (; scope !== undefined && !CLASS_LIKE.has(context.symbols[scope]!.kind);) scope = context.symbols[scope]!.parent;
      if (scope === undefined) return;
    }
    const value = toBoundValue(binding, context.language);
    const key = `${scope ?? -1}\u0000${name}`;
    const before = bound.get(key);
    bound.set(key, before === undefined || before === value ? value : null);
  });
  return bound;
}

function toBoundValue(binding: RawBinding, language: string | undefined): string | null {
  const value = binding.value ?? binding.name;
  if (binding.how === 'module') {
    // `from httpx import Client`, `import AxiosError from …`: a class imported by name; anything else a module.
    const imported = language === 'go' ? '' : value.slice(value.lastIndexOf('.') + 1);
    return /^[A-Z]/.test(imported) ? imported : MODULE;
  }
  if (binding.how === 'call') return toClassName(value) ?? null;
  return toTypeName(value) ?? null;
}

/** `Client`, `httpx.Client` called: a class constructed (a capitalised callee); a lower-case one is a function whose result says nothing. */
function toClassName(callee: string): string | undefined {
  const name = toTypeName(callee);
  return name !== undefined && /^[A-Z]/.test(name) ? name : undefined;
}

/** The class a type annotation names: `*gin.Context` -> Context, `Optional[Client]` -> Client; undefined for anything else. */
export function toTypeName(text: string): string | undefined {
  let type = text
    .trim()
    .replace(/^:\s*/, '')
    .replace(/^["']|["']$/g, '')
    .replace(/^[*&]+/, '');
  type = type
    .replace(/^(?:typing\.)?Optional\[(.+)\]$/, '$1')
    .replace(/\s*\|\s*(None|null|undefined)$/, '')
    .replace(/^(None|null|undefined)\s*\|\s*/, '');
  type = type.replace(/^\*/, '').replace(/(\[.*\]|<.*>)$/, '');
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(type)) return undefined;
  return type.slice(type.lastIndexOf('.') + 1);
}

/** The name a Go import is used by: the path's last element (`"github.com/x/render"` -> render; `…/v2` -> the one before). */
function toGoPackageName(path: string): string {
  const parts = path.replace(/^["`]|["`]$/g, '').split('/');
  let last = parts.pop() ?? '';
  if (/^v\d+$/.test(last) && parts.length > 0) last = parts.pop()!;
  return last.replace(/\.v\d+$/, '').replace(/^go-/, '');
}
