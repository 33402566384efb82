import { classifyTestName, readTestFolders, type TestFolders } from '../tests/classify-test-path.js';
import { anyFolderOf, anyOf } from './path-patterns.js';

/**
 * What a file is to the repository. Only `product` is the repository's own
 * code: diagrams draw it, reviews ask tests for it, plans cite it as code to
 * follow and ranking puts it first. The rest is someone else's code
 * (`vendored`), a build's or a tool's output (`generated`), types that
 * describe code elsewhere (`declaration`), a tool's settings written as code
 * (`config`), or tests (is-test-file.ts).
 */
export type FileKind = 'product' | 'test' | 'generated' | 'vendored' | 'declaration' | 'config';

/** What the index knows of a file beyond its path; every field may be missing (a path from a diff). */
export interface FileFacts {
  size?: number;
  lines?: number;
  /** Why the index did not parse the file (a content rule: minified, a generated marker, a private key…), when it did not. */
  skipped?: string | null;
}

export interface FileClass {
  kind: FileKind;
  /** The index never reads it (skip-rules.ts): dependency and tool folders, lockfiles, minified copies, source maps. */
  unread?: 'vendored' | 'generated';
}

// Folders the index never reads: other projects' code, package managers' stores, tools' caches, version control.
const UNREAD_DIRS = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'third_party',
  'third-party',
  'thirdparty',
  'external',
  'Pods',
  'Carthage',
  '.yarn',
  '.pnpm-store',
  'site-packages',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
  '.gradle',
  '.git',
  '.hg',
  '.svn',
]);
const UNREAD_FOLDER = anyFolderOf(UNREAD_DIRS);
/** Folders of other projects' code copied in that the index keeps (a question about vendored code reads them). */
const VENDOR_DIRS = new Set(['vendors']);
// Output by name the index never reads: minified copies, source maps, lockfiles, snapshots, protobuf stubs.
const UNREAD_GENERATED_NAMES: RegExp[] = [
  /\.min\.(js|mjs|cjs|css)$/,
  /[.-]bundle\.(js|mjs|cjs)$/,
  /\.(map|lock|snap)$/,
  /^(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|cargo\.lock|poetry\.lock|gemfile\.lock|composer\.lock|go\.sum)$/,
  /\.(pb|pb2)\.(go|py)$/,
  /_pb2(_grpc)?\.py$/,
  /\.generated\.\w+$/,
];
const UNREAD_GENERATED_NAME = anyOf(UNREAD_GENERATED_NAMES);
/**
 * Folders that hold build output by convention, and `<name>-dist` (this
 * repository's `action-dist/`). A committed bundle holds every identifier of
 * its sources, so it matched every question: on real commits, `dist/<name>.js`,
 * `dist/esm/…` and `*.cjs` builds took 6.6% of all top-5 slots and caused most
 * misses on one JavaScript repository.
 */
const BUILD_DIRS = new Set(['dist', 'build', 'umd', 'bundle', 'bundles', '.next', '.nuxt', '.output', 'coverage', 'out-tsc']);
const BUILD_DIR_NAME = /^[\w.]+[-_]dist$/;
/** Bundle names: `foo.umd.js`, `foo.esm.js`, `foo.cjs.js`, `foo.bundle.mjs`, `index.global.js`. */
const BUNDLE_NAME = /\.(umd|esm|cjs|es|iife|global|bundle|production|development)(\.min)?\.[cm]?js$/i;
/**
 * A library's copy named with its full version (`jquery-3.2.1.js`, `underscore-1.3.1.js`; not `api-v2.1.js` or
 * `migrate-1.2.js`, which are a project's own): sphinx's `static/jquery-3.2.1.js` ranked fifth for a report that
 * called `extensions.append`.
 */
const VERSIONED_COPY = /^[A-Za-z][\w.]*?-v?\d+\.\d+\.\d+(\.min)?\.[cm]?js$/;
/** A `.cjs` file this big is a build (hand-written CommonJS shims are small). */
const CJS_BUILD_BYTES = 32 * 1024;
/** Average bytes per line past which code is machine-written (minified or inlined data). */
const MACHINE_LINE_BYTES = 200;
/** A JavaScript file with this many lines is a bundle, not a module. */
const BUNDLE_LINES = 15_000;
/** Type declarations: TypeScript's `.d.ts`, `.d.cts`, `.d.mts` (and `.d.json.ts`-style names), Python's stubs. */
const DECLARATION = /\.d\.([\w-]+\.)?[cm]?ts$|\.pyi$/;
/**
 * A tool's settings written as code: `vitest.config.ts`, `eslint.config.js`, `karma.conf.js`, a dotfile script
 * (`.eslintrc.cjs`, `.dependency-cruiser.cjs`, `.prettierrc.js`), task runners' files, Python's packaging scripts.
 */
const CONFIG_NAMES: RegExp[] = [
  /\.(config|conf)\.[cm]?[jt]sx?$/i,
  /^\.[\w.-]+\.[cm]?[jt]sx?$/,
  /^(gruntfile|gulpfile|jakefile)\.[cm]?[jt]s$/i,
  /^(setup|noxfile|fabfile)\.py$/,
];
/** Skip reasons (skip-rules.ts) that say the file is output or someone else's, not the repository's own source. */
const SKIPPED_AS: Record<string, 'generated' | 'vendored'> = {
  generated: 'generated',
  minified: 'generated',
  'too-large': 'generated',
  binary: 'generated',
  vendored: 'vendored',
};

/**
 * The one rule for what a file is, from its path and, where the index has
 * them, its size, line count and skip reason. `linguist` is the repository's
 * own word (`linguist-generated` / `linguist-vendored` in .gitattributes,
 * parse-linguist-generated.ts). Vendored and generated come first: a test
 * folder inside `node_modules/` or `dist/` is still not the repository's test.
 */
export function classifyFile(path: string, facts: FileFacts = {}, linguist?: (path: string) => boolean): FileClass {
  const cut = path.lastIndexOf('/') + 1;
  return classifyInFolder(readFolderRules(path.slice(0, cut)), path, facts, linguist);
}

/**
 * classifyFile for the files of one tree: what the rule reads from a file's
 * folders is read once per folder (a diagram asks it of 53,000 files in
 * about 5,000 folders; per file, splitting and testing the folders took most
 * of the time). The answers are classifyFile's.
 */
export function createFileClassifier(): typeof classifyFile {
  const folders = new Map<string, FolderRules>();
  return (path, facts = {}, linguist) => {
    const cut = path.lastIndexOf('/') + 1;
    const folder = path.slice(0, cut);
    let rules = folders.get(folder);
    if (rules === undefined) folders.set(folder, (rules = readFolderRules(folder)));
    return classifyInFolder(rules, path, facts, linguist);
  };
}

/** What classifyFile reads from a file's folders alone. */
interface FolderRules {
  unread: boolean;
  vendored: boolean;
  build: boolean;
  tests: TestFolders;
}

/** A folder (`a/b/` with its slash, `` for the root) read for classifyFile. */
function readFolderRules(folder: string): FolderRules {
  const dirs = folder === '' ? [] : folder.slice(0, -1).split('/');
  return {
    // The expression matches a folder name with its slash: on the folder alone as on the whole path.
    unread: UNREAD_FOLDER.test(folder),
    vendored: dirs.some((d) => VENDOR_DIRS.has(d)),
    build: dirs.some((d) => BUILD_DIRS.has(d) || BUILD_DIR_NAME.test(d)),
    tests: readTestFolders(folder),
  };
}

function classifyInFolder(folder: FolderRules, path: string, facts: FileFacts, linguist?: (path: string) => boolean): FileClass {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (folder.unread) return { kind: 'vendored', unread: 'vendored' };
  if (UNREAD_GENERATED_NAME.test(base.toLowerCase())) return { kind: 'generated', unread: 'generated' };
  const skipped = facts.skipped ? SKIPPED_AS[facts.skipped] : undefined;
  if (skipped) return { kind: skipped };
  if (linguist?.(path)) return { kind: 'generated' };
  if (folder.vendored || VERSIONED_COPY.test(base)) return { kind: 'vendored' };
  if (folder.build || BUNDLE_NAME.test(base)) return { kind: 'generated' };
  if (isMachineWritten(base, facts)) return { kind: 'generated' };
  if (DECLARATION.test(base)) return { kind: 'declaration' };
  if (classifyTestName(base, folder.tests) !== undefined) return { kind: 'test' };
  if (CONFIG_NAMES.some((re) => re.test(base))) return { kind: 'config' };
  return { kind: 'product' };
}

/**
 * Why the index never reads a path (classifyFile's `unread`): a dependency or tool folder, or output by name.
 * Alone, for listings: a first answer's listing asks it of every path of a 53,000-file tree, where the rest of
 * classifyFile (tests, config, bundles) took 0.4 s; one expression per rule (path-patterns.ts).
 */
export function findUnreadReason(path: string): FileClass['unread'] {
  if (UNREAD_FOLDER.test(path)) return 'vendored';
  return UNREAD_GENERATED_NAME.test(path.slice(path.lastIndexOf('/') + 1).toLowerCase()) ? 'generated' : undefined;
}

/**
 * The repository's own code, parsed by the index: what a diagram draws as a
 * box, what a review asks tests for, what a plan cites as code to follow. A
 * file the index skipped for any reason (a private key's file included) is
 * never one of them: nothing of it was read.
 */
export function isProductCode(path: string, facts: FileFacts = {}, linguist?: (path: string) => boolean): boolean {
  return !facts.skipped && classifyFile(path, facts, linguist).kind === 'product';
}

/** Build output or someone else's code: left out of ranking and evidence unless the question asks for it. */
export function isGeneratedOrVendored(path: string, facts: FileFacts = {}, linguist?: (path: string) => boolean): boolean {
  const { kind } = classifyFile(path, facts, linguist);
  return kind === 'generated' || kind === 'vendored';
}

/** A big `.cjs` build, minified or inlined data (long lines), or one huge JavaScript file. */
function isMachineWritten(base: string, facts: FileFacts): boolean {
  if (!/\.[cm]?js$/i.test(base) || facts.size === undefined) return false;
  if (/\.cjs$/i.test(base) && facts.size > CJS_BUILD_BYTES) return true;
  const lines = facts.lines ?? 0;
  return (lines > 0 && facts.size / lines > MACHINE_LINE_BYTES) || lines > BUNDLE_LINES;
}
