/**
 * Languages nanodex parses, the grammar each uses, and how files map to them.
 * C has no grammar of its own in @vscode/tree-sitter-wasm; the C++ grammar
 * parses C well enough for tags.
 */
export type LanguageId = 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java' | 'ruby' | 'c' | 'cpp' | 'csharp' | 'php';

export const GRAMMAR_FILE: Record<LanguageId, string> = {
  typescript: 'tree-sitter-typescript.wasm',
  tsx: 'tree-sitter-tsx.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  python: 'tree-sitter-python.wasm',
  go: 'tree-sitter-go.wasm',
  rust: 'tree-sitter-rust.wasm',
  java: 'tree-sitter-java.wasm',
  ruby: 'tree-sitter-ruby.wasm',
  c: 'tree-sitter-cpp.wasm',
  cpp: 'tree-sitter-cpp.wasm',
  csharp: 'tree-sitter-c-sharp.wasm',
  php: 'tree-sitter-php.wasm',
};

/** Maps, not objects: a file named `constructor` (or `x.toString`) found Object.prototype's member as its language. */
const BY_EXTENSION = new Map<string, LanguageId>(
  Object.entries({
    ts: 'typescript',
    mts: 'typescript',
    cts: 'typescript',
    tsx: 'tsx',
    js: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    jsx: 'javascript',
    py: 'python',
    pyi: 'python',
    go: 'go',
    rs: 'rust',
    java: 'java',
    rb: 'ruby',
    rake: 'ruby',
    gemspec: 'ruby',
    c: 'c',
    h: 'c',
    cc: 'cpp',
    cpp: 'cpp',
    cxx: 'cpp',
    hpp: 'cpp',
    hh: 'cpp',
    hxx: 'cpp',
    cs: 'csharp',
    php: 'php',
  } satisfies Record<string, LanguageId>),
);

const BY_NAME = new Map<string, LanguageId>([
  ['Rakefile', 'ruby'],
  ['Gemfile', 'ruby'],
]);

/** Text formats indexed for search as line windows (no symbols). */
const TEXT_EXTENSIONS = new Set([
  'md',
  'mdx',
  'markdown',
  'rst',
  'txt',
  'adoc',
  'json',
  'jsonc',
  'yaml',
  'yml',
  'toml',
  'ini',
  'cfg',
  'conf',
  'xml',
  'html',
  'htm',
  'css',
  'scss',
  'less',
  'sql',
  'graphql',
  'gql',
  'proto',
  'sh',
  'bash',
  'zsh',
  'ps1',
  'dockerfile',
  'tf',
  'hcl',
  'gradle',
  'kt',
  'kts',
  'swift',
  'scala',
  'lua',
  'pl',
  'r',
  'dart',
  'ex',
  'exs',
  'erl',
  'hs',
  'ml',
  'vue',
  'svelte',
  'astro',
  'prisma',
  'env.example',
]);
const TEXT_NAMES = new Set(['Dockerfile', 'Makefile', 'README', 'LICENSE', 'Procfile', 'Justfile']);

export function findLanguage(relativePath: string): LanguageId | undefined {
  const base = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const byName = BY_NAME.get(base);
  if (byName) return byName;
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const ext = base.slice(dot + 1).toLowerCase();
  if (base.endsWith('.d.ts')) return 'typescript';
  return BY_EXTENSION.get(ext);
}

/** 'text' for files worth searching that no grammar covers; undefined for the rest. */
export function findFileKind(relativePath: string): LanguageId | 'text' | undefined {
  const language = findLanguage(relativePath);
  if (language) return language;
  const base = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  if (TEXT_NAMES.has(base)) return 'text';
  const dot = base.lastIndexOf('.');
  return dot > 0 && TEXT_EXTENSIONS.has(base.slice(dot + 1).toLowerCase()) ? 'text' : undefined;
}
