export const pythonQuery = String.raw`
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function
(module (expression_statement (assignment left: (identifier) @name) @definition.constant) (#match? @name "^[A-Z][A-Z0-9_]*$"))
(class_definition body: (block (expression_statement (assignment left: (identifier) @name) @definition.field)))
((assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name)) @definition.field (#eq? @_self "self"))

(call function: (identifier) @name) @reference.call
(call function: (attribute object: (_) @receiver attribute: (identifier) @name)) @reference.call
(class_definition superclasses: (argument_list (identifier) @name) @reference.inherit)
(class_definition superclasses: (argument_list (attribute attribute: (identifier) @name)) @reference.inherit)
(type (identifier) @name) @reference.type

; What a receiver's name is bound to (resolve-receivers.ts): annotations, constructed classes, imports.
(typed_parameter . (identifier) @binding.name type: (type) @binding.type)
(typed_default_parameter name: (identifier) @binding.name type: (type) @binding.type)
(assignment left: (identifier) @binding.name type: (type) @binding.type)
(assignment left: (identifier) @binding.name right: (call function: (_) @binding.call))
(with_item value: (as_pattern (call function: (_) @binding.call) alias: (as_pattern_target (identifier) @binding.name)))
((assignment left: (attribute object: (identifier) @_self) @binding.name right: (call function: (_) @binding.call)) (#eq? @_self "self"))
((assignment left: (attribute object: (identifier) @_self) @binding.name type: (type) @binding.type) (#eq? @_self "self"))
(import_statement name: (dotted_name . (identifier) @binding.name) @binding.module)
(import_statement name: (aliased_import name: (dotted_name) @binding.module alias: (identifier) @binding.name))
(import_from_statement name: (dotted_name . (identifier) @binding.name) @binding.module)
(import_from_statement name: (aliased_import name: (dotted_name) @binding.module alias: (identifier) @binding.name))

(import_statement name: (dotted_name) @import.source)
(import_statement name: (aliased_import name: (dotted_name) @import.source))
(import_from_statement module_name: (dotted_name) @import.source)
(import_from_statement module_name: (relative_import) @import.source)
(import_from_statement name: (dotted_name . (identifier) @name) @reference.import)
(import_from_statement name: (aliased_import name: (dotted_name . (identifier) @name)) @reference.import)
`;
