import type { Ecosystem } from './parse-manifest.js';

/**
 * Whether an import statement's source, as the index recorded it from the
 * syntax tree (so never from a comment), names a declared package: the
 * package itself or a path inside it (`lodash/fp`, `werkzeug.routing`,
 * `serde::Deserialize`). Maven artifacts are imported
 * by Java package, which the pom does not state, so they never match. Python
 * assumes the module is the distribution name in lower case with `-` as `_`
 * (true for most, not for PyYAML -> yaml); a package imported under another
 * name is then shown as declared, not as used.
 */
export function isImportOf(ecosystem: Ecosystem, name: string, source: string): boolean {
  switch (ecosystem) {
    case 'npm':
    case 'go':
    case 'rubygems':
      return source === name || source.startsWith(`${name}/`);
    case 'pypi': {
      const module = name.toLowerCase().replace(/-/g, '_');
      return source === module || source.startsWith(`${module}.`);
    }
    case 'cargo': {
      const crate = name.replace(/-/g, '_');
      return source === crate || source.startsWith(`${crate}::`) || source.startsWith(`::${crate}::`);
    }
    case 'maven':
      return false;
  }
}
