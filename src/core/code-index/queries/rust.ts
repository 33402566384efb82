/**
 * Rust: items, `impl` blocks as containers (their functions become methods of the type),
 * calls, struct literals, trait impls and bounds, `use` paths and `mod x;` declarations.
 */
export const rustQuery = String.raw`
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(macro_definition name: (identifier) @name) @definition.macro

(impl_item type: (type_identifier) @name) @container
(impl_item type: (generic_type type: (type_identifier) @name)) @container
(impl_item type: (scoped_type_identifier name: (type_identifier) @name)) @container
(impl_item type: (generic_type type: (scoped_type_identifier name: (type_identifier) @name))) @container

(impl_item trait: (type_identifier) @name) @reference.inherit
(impl_item trait: (scoped_type_identifier name: (type_identifier) @name)) @reference.inherit
(impl_item trait: (generic_type type: (type_identifier) @name)) @reference.inherit
(impl_item trait: (generic_type type: (scoped_type_identifier name: (type_identifier) @name))) @reference.inherit
(trait_item bounds: (trait_bounds (type_identifier) @name) @reference.inherit)
(trait_item bounds: (trait_bounds (scoped_type_identifier name: (type_identifier) @name)) @reference.inherit)
(trait_item bounds: (trait_bounds (generic_type type: (type_identifier) @name)) @reference.inherit)

(call_expression function: (identifier) @name) @reference.call
(call_expression function: (scoped_identifier name: (identifier) @name)) @reference.call
(call_expression function: (field_expression field: (field_identifier) @name)) @reference.call
(call_expression function: (generic_function function: (identifier) @name)) @reference.call
(call_expression function: (generic_function function: (scoped_identifier name: (identifier) @name))) @reference.call
(call_expression function: (generic_function function: (field_expression field: (field_identifier) @name))) @reference.call
(macro_invocation macro: (identifier) @name) @reference.call
(macro_invocation macro: (scoped_identifier name: (identifier) @name)) @reference.call
; Macro arguments are unparsed token trees: a name followed by a parenthesized tree is taken as a call.
((token_tree (identifier) @name . (token_tree) @_args) @reference.call (#match? @_args "^\\("))
(struct_expression name: (type_identifier) @name) @reference.new
(struct_expression name: (scoped_type_identifier name: (type_identifier) @name)) @reference.new
(struct_expression name: (generic_type_with_turbofish type: (type_identifier) @name)) @reference.new
; Type paths in expressions (Point::new, Color::Red) name types with identifiers, not type_identifiers.
((scoped_identifier path: (identifier) @name) @reference.type (#match? @name "^[A-Z]"))
((type_identifier) @name @reference.type (#not-eq? @name "Self"))

(use_declaration argument: (identifier) @import.source @name) @reference.import
(use_declaration argument: (scoped_identifier name: (identifier) @name) @import.source) @reference.import
(use_declaration argument: (use_as_clause path: (identifier) @import.source @name)) @reference.import
(use_declaration argument: (use_as_clause path: (scoped_identifier name: (identifier) @name) @import.source)) @reference.import
(use_declaration argument: (scoped_use_list path: (_) @import.source))
(use_declaration argument: (use_wildcard . (_) @import.source))
(use_list (identifier) @name @reference.import)
(use_list (scoped_identifier name: (identifier) @name) @reference.import)
(use_list (use_as_clause path: [(identifier) @name (scoped_identifier name: (identifier) @name)]) @reference.import)
(mod_item name: (identifier) @import.module !body)
`;
