import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../../code-index/languages.js';
import { findNodes } from './read-syntax-tree.js';

/** One parameter as a call sees it. */
export interface Parameter {
  /** '' for a destructured parameter (`{ a, b }`), which has no name a call can use. */
  name: string;
  /** `positional`: by position (and, in Python, by name too); `keyword`: by name only (after `*`); `rest`: `...r`, `*args`; `kwargs`: `**kw`. */
  kind: 'positional' | 'keyword' | 'rest' | 'kwargs';
  /** A default, `?`, or Go's variadic: a call may leave it out. */
  optional: boolean;
  /** Python's positional-only parameters (before `/`) cannot be passed by name. */
  positionalOnly?: boolean;
}

/** A callable's definition as parsed: where it is and what a call must pass. */
export interface Definition {
  name: string;
  /** The enclosing classes (a Go method: its receiver type), dotted: as the index scopes symbols. */
  scope: string;
  startLine: number;
  endLine: number;
  /** The head of the definition (its lines up to the body), for evidence. */
  head: string;
  parameters: Parameter[];
  /** Why calls cannot be checked against the parameters (a decorator that may change them, `arguments` read in the body). */
  unchecked?: string;
}

const FUNCTION_TYPES: Partial<Record<LanguageId, string[]>> = {
  javascript: ['function_declaration', 'generator_function_declaration', 'method_definition', 'variable_declarator'],
  typescript: ['function_declaration', 'generator_function_declaration', 'method_definition', 'variable_declarator', 'function_signature'],
  tsx: ['function_declaration', 'generator_function_declaration', 'method_definition', 'variable_declarator', 'function_signature'],
  python: ['function_definition'],
  go: ['function_declaration', 'method_declaration'],
};
const CLASS_TYPES = new Set(['class_declaration', 'class', 'abstract_class_declaration', 'class_definition']);
/** Decorators that leave the parameters as written (a method's `self` aside). */
/** Decorators that keep the parameters callers pass (a context manager's factory takes the function's own). */
const PLAIN_DECORATORS =
  /^(?:staticmethod|classmethod|abstractmethod|abc\.abstractmethod|override|typing\.override|(?:contextlib\.)?(?:async)?contextmanager|(?:functools\.)?(?:cache|lru_cache|wraps))$/;

/** The callables a file defines (functions, methods, arrow functions bound to a name), with their parameters. */
export function readDefinitions(root: Node, language: LanguageId): Definition[] {
  const types = FUNCTION_TYPES[language];
  if (!types) return [];
  const out: Definition[] = [];
  for (const node of findNodes(root, types)) {
    const fn = node.type === 'variable_declarator' ? node.childForFieldName('value') : node;
    if (!fn || (node.type === 'variable_declarator' && !['arrow_function', 'function_expression', 'function'].includes(fn.type))) continue;
    const name = node.childForFieldName('name')?.text;
    const list = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
    if (!name || !list) continue;
    const body = fn.childForFieldName('body');
    const decorators = language === 'python' ? readDecorators(node) : [];
    const isMethod = language === 'python' && enclosingClasses(node).length > 0 && !decorators.includes('staticmethod');
    let parameters = readParameterList(list, language);
    if (isMethod) parameters = parameters.slice(1); // self or cls: the receiver passes it
    const unchecked = decorators.some((d) => !PLAIN_DECORATORS.test(d))
      ? 'a decorator may change its parameters'
      : language !== 'python' && language !== 'go' && body && /\barguments\b/.test(body.text)
        ? 'it reads `arguments`'
        : undefined;
    const declared = node.type === 'variable_declarator' ? (node.parent ?? node) : node;
    const start = declared.parent?.type === 'export_statement' ? declared.parent : declared;
    const headEnd = body ? body.startIndex : fn.endIndex;
    out.push({
      name,
      scope: language === 'go' ? goReceiverType(node) : enclosingClasses(node).join('.'),
      startLine: start.startPosition.row + 1,
      endLine: start.endPosition.row + 1,
      head: root.text.slice(start.startIndex, headEnd).trimEnd(),
      parameters,
      ...(unchecked ? { unchecked } : {}),
    });
  }
  return out;
}

function readParameterList(list: Node, language: LanguageId): Parameter[] {
  if (language === 'python') return readPython(list);
  if (language === 'go') return readGo(list);
  // An arrow function's single bare parameter (`x => …`) is its `parameter` field itself.
  if (list.type === 'identifier') return [{ name: list.text, kind: 'positional', optional: false }];
  return list.namedChildren.filter((p): p is Node => p !== null && p.type !== 'comment').flatMap((p) => readEcmascript(p));
}

function readEcmascript(p: Node): Parameter[] {
  switch (p.type) {
    case 'identifier':
      return [{ name: p.text, kind: 'positional', optional: false }];
    case 'assignment_pattern':
      return [{ name: nameOf(p.childForFieldName('left')), kind: 'positional', optional: true }];
    case 'rest_pattern':
      return [{ name: p.namedChild(0)?.text ?? '', kind: 'rest', optional: true }];
    case 'object_pattern':
    case 'array_pattern':
      return [{ name: '', kind: 'positional', optional: false }];
    case 'required_parameter':
    case 'optional_parameter': {
      const pattern = p.childForFieldName('pattern');
      if (pattern?.type === 'this') return []; // `this: T` types the receiver; a call does not pass it
      if (pattern?.type === 'rest_pattern') return [{ name: pattern.namedChild(0)?.text ?? '', kind: 'rest', optional: true }];
      const optional = p.type === 'optional_parameter' || p.childForFieldName('value') !== null;
      return [{ name: nameOf(pattern), kind: 'positional', optional }];
    }
    default:
      return [{ name: '', kind: 'positional', optional: false }];
  }
}

function readPython(list: Node): Parameter[] {
  const out: Parameter[] = [];
  let keywordOnly = false;
  for (const p of list.namedChildren) {
    if (!p || p.type === 'comment') continue;
    if (p.type === 'positional_separator') {
      for (const q of out) q.positionalOnly = true;
      continue;
    }
    if (p.type === 'keyword_separator') {
      keywordOnly = true;
      continue;
    }
    const kind = keywordOnly ? 'keyword' : 'positional';
    switch (p.type) {
      case 'identifier':
        out.push({ name: p.text, kind, optional: false });
        break;
      case 'typed_parameter': {
        const inner = p.namedChild(0);
        if (inner?.type === 'list_splat_pattern') {
          out.push({ name: inner.namedChild(0)?.text ?? '', kind: 'rest', optional: true });
          keywordOnly = true;
        } else if (inner?.type === 'dictionary_splat_pattern') {
          out.push({ name: inner.namedChild(0)?.text ?? '', kind: 'kwargs', optional: true });
        } else out.push({ name: inner?.text ?? '', kind, optional: false });
        break;
      }
      case 'default_parameter':
      case 'typed_default_parameter':
        out.push({ name: p.childForFieldName('name')?.text ?? '', kind, optional: true });
        break;
      case 'list_splat_pattern':
        out.push({ name: p.namedChild(0)?.text ?? '', kind: 'rest', optional: true });
        keywordOnly = true;
        break;
      case 'dictionary_splat_pattern':
        out.push({ name: p.namedChild(0)?.text ?? '', kind: 'kwargs', optional: true });
        break;
      default:
        out.push({ name: '', kind, optional: false });
    }
  }
  return out;
}

/** `a, b int` is two parameters; `...T` is a rest a call may leave empty; an unnamed `int` is one. */
function readGo(list: Node): Parameter[] {
  const out: Parameter[] = [];
  for (const p of list.namedChildren) {
    if (!p || p.type === 'comment') continue;
    const names = p.childrenForFieldName('name').filter((n): n is Node => n !== null);
    if (p.type === 'variadic_parameter_declaration') {
      out.push({ name: names[0]?.text ?? '', kind: 'rest', optional: true });
      continue;
    }
    if (names.length === 0) out.push({ name: '', kind: 'positional', optional: false });
    for (const n of names) out.push({ name: n.text, kind: 'positional', optional: false });
  }
  return out;
}

function nameOf(pattern: Node | null): string {
  return pattern?.type === 'identifier' ? pattern.text : '';
}

function readDecorators(node: Node): string[] {
  const parent = node.parent;
  if (parent?.type !== 'decorated_definition') return [];
  return parent.namedChildren
    .filter((d): d is Node => d !== null && d.type === 'decorator')
    .map((d) => d.text.replace(/^@\s*/, '').replace(/\(.*$/s, '').trim());
}

function enclosingClasses(node: Node): string[] {
  const names: string[] = [];
  for (let p = node.parent; p; p = p.parent) {
    if (CLASS_TYPES.has(p.type)) names.unshift(p.childForFieldName('name')?.text ?? '');
  }
  return names;
}

function goReceiverType(node: Node): string {
  if (node.type !== 'method_declaration') return '';
  const receiver = node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration');
  const type = receiver?.childForFieldName('type');
  return type ? (findNodes(type, ['type_identifier'])[0]?.text ?? (type.type === 'type_identifier' ? type.text : '')) : '';
}
