import ignore from 'ignore';

/** What the index knows of a file that tells a build output from source. */
export interface FileShape {
  path: string;
  size: number;
  lines: number;
}

/**
 * Folders that hold build output by convention. A committed bundle holds
 * every identifier of its sources, so it matched every question: on real
 * commits, `dist/<name>.js`, `dist/esm/…` and `*.cjs` builds took 6.6% of
 * all top-5 slots and caused most misses on one JavaScript repository.
 */
const BUILD_DIRS = new Set(['dist', 'build', 'umd', 'bundle', 'bundles', '.next', '.nuxt', '.output', 'coverage', 'out-tsc']);
/** Bundle names: `foo.umd.js`, `foo.esm.js`, `foo.cjs.js`, `foo.bundle.mjs`, `index.global.js`. */
const BUNDLE_NAME = /\.(umd|esm|cjs|es|iife|global|bundle|production|development)(\.min)?\.[cm]?js$/i;
/**
 * A minified script (`foo.min.js`), or a library's copy named with its full version (`jquery-3.2.1.js`,
 * `underscore-1.3.1.js`; not `api-v2.1.js` or `migrate-1.2.js`, which are a project's own).
 */
const VENDORED_NAME = /(\.min\.[cm]?js$)|(^[A-Za-z][\w.]*?-v?\d+\.\d+\.\d+(\.min)?\.[cm]?js$)/;
/** Folders of other projects' code copied in (Go and PHP `vendor/`, `third_party/`, Bower's packages). */
const VENDOR_DIRS = new Set(['vendor', 'vendors', 'third_party', 'third-party', 'bower_components', 'node_modules']);
/** A `.cjs` file this big is a build (hand-written CommonJS shims are small). */
const CJS_BUILD_BYTES = 32 * 1024;
/** Average bytes per line past which code is machine-written (minified or inlined data). */
const MACHINE_LINE_BYTES = 200;
/** A JavaScript file with this many lines and no folder of its own is a bundle, not a module. */
const BUNDLE_LINES = 15_000;

/**
 * Whether a file is generated or vendored, so not the repository's own code:
 * `linguist-generated` or `linguist-vendored` in .gitattributes (the
 * repository's own word), build and vendor folders, bundle names, minified or
 * versioned library copies (sphinx's `static/jquery-3.2.1.js` ranked fifth for
 * a report that called `extensions.append`), a big `.cjs` build, or the shape
 * of machine-written code (long lines, a huge single file).
 */
export function isGeneratedFile(file: FileShape, linguistGenerated?: (path: string) => boolean): boolean {
  if (linguistGenerated?.(file.path)) return true;
  const segments = file.path.split('/');
  const base = segments[segments.length - 1] ?? '';
  if (segments.slice(0, -1).some((d) => BUILD_DIRS.has(d) || VENDOR_DIRS.has(d))) return true;
  if (BUNDLE_NAME.test(base) || VENDORED_NAME.test(base)) return true;
  const js = /\.[cm]?js$/i.test(base);
  if (/\.cjs$/i.test(base) && file.size > CJS_BUILD_BYTES) return true;
  if (js && file.lines > 0 && file.size / file.lines > MACHINE_LINE_BYTES) return true;
  return js && file.lines > BUNDLE_LINES;
}

/**
 * The `linguist-generated` and `linguist-vendored` patterns of a .gitattributes file as a matcher
 * (gitignore pattern rules, which .gitattributes shares, through `ignore`);
 * `-linguist-generated` and `linguist-generated=false` lines undo earlier ones.
 */
export function parseLinguistGenerated(text: string): (path: string) => boolean {
  const rules = ignore();
  let any = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [pattern, ...attributes] = line.split(/\s+/);
    if (!pattern) continue;
    for (const attribute of attributes) {
      if (/^linguist-(generated|vendored)(=true)?$/.test(attribute)) {
        rules.add(pattern);
        any = true;
      } else if (/^(-linguist-(generated|vendored)|linguist-(generated|vendored)=false)$/.test(attribute)) {
        rules.add(`!${pattern}`);
      }
    }
  }
  return any ? (path) => rules.ignores(path) : () => false;
}
