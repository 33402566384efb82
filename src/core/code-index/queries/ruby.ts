/** Ruby: classes, modules, methods, constants, calls, `X.new`, superclasses and mixins, require/load. */
export const rubyQuery = String.raw`
(class name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.class
(module name: [(constant) @name (scope_resolution name: (constant) @name)]) @definition.module
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function
(assignment left: (constant) @name) @definition.constant

((call method: (identifier) @name) @reference.call
  (#not-any-of? @name "new" "require" "require_relative" "load" "include" "extend" "prepend"))
((call receiver: (constant) @name method: (identifier) @_new) @reference.new (#eq? @_new "new"))
((call receiver: (scope_resolution name: (constant) @name) method: (identifier) @_new) @reference.new (#eq? @_new "new"))
((call receiver: (constant) @name method: (identifier) @_method) @reference.type (#not-eq? @_method "new"))
(scope_resolution scope: (constant) @name) @reference.type
(superclass [(constant) @name (scope_resolution name: (constant) @name)]) @reference.inherit
((call method: (identifier) @_mixin arguments: (argument_list [(constant) @name (scope_resolution name: (constant) @name)]))
  @reference.inherit (#any-of? @_mixin "include" "extend" "prepend"))

((call method: (identifier) @_require arguments: (argument_list . (string (string_content) @import.source) .))
  (#any-of? @_require "require" "require_relative" "load"))
`;
