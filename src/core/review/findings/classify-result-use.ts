import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../../code-index/languages.js';

/** What a call site does with the value a call returns, read from the syntax around it. */
export type ResultUse =
  | { kind: 'awaited' }
  /** `inAsync`: from an async function; `arrow`: an arrow's body, handed to whoever called the arrow (`.then`, `map`, middleware). */
  | { kind: 'returned'; inAsync: boolean; arrow: boolean; results: number | undefined; alone: boolean }
  | { kind: 'statement' }
  | { kind: 'argument'; callee: string; sole: boolean }
  /** Stored in a member or an element (`this.url = f()`, `self.ctx = f()`). */
  | { kind: 'stored'; target: string }
  /** Python's `with f():`. */
  | { kind: 'context' }
  | { kind: 'member'; property: string; optional: boolean }
  | { kind: 'index' }
  | { kind: 'called' }
  /** Applied as a decorator (`@click.version_option()`): the result is called with the decorated function. */
  | { kind: 'decorator' }
  | { kind: 'destructured'; pattern: 'object' | 'array' }
  | { kind: 'assigned'; count: number; next: ResultUse | undefined; guarded: boolean }
  | { kind: 'iterated' }
  /** The element of a Python comprehension (`[f(x) for x in xs]`), and what the code does with the collection. */
  | { kind: 'collected'; outer: ResultUse }
  | { kind: 'condition' }
  /** An operand of arithmetic or concatenation (`a + f()`). */
  | { kind: 'operand' }
  | { kind: 'other' };

/** One call of the name, the use of its result, and its text for the evidence. */
export interface CallUse {
  line: number;
  /** The callee as written: `loadUser`, `this.client.send`, `c.Bind`. */
  callee: string;
  /** `f()!`: the author asserts the result is not null (a Promise or a list it now is stays one). */
  asserted?: boolean;
  use: ResultUse;
}

const CALLS = new Set(['call_expression', 'call']);
const FUNCTIONS = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'method_definition',
  'generator_function_declaration',
  'function_definition',
  'method_declaration',
  'func_literal',
]);
const COMPREHENSIONS = new Set(['list_comprehension', 'set_comprehension', 'generator_expression']);
const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'type_assertion']);
const CONDITIONS = new Set(['if_statement', 'while_statement', 'ternary_expression', 'conditional_expression', 'elif_clause']);
const GUARD_OPERATORS = /^(?:&&|\|\||\?\?|===?|!==?|is|is not|and|or|not)$/;

/** The calls of `name` (plain or as a member) whose callee ends on a line of `startLine..endLine` (1-based), and what each does with its result. */
export function findCallUses(root: Node, options: { name: string; startLine: number; endLine: number; language: LanguageId }): CallUse[] {
  const [first, last] = [options.startLine - 1, options.endLine - 1];
  const out: CallUse[] = [];
  const visit = (node: Node): void => {
    if (node.startPosition.row > last || node.endPosition.row < first) return;
    if (CALLS.has(node.type) && calleeName(node) === options.name) {
      const callee = node.childForFieldName('function')!;
      const row = callee.endPosition.row;
      if (row >= first && row <= last)
        out.push({
          line: row + 1,
          callee: callee.text.replace(/\s+/g, ''),
          use: classifyUse(node, options.language),
          ...(isAsserted(node) ? { asserted: true } : {}),
        });
    }
    for (const child of node.namedChildren) visit(child);
  };
  visit(root);
  return out.sort((a, b) => a.line - b.line);
}

function isAsserted(call: Node): boolean {
  for (let p = call.parent; p && (WRAPPERS.has(p.type) || p.type === 'non_null_expression'); p = p.parent) {
    if (p.type === 'non_null_expression') return true;
  }
  return false;
}

function calleeName(call: Node): string | undefined {
  const callee = call.childForFieldName('function');
  if (!callee) return undefined;
  if (callee.type === 'identifier') return callee.text;
  const member = callee.childForFieldName('property') ?? callee.childForFieldName('attribute') ?? callee.childForFieldName('field');
  return member?.text;
}

/** What the expression `node` (a call, or a variable holding its result) is used for. */
function classifyUse(node: Node, language: LanguageId, followAssignment = true): ResultUse {
  let child = node;
  let parent = node.parent;
  while (parent && (WRAPPERS.has(parent.type) || parent.type === 'non_null_expression')) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return { kind: 'other' };
  const type = parent.type;
  if (type === 'await_expression' || type === 'await' || type === 'yield_expression' || type === 'yield') return { kind: 'awaited' };
  if (type === 'return_statement') return returned(parent, language, true);
  if (type === 'expression_list' && parent.parent?.type === 'return_statement') {
    return returned(parent, language, parent.namedChildren.length === 1);
  }
  if (type === 'arrow_function' && parent.childForFieldName('body')?.id === child.id)
    return { ...returned(parent, language, true), arrow: true };
  if (type === 'expression_statement' || type === 'go_statement' || type === 'defer_statement') return { kind: 'statement' };
  if (type === 'member_expression' || type === 'attribute' || type === 'selector_expression') {
    if (parent.childForFieldName('object')?.id !== child.id && parent.childForFieldName('operand')?.id !== child.id)
      return { kind: 'other' };
    const property = parent.childForFieldName('property') ?? parent.childForFieldName('attribute') ?? parent.childForFieldName('field');
    const optional = parent.children.some((c) => c.type === 'optional_chain' || c.text === '?.');
    return { kind: 'member', property: property?.text ?? '', optional };
  }
  if (type === 'subscript_expression' || type === 'subscript' || type === 'index_expression') {
    const object = parent.childForFieldName('object') ?? parent.childForFieldName('value') ?? parent.childForFieldName('operand');
    return object?.id === child.id ? { kind: 'index' } : { kind: 'other' };
  }
  if (CALLS.has(type) && parent.childForFieldName('function')?.id === child.id) return { kind: 'called' };
  if (type === 'decorator') return { kind: 'decorator' };
  if (COMPREHENSIONS.has(type) && parent.childForFieldName('body')?.id === child.id) {
    return { kind: 'collected', outer: classifyUse(parent, language, followAssignment) };
  }
  if (type === 'keyword_argument' && parent.parent?.type === 'argument_list') {
    const callee = parent.parent.parent?.childForFieldName('function')?.text ?? '';
    return { kind: 'argument', callee, sole: parent.parent.namedChildren.length === 1 };
  }
  if (type === 'with_item' || type === 'as_pattern') return { kind: 'context' };
  // `{ lookup: f() }`: stored under a key, as a member assignment stores it.
  if (type === 'pair' && parent.childForFieldName('value')?.id === child.id && language !== 'python') {
    return { kind: 'stored', target: parent.childForFieldName('key')?.text ?? '' };
  }
  if (type === 'arguments' || type === 'argument_list') {
    const call = parent.parent;
    const callee = call?.childForFieldName('function')?.text ?? '';
    return { kind: 'argument', callee, sole: parent.namedChildren.length === 1 };
  }
  if (type === 'for_in_statement' || type === 'for_statement' || type === 'range_clause') return { kind: 'iterated' };
  if (CONDITIONS.has(type) || type === 'unary_expression' || type === 'not_operator' || type === 'boolean_operator') {
    return { kind: 'condition' };
  }
  if (type === 'binary_expression' && GUARD_OPERATORS.test(parent.children[1]?.text ?? '')) return { kind: 'condition' };
  if (type === 'comparison_operator') return { kind: 'condition' };
  if (type === 'binary_expression' || type === 'binary_operator') return { kind: 'operand' };
  return assignment(parent, child, language, followAssignment);
}

function returned(node: Node, language: LanguageId, alone: boolean): Extract<ResultUse, { kind: 'returned' }> {
  const fn = enclosingFunction(node);
  let results: number | undefined;
  if (language === 'go' && fn) {
    const result = fn.childForFieldName('result');
    results = !result ? 0 : result.type === 'parameter_list' ? result.namedChildren.length : 1;
  }
  return { kind: 'returned', inAsync: fn !== undefined && hasAsyncKeyword(fn), arrow: false, results, alone };
}

function hasAsyncKeyword(fn: Node): boolean {
  return fn.children.some((c) => c.type === 'async') || /^(?:export\s+)?(?:default\s+)?(?:static\s+)?async\b/.test(fn.text);
}

function enclosingFunction(node: Node): Node | undefined {
  for (let p = node.parent; p; p = p.parent) if (FUNCTIONS.has(p.type)) return p;
  return undefined;
}

/** `x = f()`, `const { a } = f()`, `a, b := F()`: the pattern, and for a plain name what the code does with it next. */
function assignment(parent: Node, child: Node, language: LanguageId, follow: boolean): ResultUse {
  let target: Node | null = null;
  let count = 1;
  if (parent.type === 'variable_declarator' && parent.childForFieldName('value')?.id === child.id)
    target = parent.childForFieldName('name');
  else if (
    (parent.type === 'assignment_expression' || parent.type === 'assignment') &&
    parent.childForFieldName('right')?.id === child.id
  ) {
    target = parent.childForFieldName('left');
  } else if (parent.type === 'expression_list') {
    const holder = parent.parent;
    if (!holder) return { kind: 'other' };
    const isValue = holder.childForFieldName('right')?.id === parent.id || holder.childForFieldName('value')?.id === parent.id;
    if (!isValue || parent.namedChildren.length !== 1) return { kind: 'other' };
    if (holder.type === 'short_var_declaration' || holder.type === 'assignment_statement') {
      target = holder.childForFieldName('left');
      count = target?.namedChildren.length ?? 1;
    } else if (holder.type === 'var_spec') {
      const names = holder.childrenForFieldName('name');
      count = names.length;
      target = names[0] ?? null;
    }
    if (count !== 1 || !target) return { kind: 'assigned', count, next: undefined, guarded: false };
    if (target.type === 'expression_list') target = target.namedChildren[0] ?? null;
  }
  if (!target) return { kind: 'other' };
  if (target.type === 'object_pattern') return { kind: 'destructured', pattern: 'object' };
  if (
    target.type === 'array_pattern' ||
    target.type === 'pattern_list' ||
    target.type === 'tuple_pattern' ||
    target.type === 'list_pattern'
  ) {
    return { kind: 'destructured', pattern: 'array' };
  }
  if (language !== 'go' && /^(?:member_expression|attribute|subscript_expression|subscript)$/.test(target.type)) {
    return { kind: 'stored', target: target.text };
  }
  if (target.type !== 'identifier' || !follow) return { kind: 'assigned', count, next: undefined, guarded: false };
  return followVariable(target, language);
}

/** The first later use of the variable in the same function, and whether any use of it checks it. */
function followVariable(name: Node, language: LanguageId): ResultUse {
  const scope = enclosingFunction(name) ?? rootOf(name);
  const uses = scope
    .descendantsOfType('identifier')
    .filter((n) => n.text === name.text && n.startIndex > name.endIndex)
    .sort((a, b) => a.startIndex - b.startIndex);
  const first = uses[0];
  if (!first) return { kind: 'assigned', count: 1, next: undefined, guarded: false };
  const guarded = uses.some((u) => {
    const use = classifyUse(u, language, false);
    return use.kind === 'condition' || (use.kind === 'member' && use.optional);
  });
  return { kind: 'assigned', count: 1, next: classifyUse(first, language, false), guarded };
}

function rootOf(node: Node): Node {
  let top = node;
  while (top.parent) top = top.parent;
  return top;
}
