import { readLiteralValues } from './read-literal-values.js';
import { parsePytestOptions } from './parse-pytest-options.js';

/** What one runner's config says, for the files under `dir` (its folder; '' for the root). */
export interface RunnerScope {
  runner: 'jest' | 'vitest' | 'mocha' | 'karma' | 'ava' | 'tape' | 'pytest';
  dir: string;
  /** Globs of the tests it runs, relative to `dir`; empty when the config names none it could read. */
  testGlobs: string[];
  /** Files it loads to set up (setupFiles, karma's plain file entries, mocha's --file). */
  setup: string[];
  /** pytest's `python_files` name patterns, when set. */
  nameGlobs?: string[];
  /** The file it was read from. */
  from: string;
}

export interface TestRunnerConfig {
  scopes: RunnerScope[];
  /** The root `go.mod`'s module path (`github.com/x/web/v2`): `go test` names the root package after it. */
  goModule?: string;
  /** Config files that hold a value that cannot be read without running them: their runner's conventions stand. */
  unreadable: string[];
}

/** A config read is capped: runner configs are small, and the text is untrusted. */
const MAX_CONFIG_BYTES = 64 * 1024;
/** Config files read per tree: a monorepo's packages each have a package.json; the outermost are read first. */
const MAX_CONFIG_FILES = 64;
const JS_CONFIG = /(^|\/)(jest|vitest|vite|karma)\.conf(ig)?\.[cm]?[jt]s$|(^|\/)\.mocharc\.(json|jsonc|ya?ml|[cm]?js)$/;
const PY_CONFIG = /(^|\/)(pytest\.ini|pyproject\.toml|setup\.cfg|tox\.ini)$/;
const SKIP = /(^|\/)(node_modules|vendor|third_party|\.git)\//;

/**
 * The test runners' own configs in a tree, read as data: jest's
 * `testMatch` and `setupFiles`, vitest's `test.include` and
 * `test.setupFiles`, karma's `files`, mocha's `spec` (.mocharc) and the
 * globs its package.json script passes, ava's `files`, tape's globs, and
 * pytest's `testpaths` and `python_files` (pytest.ini, pyproject.toml,
 * setup.cfg, tox.ini). JavaScript configs are never run: only literal
 * strings are read, and a config whose list is computed is named in
 * `unreadable` instead.
 */
export async function readTestRunnerConfig(paths: string[], readFile: (path: string) => Promise<string>): Promise<TestRunnerConfig> {
  const scopes: RunnerScope[] = [];
  const unreadable: string[] = [];
  const read = async (path: string) => {
    try {
      const text = await readFile(path);
      return text.length > MAX_CONFIG_BYTES ? undefined : text;
    } catch {
      // A config that cannot be read is a config not read: the conventions stand for it.
      unreadable.push(path);
      return undefined;
    }
  };
  const candidates = paths
    .filter((p) => !SKIP.test(p) && p.split('/').length <= 4 && isConfigName(p))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))
    .slice(0, MAX_CONFIG_FILES);
  for (const path of candidates) {
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (name === 'package.json') {
      const text = await read(path);
      if (text !== undefined) scopes.push(...readPackageJson(text, dir, path));
    } else if (JS_CONFIG.test(path)) {
      const text = await read(path);
      if (text === undefined) continue;
      const scope = readJsConfig(text, dir, path);
      if (scope === 'unreadable') unreadable.push(path);
      else if (scope) scopes.push(scope);
    } else if (PY_CONFIG.test(path)) {
      const text = await read(path);
      const options = text === undefined ? undefined : parsePytestOptions(name, text);
      if (options)
        scopes.push({ runner: 'pytest', dir, testGlobs: options.testpaths ?? [], setup: [], nameGlobs: options.pythonFiles, from: path });
    }
  }
  // go.mod is not indexed (no grammar, not text), so it is read by its fixed name when the tree holds Go code.
  const goModule = paths.some((p) => p.endsWith('.go')) ? readGoModule(await readQuietly('go.mod', readFile)) : undefined;
  return goModule === undefined ? { scopes, unreadable } : { scopes, unreadable, goModule };
}

async function readQuietly(path: string, readFile: (path: string) => Promise<string>): Promise<string | undefined> {
  try {
    return await readFile(path);
  } catch {
    // No go.mod (a GOPATH tree, a subfolder checkout): the root package's name stays unknown.
    return undefined;
  }
}

/** The `module` line of a go.mod, its quotes gone. */
function readGoModule(text: string | undefined): string | undefined {
  const line = text === undefined ? undefined : /^\s*module\s+("?)([^\s"]+)\1/m.exec(text.slice(0, MAX_CONFIG_BYTES));
  return line?.[2];
}

function isConfigName(path: string): boolean {
  return path.endsWith('package.json') || JS_CONFIG.test(path) || PY_CONFIG.test(path);
}

function readJsConfig(text: string, dir: string, from: string): RunnerScope | 'unreadable' | undefined {
  const name = from.slice(from.lastIndexOf('/') + 1);
  if (name.endsWith('.json') || name.endsWith('.jsonc')) return readMocharc(parseJsonObject(text), dir, from);
  if (/\.ya?ml$/.test(name)) {
    const spec = /^spec:\s*(.+)$/m.exec(text)?.[1];
    return spec ? { runner: 'mocha', dir, testGlobs: [unquote(spec.trim())], setup: [], from } : undefined;
  }
  const { values, dynamic } = readLiteralValues(text);
  const at = (...keys: string[]) => values.filter((v) => v.keys.join('.') === keys.join('.')).map((v) => v.value);
  const runner = name.startsWith('karma') ? 'karma' : name.startsWith('jest') ? 'jest' : name.startsWith('.mocharc') ? 'mocha' : 'vitest';
  const key = { karma: 'files', jest: 'testMatch', mocha: 'spec', vitest: 'test.include' }[runner];
  if ([...dynamic].some((d) => d === key || d.startsWith(`${key}.`))) return 'unreadable';
  if (runner === 'karma') {
    const files = [...at('files'), ...at('files', 'pattern')];
    return { runner, dir, testGlobs: files.filter(isGlob), setup: files.filter((f) => !isGlob(f)).map((f) => join(dir, f)), from };
  }
  const globs = runner === 'vitest' ? at('test', 'include') : at(key);
  const setup = runner === 'vitest' ? at('test', 'setupFiles') : [...at('setupFiles'), ...at('setupFilesAfterEach'), ...at('file')];
  if (globs.length === 0 && setup.length === 0) return undefined;
  return { runner, dir, testGlobs: globs.map((g) => g.replace(/^<rootDir>\//, '')), setup: setup.map((s) => join(dir, s)), from };
}

function readMocharc(config: Record<string, unknown> | undefined, dir: string, from: string): RunnerScope | undefined {
  const spec = strings(config?.spec);
  return spec.length > 0
    ? { runner: 'mocha', dir, testGlobs: spec, setup: strings(config?.file).map((f) => join(dir, f)), from }
    : undefined;
}

/** package.json: jest's and ava's settings, and the globs a `mocha` or `tape` script passes. */
function readPackageJson(text: string, dir: string, from: string): RunnerScope[] {
  const pkg = parseJsonObject(text);
  if (!pkg) return [];
  const scopes: RunnerScope[] = [];
  const jest = pkg.jest as Record<string, unknown> | undefined;
  if (jest && strings(jest.testMatch).length > 0)
    scopes.push({ runner: 'jest', dir, testGlobs: strings(jest.testMatch).map((g) => g.replace(/^<rootDir>\//, '')), setup: [], from });
  const ava = pkg.ava as Record<string, unknown> | undefined;
  if (ava && strings(ava.files).length > 0) scopes.push({ runner: 'ava', dir, testGlobs: strings(ava.files), setup: [], from });
  const scripts = (pkg.scripts ?? {}) as Record<string, unknown>;
  for (const script of Object.values(scripts)) {
    if (typeof script !== 'string') continue;
    for (const command of script.split(/&&|\|\||;|\|/)) {
      const scope = readScriptGlobs(command, dir, from);
      if (scope) scopes.push(scope);
    }
  }
  return scopes;
}

/** Options of mocha and tape that take a value: the value is not a test glob. */
const VALUE_FLAGS = new Set([
  '-t',
  '--timeout',
  '-r',
  '--require',
  '-R',
  '--reporter',
  '-g',
  '--grep',
  '-u',
  '--ui',
  '--config',
  '--file',
  '-O',
  '--reporter-option',
  '--reporter-options',
  '--slow',
  '-s',
  '--extension',
  '--ignore',
  '--exclude',
  '--package',
  '--retries',
  '-j',
  '--jobs',
]);

function readScriptGlobs(command: string, dir: string, from: string): RunnerScope | undefined {
  const words = command.trim().split(/\s+/).map(unquote);
  const at = words.findIndex((w) => /^(mocha|_mocha|tape|ava)$/.test(w.slice(w.lastIndexOf('/') + 1)));
  if (at < 0) return undefined;
  const runner = words[at]!.endsWith('tape') ? 'tape' : words[at]!.endsWith('ava') ? 'ava' : 'mocha';
  const globs: string[] = [];
  const setup: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i]!;
    if (VALUE_FLAGS.has(word)) {
      if (word === '--file') setup.push(join(dir, words[i + 1] ?? ''));
      i++;
    } else if (!word.startsWith('-') && !word.includes('=')) globs.push(word.replace(/^\.\//, ''));
  }
  const recursive = words.includes('--recursive');
  const expanded = globs.map((g) =>
    isGlob(g) || /\.[cm]?[jt]sx?$/.test(g) ? g : `${g.replace(/\/$/, '')}/${recursive ? '**/' : ''}*.{js,cjs,mjs}`,
  );
  if (expanded.length === 0 && runner !== 'mocha') return undefined;
  return { runner, dir, testGlobs: expanded.length > 0 ? expanded : [`test/${recursive ? '**/' : ''}*.{js,cjs,mjs}`], setup, from };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    // Not JSON (or JSON with comments): nothing is read from it, and the conventions stand.
    return undefined;
  }
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function isGlob(pattern: string): boolean {
  return /[*?{[]/.test(pattern);
}

function unquote(word: string): string {
  return word.replace(/^(['"])(.*)\1$/, '$2');
}

function join(dir: string, path: string): string {
  const clean = path.replace(/^\.\//, '').replace(/^<rootDir>\//, '');
  return dir === '' ? clean : `${dir}/${clean}`;
}
