/** Java: types, methods and constructors, static final constants, calls, `new`, extends/implements and imports. */
export const javaQuery = String.raw`
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(method_declaration name: (identifier) @name) @definition.function
(constructor_declaration name: (identifier) @name) @definition.function
(compact_constructor_declaration name: (identifier) @name) @definition.function
(annotation_type_element_declaration name: (identifier) @name) @definition.function
((field_declaration (modifiers) @_mods declarator: (variable_declarator name: (identifier) @name)) @definition.constant
  (#match? @_mods "\\bstatic\\b") (#match? @_mods "\\bfinal\\b"))
(interface_body (constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant)

(method_invocation name: (identifier) @name) @reference.call
(method_reference (_) (identifier) @name .) @reference.call
(method_reference . [(identifier) @name (scoped_identifier name: (identifier) @name) (type_identifier) @name] .) @reference.new
(object_creation_expression type: (type_identifier) @name) @reference.new
(object_creation_expression type: (generic_type (type_identifier) @name)) @reference.new
(object_creation_expression type: (scoped_type_identifier (type_identifier) @name .)) @reference.new
(object_creation_expression type: (generic_type (scoped_type_identifier (type_identifier) @name .))) @reference.new
(superclass (type_identifier) @name) @reference.inherit
(superclass (generic_type (type_identifier) @name)) @reference.inherit
(superclass (scoped_type_identifier (type_identifier) @name .)) @reference.inherit
(super_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .)]) @reference.inherit)
(extends_interfaces (type_list [(type_identifier) @name (generic_type (type_identifier) @name)
  (scoped_type_identifier (type_identifier) @name .)]) @reference.inherit)
(marker_annotation name: (identifier) @name) @reference.type
(annotation name: (identifier) @name) @reference.type
(type_identifier) @name @reference.type

(import_declaration (scoped_identifier) @import.source)
(import_declaration (identifier) @import.source)
(import_declaration (scoped_identifier name: (identifier) @name) .) @reference.import
`;
