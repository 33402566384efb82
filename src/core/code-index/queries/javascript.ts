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

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (member_expression property: (property_identifier) @name)) @reference.call
(new_expression constructor: (identifier) @name) @reference.new
(new_expression constructor: (member_expression property: (property_identifier) @name)) @reference.new

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
(class_heritage (identifier) @name) @reference.inherit
(class_heritage (member_expression property: (property_identifier) @name)) @reference.inherit
`;
