import type { LanguageId } from './languages.js';

export type SymbolKind =
  'function' | 'method' | 'class' | 'interface' | 'type' | 'enum' | 'module' | 'struct' | 'trait' | 'constant' | 'field' | 'macro';

export type ReferenceKind = 'call' | 'new' | 'type' | 'inherit' | 'import';

export interface ParsedSymbol {
  name: string;
  kind: SymbolKind;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** The declaration head, whitespace collapsed, without the body. */
  signature: string;
  /** Index of the enclosing symbol in the same file's list. */
  parent: number | undefined;
  /** Dotted names of the enclosing symbols, outermost first ('' at top level). */
  scope: string;
}

export interface ParsedReference {
  name: string;
  kind: ReferenceKind;
  line: number;
  /** Index of the innermost symbol containing the reference. */
  enclosing: number | undefined;
  /**
   * A member call's receiver where the language's query says (resolve-receivers.ts): a type name, `''` for a
   * module, `?` when the code does not say. Absent for plain calls and in languages without receiver captures.
   */
  receiver?: string;
}

export interface ParsedImport {
  /** 'contains' for a module declared here that lives in another file (Rust `mod x;`). */
  kind: 'import' | 'contains';
  /** The module specifier as written (quotes removed): './util', 'os.path', 'crate::db'. */
  source: string;
  line: number;
  /** The names it binds (read-import-names.ts: `X`, `X:local`, `default`, `*`); absent where not read (Go, Java, Ruby). */
  names?: string[];
}

export type ChunkKind = 'symbol' | 'group' | 'part' | 'header' | 'window';

export interface ParsedChunk {
  kind: ChunkKind;
  startLine: number;
  endLine: number;
  /** Index of the symbol this chunk is (or is a part of). */
  symbol: number | undefined;
  /** One line of context: enclosing scope and signature. */
  context: string;
  /** FTS text: names defined in the chunk, split. */
  nameTerms: string;
  /** FTS text: the chunk's identifiers and words, split. */
  bodyTerms: string;
}

export type FileStatus = 'ok' | 'text' | 'parse-error' | 'skipped';

export interface ParsedFile {
  path: string;
  language: LanguageId | 'text';
  status: FileStatus;
  /** Why the file was skipped or failed to parse. */
  reason: string | undefined;
  lines: number;
  symbols: ParsedSymbol[];
  references: ParsedReference[];
  imports: ParsedImport[];
  chunks: ParsedChunk[];
}
