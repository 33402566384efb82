/** C#: types, members, const fields, namespaces, calls, `new`, base lists, type uses and using directives. */
export const csharpQuery = String.raw`
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type
(namespace_declaration name: (_) @name) @definition.module
(file_scoped_namespace_declaration name: (_) @name) @definition.module
(method_declaration name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.function
(local_function_statement name: (identifier) @name) @definition.function
((field_declaration (modifier) @_const (variable_declaration (variable_declarator name: (identifier) @name)))
  @definition.constant (#eq? @_const "const"))

(invocation_expression function: (identifier) @name) @reference.call
(invocation_expression function: (member_access_expression name: (identifier) @name)) @reference.call
(invocation_expression function: (generic_name (identifier) @name)) @reference.call
(invocation_expression function: (member_access_expression name: (generic_name (identifier) @name))) @reference.call
(object_creation_expression type: [
  (identifier) @name
  (generic_name (identifier) @name)
  (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])]) @reference.new
(base_list [
  (identifier) @name
  (generic_name (identifier) @name)
  (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])] @reference.inherit)
; C# has no type-identifier node: a type use is an identifier in a type position.
(_ type: [
  (identifier) @name
  (generic_name (identifier) @name)
  (qualified_name name: [(identifier) @name (generic_name (identifier) @name)])] @reference.type)
(_ returns: [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(type_argument_list [(identifier) @name (generic_name (identifier) @name)] @reference.type)
(attribute name: (identifier) @name) @reference.type

(using_directive [(identifier) (qualified_name)] @import.source .)
`;
