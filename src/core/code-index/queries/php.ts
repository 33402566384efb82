/** PHP: functions, classes, interfaces, traits, enums, namespaces, constants, calls, `new`, inheritance, `use` and require/include. */
export const phpQuery = String.raw`
(function_definition name: (name) @name) @definition.function
(method_declaration name: (name) @name) @definition.function
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(namespace_definition name: (namespace_name) @name) @definition.module
(const_declaration (const_element (name) @name)) @definition.constant
((function_call_expression function: (name) @_define arguments: (arguments . (argument (string (string_content) @name))))
  @definition.constant (#eq? @_define "define"))

((function_call_expression function: (name) @name) @reference.call (#not-eq? @name "define"))
(function_call_expression function: (qualified_name (name) @name .)) @reference.call
(member_call_expression name: (name) @name) @reference.call
(nullsafe_member_call_expression name: (name) @name) @reference.call
(scoped_call_expression name: (name) @name) @reference.call
((object_creation_expression [(name) @name (qualified_name (name) @name .)]) @reference.new
  (#not-any-of? @name "static" "self" "parent"))
(base_clause [(name) @name (qualified_name (name) @name .)] @reference.inherit)
(class_interface_clause [(name) @name (qualified_name (name) @name .)] @reference.inherit)
(declaration_list (use_declaration [(name) @name (qualified_name (name) @name .)] @reference.inherit))
((named_type [(name) @name (qualified_name (name) @name .)]) @reference.type
  (#not-any-of? @name "static" "self" "parent"))
((scoped_call_expression scope: [(name) @name (qualified_name (name) @name .)]) @reference.type
  (#not-any-of? @name "static" "self" "parent"))
((class_constant_access_expression . [(name) @name (qualified_name (name) @name .)]) @reference.type
  (#not-any-of? @name "static" "self" "parent"))

(namespace_use_declaration (namespace_use_clause . [(qualified_name) (name)] @import.source))
(namespace_use_declaration (namespace_name) @import.source body: (namespace_use_group))
(namespace_use_clause . [(name) @name (qualified_name (name) @name .)]) @reference.import
(require_expression (string (string_content) @import.source))
(require_once_expression (string (string_content) @import.source))
(include_expression (string (string_content) @import.source))
(include_once_expression (string (string_content) @import.source))
(require_expression (binary_expression right: (string (string_content) @import.source)))
(require_once_expression (binary_expression right: (string (string_content) @import.source)))
(include_expression (binary_expression right: (string (string_content) @import.source)))
(include_once_expression (binary_expression right: (string (string_content) @import.source)))
`;
