import type { Node } from 'web-tree-sitter';

/** Class nodes of Python, JavaScript, TypeScript and TSX. */
const CLASS_NODES = new Set(['class_definition', 'class_declaration', 'abstract_class_declaration', 'class']);

/**
 * The first base the class around `node` names in its header, as written: `class AwareDateTime(DateTime):` ->
 * `DateTime`, `class A extends mod.B` -> `mod.B`; undefined for a class with none (`class A:`, `class A
 * implements I`) or one the header does not name (`class A extends mixin(B)`, `class A(*bases)`). It is what `super()` / `super` there means: Python's
 * method resolution and JavaScript's prototype chain both look in the first base first.
 */
export function findBaseClass(node: Node): Node | undefined {
  const owner = findEnclosingClass(node);
  if (!owner) return undefined;
  const python = owner.childForFieldName('superclasses');
  if (python) {
    const first = python.namedChildren.find((n) => n !== null && n.type !== 'comment');
    return first && (first.type === 'identifier' || first.type === 'attribute') ? first : undefined;
  }
  const heritage = owner.namedChildren.find((n) => n?.type === 'class_heritage');
  if (!heritage) return undefined;
  // TypeScript wraps the base in an extends_clause (beside an implements_clause); JavaScript writes it directly.
  const extendsClause = heritage.namedChildren.find((n) => n?.type === 'extends_clause');
  const base = extendsClause ? extendsClause.childForFieldName('value') : heritage.namedChildren[0];
  return base && (base.type === 'identifier' || base.type === 'member_expression') ? base : undefined;
}

/** The innermost class around `node`. */
export function findEnclosingClass(node: Node): Node | undefined {
  for (let at = node.parent; at; at = at.parent) if (CLASS_NODES.has(at.type)) return at;
  return undefined;
}
