import type { Ecosystem } from './parse-manifest.js';

/**
 * How source code names a declared package when it imports it, and the
 * words to search the index for to find such files. undefined where the
 * import does not follow from the declared name: Maven artifacts are
 * imported by Java package, which the pom does not state.
 *
 * Python assumes the module is the distribution name in lower case with `-`
 * as `_` (true for most, not for PyYAML -> yaml); a package imported under
 * another name is then shown as declared, not as used.
 */
export function toImportPattern(ecosystem: Ecosystem, name: string): { pattern: RegExp; searchTerms: string } | undefined {
  const quoted = escapeRegExp(name);
  switch (ecosystem) {
    case 'npm':
      return {
        pattern: new RegExp(`(?:\\bfrom\\s*|\\brequire\\s*\\(\\s*|\\bimport\\s*\\(\\s*|\\bimport\\s+)['"]${quoted}(?:/[^'"]*)?['"]`),
        searchTerms: name.replace(/^@/, '').replace(/[/_.-]+/g, ' '),
      };
    case 'pypi': {
      const module = name.toLowerCase().replace(/-/g, '_');
      const quotedModule = escapeRegExp(module);
      return {
        pattern: new RegExp(`^\\s*(?:from\\s+${quotedModule}(?:\\.[\\w.]+)?\\s+import\\b|import\\s+${quotedModule}\\b)`, 'm'),
        searchTerms: module.replace(/[_.]+/g, ' '),
      };
    }
    case 'go':
      return { pattern: new RegExp(`"${quoted}(?:/[^"]*)?"`), searchTerms: name.slice(name.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9]+/g, ' ') };
    case 'cargo': {
      const crate = escapeRegExp(name.replace(/-/g, '_'));
      return { pattern: new RegExp(`\\b${crate}::|\\bextern\\s+crate\\s+${crate}\\b`), searchTerms: name.replace(/[_-]+/g, ' ') };
    }
    case 'rubygems':
      return { pattern: new RegExp(`\\brequire\\s*\\(?\\s*['"]${quoted}(?:/[^'"]*)?['"]`), searchTerms: name.replace(/[_-]+/g, ' ') };
    case 'maven':
      return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
