/** Patterns shared by JavaScript, TypeScript and TSX (node types common to all three grammars). */
export const ecmascriptCommon = String.raw`
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.function
(lexical_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function
(variable_declaration (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression)])) @definition.function
(assignment_expression left: (member_expression property: (property_identifier) @name) right: [(arrow_function) (function_expression)]) @definition.function
(pair key: (property_identifier) @name value: [(arrow_function) (function_expression)]) @definition.function
(program (lexical_declaration (variable_declarator name: (identifier) @name value: [(object) (array) (string) (number) (call_expression) (new_expression) (template_string)])) @definition.constant)
(program (export_statement (lexical_declaration (variable_declarator name: (identifier) @name value: [(object) (array) (string) (number) (call_expression) (new_expression) (template_string)])) @definition.constant))
(assignment_expression left: (member_expression object: (this) property: (property_identifier) @name)) @definition.field

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.new
(new_expression constructor: (member_expression property: (property_identifier) @name)) @reference.new
; super(…) in a constructor calls the base class's: a call of constructor on the class super stands for.
(call_expression function: (super) @name.constructor @receiver) @reference.call

; What a receiver's name is bound to (resolve-receivers.ts): constructed classes and imports.
(variable_declarator name: (identifier) @binding.name value: (new_expression constructor: (_) @binding.type))
(assignment_expression left: (member_expression object: (this)) @binding.name right: (new_expression constructor: (_) @binding.type))
(import_clause (identifier) @binding.name @binding.module)
(import_specifier !alias name: (identifier) @binding.name @binding.module)
(import_specifier name: (identifier) @binding.module alias: (identifier) @binding.name)
(namespace_import (identifier) @binding.name @binding.module)
(variable_declarator name: (identifier) @binding.name @binding.module value: (call_expression function: (identifier) @_require) (#eq? @_require "require"))

(import_statement source: (string (string_fragment) @import.source))
(export_statement source: (string (string_fragment) @import.source))
(import_specifier name: (identifier) @name) @reference.import
(import_clause (identifier) @name) @reference.import
(call_expression function: (identifier) @_require arguments: (arguments . (string (string_fragment) @import.source)) (#eq? @_require "require"))
(call_expression function: (import) arguments: (arguments . (string (string_fragment) @import.source)))
`;

export const javascriptQuery = String.raw`
${ecmascriptCommon}
(class_declaration name: (identifier) @name) @definition.class
(class name: (identifier) @name) @definition.class
(field_definition property: (property_identifier) @name) @definition.field
(class_heritage (identifier) @name) @reference.inherit
(class_heritage (member_expression property: (property_identifier) @name)) @reference.inherit
`;
