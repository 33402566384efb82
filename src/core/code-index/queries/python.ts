export const pythonQuery = String.raw`
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module (expression_statement (assignment left: (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]*$"))

(call function: (identifier) @name) @reference.call
(call function: (attribute attribute: (identifier) @name)) @reference.call
(class_definition superclasses: (argument_list (identifier) @name) @reference.inherit)
(class_definition superclasses: (argument_list (attribute attribute: (identifier) @name)) @reference.inherit)
(type (identifier) @name) @reference.type

(import_statement name: (dotted_name) @import.source)
(import_statement name: (aliased_import name: (dotted_name) @import.source))
(import_from_statement module_name: (dotted_name) @import.source)
(import_from_statement module_name: (relative_import) @import.source)
(import_from_statement name: (dotted_name . (identifier) @name) @reference.import)
(import_from_statement name: (aliased_import name: (dotted_name . (identifier) @name)) @reference.import)
`;
