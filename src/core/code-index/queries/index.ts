import type { LanguageId } from '../languages.js';
import { cppQuery } from './cpp.js';
import { csharpQuery } from './csharp.js';
import { goQuery } from './go.js';
import { javaQuery } from './java.js';
import { javascriptQuery } from './javascript.js';
import { phpQuery } from './php.js';
import { pythonQuery } from './python.js';
import { rubyQuery } from './ruby.js';
import { rustQuery } from './rust.js';
import { typescriptQuery } from './typescript.js';

/** Languages without an entry here are listed and searched as text, with no symbols. */
export const TAGS_QUERIES: Partial<Record<LanguageId, string>> = {
  typescript: typescriptQuery,
  tsx: typescriptQuery,
  javascript: javascriptQuery,
  python: pythonQuery,
  go: goQuery,
  rust: rustQuery,
  java: javaQuery,
  ruby: rubyQuery,
  // C runs on the C++ grammar (see languages.ts), so both share one query.
  c: cppQuery,
  cpp: cppQuery,
  csharp: csharpQuery,
  php: phpQuery,
};
