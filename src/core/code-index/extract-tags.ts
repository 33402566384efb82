import type { Node, Query } from 'web-tree-sitter';
import { readImportNames } from './read-import-names.js';
import { resolveReceivers, type RawBinding } from './resolve-receivers.js';
import type { ParsedImport, ParsedReference, ParsedSymbol, ReferenceKind, SymbolKind } from './types.js';

interface Definition {
  name: string;
  kind: SymbolKind | 'container';
  node: Node;
  nameStart: number;
  pattern: number;
  scopeOverride: string | undefined;
}

/** Kinds whose nested functions are methods. */
const CLASS_LIKE = new Set<SymbolKind | 'container'>(['class', 'interface', 'struct', 'trait', 'enum', 'container']);

/** Grammar node types that hold a definition's body: the signature stops where they start. */
const BODY_TYPES = new Set([
  'statement_block',
  'class_body',
  'block',
  'declaration_list',
  'field_declaration_list',
  'compound_statement',
  'interface_body',
  'enum_body',
  'object_type',
  'body_statement',
  'enum_variant_list',
  'constructor_body',
  'enum_member_declaration_list',
  'record_declaration_body',
  'annotation_type_body',
  'module_body',
  'interface_type',
  'macro_rule',
]);

const MAX_SIGNATURE = 200;
const LEADING_ANNOTATIONS = /^(\s*(@[\w.]+(\([^)]*\))?|#?\[[^\]]*\])\s*\n)+/;

interface RawReference {
  name: string;
  kind: ReferenceKind;
  nameStart: number;
  line: number;
  /** The object a member call is made on (`self.decoder` in `self.decoder.decode()`). */
  receiver: Node | undefined;
}

/** A `@binding.<part>` capture: the bound name, or what gives its type. */
function toBindingPart(part: string, node: Node): Partial<RawBinding> {
  if (part === 'name') return { name: node.text, start: node.startIndex };
  // A class's field declared with its type (`private store: IndexStore`): bound as `this.store`.
  if (part === 'member') return { name: `this.${node.text}`, start: node.startIndex };
  if (part === 'type' || part === 'call' || part === 'module') return { value: node.text, how: part };
  return {};
}

export interface ExtractedTags {
  symbols: ParsedSymbol[];
  references: ParsedReference[];
  imports: ParsedImport[];
}

/** Runs a tags query over a parsed tree and turns its captures into nested symbols and references. */
export function extractTags(root: Node, query: Query, text: string, options: { language?: string } = {}): ExtractedTags {
  const definitions = new Map<number, Definition>();
  const rawRefs: RawReference[] = [];
  const imports: ParsedImport[] = [];
  const bindings: RawBinding[] = [];

  for (const match of query.matches(root)) {
    let nameNode: Node | undefined;
    /** A name the query states (`@name.constructor`) where the code writes another (`super(…)`). */
    let statedName: string | undefined;
    let defKind: string | undefined;
    let defNode: Node | undefined;
    let refKind: string | undefined;
    let scope: string | undefined;
    let receiver: Node | undefined;
    let binding: Partial<RawBinding> | undefined;
    for (const capture of match.captures) {
      const { name, node } = capture;
      if (name === 'name') nameNode = node;
      else if (name.startsWith('name.')) [nameNode, statedName] = [node, name.slice(5)];
      else if (name.startsWith('definition.')) [defKind, defNode] = [name.slice(11), node];
      else if (name === 'container') [defKind, defNode] = ['container', node];
      else if (name.startsWith('reference.')) refKind = name.slice(10);
      else if (name === 'scope') scope = node.text;
      else if (name === 'import.source') imports.push(...toImports(node));
      else if (name === 'import.module') imports.push(toImport(node, 'contains'));
      else if (name === 'receiver') receiver = node;
      else if (name.startsWith('binding.')) binding = { ...binding, ...toBindingPart(name.slice(8), node) };
    }
    if (binding?.name !== undefined && binding.start !== undefined) bindings.push(binding as RawBinding);
    if (!nameNode) continue;
    if (defKind && defNode) {
      const existing = definitions.get(nameNode.startIndex);
      if (!existing || existing.pattern > match.patternIndex) {
        definitions.set(nameNode.startIndex, {
          name: nameNode.text,
          kind: defKind as SymbolKind | 'container',
          node: defNode,
          nameStart: nameNode.startIndex,
          pattern: match.patternIndex,
          scopeOverride: scope,
        });
      }
    } else if (refKind) {
      rawRefs.push({
        name: statedName ?? nameNode.text,
        kind: refKind as ReferenceKind,
        nameStart: nameNode.startIndex,
        line: nameNode.startPosition.row + 1,
        receiver,
      });
    }
  }

  const ordered = [...definitions.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  const { symbols, containerIndex } = nest(ordered, text);
  // Fields hold no code: a call on the right of `self.x = f()` belongs to the method around it.
  const codeIndex = containerIndex.map((i) => (i !== undefined && symbols[i]!.kind === 'field' ? undefined : i));
  const kept = rawRefs.filter((r) => !definitions.has(r.nameStart)).sort((a, b) => a.nameStart - b.nameStart);
  const enclosing = findEnclosing(
    kept.map((r) => r.nameStart),
    ordered,
    codeIndex,
  );
  let receivers: (string | undefined)[] | undefined;
  if (kept.some((r) => r.receiver !== undefined)) {
    bindings.sort((a, b) => a.start - b.start);
    const scopes = findEnclosing(
      bindings.map((b) => b.start),
      ordered,
      codeIndex,
    );
    receivers = resolveReceivers(kept, enclosing, { symbols, bindings, scopes, language: options.language });
  }
  const references = attachReferences(kept, enclosing, receivers);
  return { symbols, references, imports: dedupeImports(imports) };
}

function nest(ordered: Definition[], text: string): { symbols: ParsedSymbol[]; containerIndex: (number | undefined)[] } {
  const symbols: ParsedSymbol[] = [];
  // For each ordered definition: its symbol index (containers have none) and its nearest enclosing symbol.
  const containerIndex: (number | undefined)[] = [];
  const stack: { def: Definition; symbol: number | undefined; scopeName: string }[] = [];
  const seenFields = new Set<string>();
  for (const def of ordered) {
    while (stack.length > 0 && stack[stack.length - 1]!.def.node.endIndex <= def.node.startIndex) stack.pop();
    const parentEntry = stack[stack.length - 1];
    const parentSymbol = [...stack].reverse().find((e) => e.symbol !== undefined)?.symbol;
    const scopeParts = stack.map((e) => e.scopeName);
    // An explicit scope (Go receiver, C++ `Shape::describe`) names the innermost level.
    if (def.scopeOverride) scopeParts.push(def.scopeOverride);
    const scopeName = def.name;
    if (def.kind === 'container') {
      containerIndex.push(undefined);
      stack.push({ def, symbol: undefined, scopeName });
      continue;
    }
    if (def.kind === 'field') {
      // A field belongs to the nearest class-like definition around it (`self.x = …` sits in a method);
      // or constructor function (`function AxiosError() { this.status = … }`), or an object type's alias
      // (`type Options = { readonly intervalCap?: number }`); outside one (a `this.x` in a plain function) it
      // is no field. Each is kept once per class.
      const owner = stack.findLastIndex(
        (e) => e.symbol !== undefined && (CLASS_LIKE.has(e.def.kind) || e.def.kind === 'type' || isConstructorFunction(e.def)),
      );
      const key = `${owner >= 0 ? stack[owner]!.symbol : -1}:${def.name}`;
      if (owner < 0 || seenFields.has(key)) {
        containerIndex.push(undefined);
        continue;
      }
      seenFields.add(key);
      containerIndex.push(symbols.length);
      symbols.push({
        name: def.name,
        kind: 'field',
        startLine: def.node.startPosition.row + 1,
        endLine: def.node.endPosition.row + 1,
        signature: toSignature(def, text),
        parent: stack[owner]!.symbol,
        scope: stack
          .slice(0, owner + 1)
          .map((e) => e.scopeName)
          .join('.'),
      });
      continue;
    }
    let kind: SymbolKind = def.kind;
    const enclosingKind = parentEntry?.def.kind;
    if (kind === 'function' && (def.scopeOverride || (enclosingKind && CLASS_LIKE.has(enclosingKind)))) kind = 'method';
    const index = symbols.length;
    symbols.push({
      name: def.name,
      kind,
      startLine: def.node.startPosition.row + 1,
      // A node that ends at column 0 (a #define and its newline) ends on the line before.
      endLine:
        def.node.endPosition.column === 0 && def.node.endPosition.row > def.node.startPosition.row
          ? def.node.endPosition.row
          : def.node.endPosition.row + 1,
      signature: toSignature(def, text),
      parent: parentSymbol,
      scope: scopeParts.join('.'),
    });
    containerIndex.push(index);
    stack.push({ def, symbol: index, scopeName });
  }
  return { symbols, containerIndex };
}

/** The innermost code symbol (not a container, not a field) around each position; positions in ascending order. */
/** A capitalised function: in JavaScript before classes, what `new` constructs and `this.x` fields belong to. */
function isConstructorFunction(def: Definition): boolean {
  return def.kind === 'function' && /^[A-Z]/.test(def.name);
}

function findEnclosing(starts: number[], ordered: Definition[], symbolOf: (number | undefined)[]): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  const stack: number[] = [];
  let next = 0;
  for (const start of starts) {
    while (next < ordered.length && ordered[next]!.node.startIndex <= start) {
      const def = ordered[next]!;
      while (stack.length > 0 && ordered[stack[stack.length - 1]!]!.node.endIndex <= def.node.startIndex) stack.pop();
      stack.push(next);
      next += 1;
    }
    while (stack.length > 0 && ordered[stack[stack.length - 1]!]!.node.endIndex <= start) stack.pop();
    let enclosing: number | undefined;
    for (let i = stack.length - 1; i >= 0 && enclosing === undefined; i -= 1) enclosing = symbolOf[stack[i]!];
    out.push(enclosing);
  }
  return out;
}

/** References with their enclosing symbols; one per name node and kind (a call that is also a type use counts once per kind). */
function attachReferences(
  refs: RawReference[],
  enclosing: (number | undefined)[],
  receivers: (string | undefined)[] | undefined,
): ParsedReference[] {
  const out: ParsedReference[] = [];
  const seen = new Set<string>();
  refs.forEach((ref, i) => {
    const key = `${ref.nameStart}:${ref.kind}`;
    if (seen.has(key)) return;
    seen.add(key);
    const receiver = receivers?.[i];
    out.push({ name: ref.name, kind: ref.kind, line: ref.line, enclosing: enclosing[i], ...(receiver === undefined ? {} : { receiver }) });
  });
  return out;
}

function toSignature(def: Definition, text: string): string {
  const body = findBody(def.node, def.nameStart);
  const end = body ? body.startIndex : def.node.endIndex;
  // Annotations and attributes above a declaration (Java, C#, PHP, Python) are not its signature.
  // `export` is part of what a reader wants to see: start at the export statement.
  const parent = def.node.parent;
  const start = parent && parent.type === 'export_statement' ? parent.startIndex : def.node.startIndex;
  let head = text.slice(start, end).replace(LEADING_ANNOTATIONS, '');
  const lines = head.split('\n');
  if (lines.length > 3) head = lines.slice(0, 3).join('\n');
  head = head.replace(/\s+/g, ' ').trim();
  // A constant's value is not part of its signature: `const LIMITS = {...}` -> `const LIMITS`.
  if (def.kind === 'constant' || def.kind === 'field') head = head.replace(/\s*(:?=)(?!=|>).*$/, '');
  head = head.replace(/[{:=]\s*$/, '').trim();
  return head.length > MAX_SIGNATURE ? `${head.slice(0, MAX_SIGNATURE - 1)}…` : head;
}

function findBody(node: Node, after: number): Node | undefined {
  const direct = node.childForFieldName('body');
  if (direct && direct.startIndex >= after) return direct;
  // Breadth-first over a few levels: arrow functions in declarators, Go struct types, and the like.
  let level: Node[] = [node];
  for (let depth = 0; depth < 4 && level.length > 0; depth += 1) {
    const nextLevel: Node[] = [];
    for (const current of level) {
      for (const child of current.namedChildren) {
        if (!child) continue;
        if (child.startIndex >= after && BODY_TYPES.has(child.type)) return child;
        nextLevel.push(child);
      }
    }
    level = nextLevel;
  }
  return undefined;
}

/**
 * Python's `from . import views, json` names modules of the package (or names its __init__ defines): one
 * import per name, written `. import views`, which resolution maps to the module, or to __init__.py when there is none.
 */
function toImports(node: Node): ParsedImport[] {
  const parent = node.parent;
  if (node.type !== 'relative_import' || !/^\.+$/.test(node.text) || parent?.type !== 'import_from_statement') {
    return [toImport(node, 'import')];
  }
  const names = parent
    .childrenForFieldName('name')
    .map((n) => (n?.type === 'aliased_import' ? n.childForFieldName('name') : n))
    .filter((n): n is Node => n !== null && n !== undefined && n.type === 'dotted_name');
  if (names.length === 0) return [toImport(node, 'import')];
  const line = node.startPosition.row + 1;
  return names.map((n) => ({ source: `${node.text} import ${n.text}`, line, kind: 'import' as const, names: [`*:${n.text}`] }));
}

function toImport(node: Node, kind: 'import' | 'contains'): ParsedImport {
  const source = node.text.replace(/^["'`<]|["'`>]$/g, '');
  const names = kind === 'import' ? readImportNames(node) : undefined;
  return { source, line: node.startPosition.row + 1, kind, ...(names === undefined ? {} : { names }) };
}

function dedupeImports(imports: ParsedImport[]): ParsedImport[] {
  const seen = new Set<string>();
  return imports.filter((i) => {
    const key = `${i.kind}:${i.source}:${i.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
