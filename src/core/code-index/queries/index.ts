import type { LanguageId } from '../languages.js';
import { javascriptQuery } from './javascript.js';
import { pythonQuery } from './python.js';
import { typescriptQuery } from './typescript.js';

/** Languages without an entry here are listed and searched as text, with no symbols. */
export const TAGS_QUERIES: Partial<Record<LanguageId, string>> = {
  typescript: typescriptQuery,
  tsx: typescriptQuery,
  javascript: javascriptQuery,
  python: pythonQuery,
};
