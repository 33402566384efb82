/**
 * C and C++ (both parsed with the C++ grammar): functions and methods, classes, structs, unions, enums,
 * namespaces, typedefs and aliases, macros and constants, calls, `new`, base classes and #include paths.
 */
const declarator = String.raw`[
  (identifier) @name
  (field_identifier) @name
  (operator_name) @name
  (destructor_name) @name
  (qualified_identifier scope: [(namespace_identifier) @scope (template_type name: (type_identifier) @scope)]
    name: [(identifier) (operator_name) (destructor_name)] @name)
  (qualified_identifier name: (qualified_identifier
    scope: [(namespace_identifier) @scope (template_type name: (type_identifier) @scope)]
    name: [(identifier) (operator_name) (destructor_name)] @name))]`;

export const cppQuery = String.raw`
(function_definition declarator: (function_declarator declarator: ${declarator})) @definition.function
(function_definition declarator: (_ (function_declarator declarator: ${declarator}))) @definition.function
(function_definition declarator: (_ (_ (function_declarator declarator: ${declarator})))) @definition.function
(declaration declarator: (function_declarator declarator: [(identifier) (operator_name)] @name)) @definition.function
(declaration declarator: (_ (function_declarator declarator: [(identifier) (operator_name)] @name))) @definition.function
(field_declaration declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name)) @definition.function
(field_declaration declarator: (_ (function_declarator declarator: [(field_identifier) (operator_name)] @name))) @definition.function
(declaration declarator: (function_declarator declarator: (destructor_name) @name)) @definition.function

(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.module
(type_definition type: (struct_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (union_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (enum_specifier !name body: (_)) declarator: (type_identifier) @name) @definition.enum
; A typedef of a named struct names only its declarator, so the struct is not nested in the typedef.
(type_definition type: [(struct_specifier name: (_) body: (_)) (union_specifier name: (_) body: (_))
  (enum_specifier name: (_) body: (_))] declarator: (type_identifier) @name @definition.type)
(type_definition declarator: [
  (type_identifier) @name
  (pointer_declarator declarator: (type_identifier) @name)
  (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))])
  @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name value: (_)) @definition.constant
(translation_unit (declaration (type_qualifier) @_const declarator: (init_declarator declarator: (identifier) @name))
  @definition.constant (#any-of? @_const "const" "constexpr"))
(declaration_list (declaration (type_qualifier) @_const declarator: (init_declarator declarator: (identifier) @name))
  @definition.constant (#any-of? @_const "const" "constexpr"))

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (qualified_identifier name: (identifier) @name)) @reference.call
(call_expression function: (template_function name: (identifier) @name)) @reference.call
(call_expression function: (qualified_identifier name: (template_function name: (identifier) @name))) @reference.call
(call_expression function: (field_expression field: (template_method name: (field_identifier) @name))) @reference.call
(new_expression type: [
  (type_identifier) @name
  (template_type name: (type_identifier) @name)
  (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])]) @reference.new
(base_class_clause [
  (type_identifier) @name
  (template_type name: (type_identifier) @name)
  (qualified_identifier name: [(type_identifier) @name (template_type name: (type_identifier) @name)])] @reference.inherit)
(type_identifier) @name @reference.type

(preproc_include path: (string_literal (string_content) @import.source))
(preproc_include path: (system_lib_string) @import.source)
(using_declaration (qualified_identifier name: (identifier) @name)) @reference.import
`;
