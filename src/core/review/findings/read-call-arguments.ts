import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../../code-index/languages.js';
import { findNodes } from './read-syntax-tree.js';

/** What one call passes, as written. */
export interface CallArguments {
  /** 1-based line of the called name (the line the index records for the call). */
  line: number;
  startLine: number;
  endLine: number;
  positional: number;
  /** Python's `name=value` arguments, by name. */
  keywords: string[];
  /** The positional arguments as written, in order. */
  values: string[];
  /** A spread (`...xs`, `*args`, `**kw`, Go's `xs...` or `f(g())` of a multi-value g): the count is unknown. */
  spread: boolean;
  /** The call as written. */
  text: string;
  /** What the name is called on as written (`c` in `c.JSON(…)`, `self.client`), '' for a plain call. */
  receiver: string;
}

const CALL_TYPES: Partial<Record<LanguageId, string[]>> = {
  javascript: ['call_expression'],
  typescript: ['call_expression'],
  tsx: ['call_expression'],
  python: ['call'],
  go: ['call_expression'],
};

/** The calls of `name` (plain, or a member `x.name`) in a file, in order. */
export function readCallArguments(root: Node, language: LanguageId, name: string): CallArguments[] {
  const types = CALL_TYPES[language];
  if (!types) return [];
  const out: CallArguments[] = [];
  for (const call of findNodes(root, types)) {
    const fn = call.childForFieldName('function');
    const callee = calledName(fn);
    if (!fn || !callee || callee.text !== name) continue;
    const list = call.childForFieldName('arguments');
    if (!list) continue;
    out.push({
      line: callee.startPosition.row + 1,
      startLine: call.startPosition.row + 1,
      endLine: call.endPosition.row + 1,
      ...countArguments(list, language),
      text: call.text,
      receiver: fn.id === callee.id ? '' : (fn.firstNamedChild?.text ?? '').replace(/\s+/g, ''),
    });
  }
  return out;
}

/** The identifier a call names: `f` in `f(…)`, `m` in `a.b.m(…)`, `f` in `f<T>(…)`. */
function calledName(fn: Node | null): Node | undefined {
  if (!fn) return undefined;
  switch (fn.type) {
    case 'identifier':
      return fn;
    case 'member_expression':
      return fn.childForFieldName('property') ?? undefined;
    case 'attribute':
      return fn.childForFieldName('attribute') ?? undefined;
    case 'selector_expression':
      return fn.childForFieldName('field') ?? undefined;
    default:
      return undefined;
  }
}

function countArguments(list: Node, language: LanguageId): Pick<CallArguments, 'positional' | 'keywords' | 'spread' | 'values'> {
  // A template tag (`` f`…` ``) or a Python generator argument (`f(x for x in y)`) is one argument.
  if (list.type === 'template_string' || list.type === 'generator_expression') {
    return { positional: 1, keywords: [], spread: false, values: [list.text] };
  }
  const args = list.namedChildren.filter((a): a is Node => a !== null && a.type !== 'comment');
  let positional = 0;
  let spread = false;
  const keywords: string[] = [];
  const values: string[] = [];
  for (const arg of args) {
    if (['spread_element', 'list_splat', 'dictionary_splat', 'variadic_argument'].includes(arg.type)) spread = true;
    else if (arg.type === 'keyword_argument') keywords.push(arg.childForFieldName('name')?.text ?? '');
    else {
      positional += 1;
      values.push(arg.text);
    }
  }
  // Go's `f(g())` passes every result of g: without g's type the count is unknown.
  if (language === 'go' && args.length === 1 && args[0]!.type === 'call_expression') spread = true;
  return { positional, keywords, spread, values };
}
