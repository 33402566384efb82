import { ecmascriptCommon } from './javascript.js';

/** TypeScript and TSX: the ECMAScript patterns plus types, interfaces, enums and namespaces. */
export const typescriptQuery = String.raw`
${ecmascriptCommon}
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(class name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: (identifier) @name) @definition.module
(module name: (identifier) @name) @definition.module
(function_signature name: (identifier) @name) @definition.function
(method_signature name: (property_identifier) @name) @definition.function
(abstract_method_signature name: (property_identifier) @name) @definition.function
(public_field_definition name: (property_identifier) @name) @definition.field
(public_field_definition name: (private_property_identifier) @name) @definition.field
(property_signature name: (property_identifier) @name) @definition.field
(required_parameter (accessibility_modifier) pattern: (identifier) @name) @definition.field

; Stated types of what a receiver's name is bound to (resolve-receivers.ts).
(required_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type))
(optional_parameter pattern: (identifier) @binding.name type: (type_annotation (_) @binding.type))
(variable_declarator name: (identifier) @binding.name type: (type_annotation (_) @binding.type))
(public_field_definition name: (property_identifier) @binding.member type: (type_annotation (_) @binding.type))
(required_parameter (accessibility_modifier) pattern: (identifier) @binding.member type: (type_annotation (_) @binding.type))

(extends_clause value: (identifier) @name) @reference.inherit
(extends_clause value: (member_expression property: (property_identifier) @name)) @reference.inherit
(implements_clause (type_identifier) @name) @reference.inherit
(implements_clause (generic_type name: (type_identifier) @name)) @reference.inherit
(extends_type_clause type: (type_identifier) @name) @reference.inherit
(extends_type_clause type: (generic_type name: (type_identifier) @name)) @reference.inherit
(type_identifier) @name @reference.type
`;
