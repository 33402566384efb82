/** Go: functions, methods scoped to their receiver type, types, constants, calls, composite literals and imports. */
export const goQuery = String.raw`
(function_declaration name: (identifier) @name) @definition.function
(method_declaration
  receiver: (parameter_list (parameter_declaration type: [
    (type_identifier) @scope
    (pointer_type (type_identifier) @scope)
    (generic_type type: (type_identifier) @scope)
    (pointer_type (generic_type type: (type_identifier) @scope))]))
  name: (field_identifier) @name) @definition.function
(method_elem name: (field_identifier) @name) @definition.function

; A lone spec takes its declaration's node so the signature keeps the keyword; grouped specs take their own.
(type_declaration . (type_spec name: (type_identifier) @name type: (struct_type)) .) @definition.struct
(type_declaration . (type_spec name: (type_identifier) @name type: (interface_type)) .) @definition.interface
(type_declaration . [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)] .) @definition.type
(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type
(type_alias name: (type_identifier) @name) @definition.type
(source_file (const_declaration . (const_spec name: (identifier) @name) .) @definition.constant)
(source_file (const_declaration (const_spec name: (identifier) @name) @definition.constant))
(field_declaration_list (field_declaration name: (field_identifier) @name) @definition.field)

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name)) @reference.call
(composite_literal type: (type_identifier) @name) @reference.new
(composite_literal type: (qualified_type name: (type_identifier) @name)) @reference.new
(composite_literal type: (generic_type type: (type_identifier) @name)) @reference.new
(field_declaration !name type: (type_identifier) @name) @reference.inherit
(field_declaration !name type: (qualified_type name: (type_identifier) @name)) @reference.inherit
(field_declaration !name type: (pointer_type (type_identifier) @name)) @reference.inherit
(field_declaration !name type: (pointer_type (qualified_type name: (type_identifier) @name))) @reference.inherit
(interface_type (type_elem (type_identifier) @name) @reference.inherit)
(interface_type (type_elem (qualified_type name: (type_identifier) @name)) @reference.inherit)
((type_identifier) @name @reference.type
  (#not-any-of? @name "any" "bool" "byte" "comparable" "complex64" "complex128" "error" "float32" "float64"
    "int" "int8" "int16" "int32" "int64" "rune" "string" "uint" "uint8" "uint16" "uint32" "uint64" "uintptr"))

; What a receiver's name is bound to (resolve-receivers.ts): receivers, parameters, literals, imports.
(parameter_declaration name: (identifier) @binding.name type: (_) @binding.type)
(var_spec name: (identifier) @binding.name type: (_) @binding.type)
(short_var_declaration left: (expression_list . (identifier) @binding.name) right: (expression_list . (composite_literal type: (_) @binding.type)))
(short_var_declaration left: (expression_list . (identifier) @binding.name)
  right: (expression_list . (unary_expression operand: (composite_literal type: (_) @binding.type))))
(import_spec name: (package_identifier) @binding.name path: (_) @binding.module)
(import_spec !name path: (_) @binding.name @binding.module)

(import_spec path: (interpreted_string_literal (interpreted_string_literal_content) @import.source))
(import_spec path: (raw_string_literal (raw_string_literal_content) @import.source))
`;
