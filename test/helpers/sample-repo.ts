import path from 'node:path';
import { IndexStore } from '../../src/core/code-index/index-store.js';
import { indexRepository, type IndexRepositoryOptions } from '../../src/core/code-index/index-repository.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { makeTempDir, makeTempRepo } from './temp-repo.js';

/** A small TypeScript + Python repository with known symbols, imports and calls. */
export const SAMPLE_FILES: Record<string, string> = {
  'src/http/parse-http-request.ts': [
    "import { splitHeaders } from './headers.js';",
    '',
    '/** Parses a raw HTTP request. */',
    'export function parseHttpRequest(raw: string): Request {',
    "  const [head] = raw.split('\\r\\n\\r\\n');",
    '  return { headers: splitHeaders(head) };',
    '}',
    '',
    'export interface Request {',
    '  headers: Record<string, string>;',
    '}',
    '',
  ].join('\n'),
  'src/http/headers.ts': [
    'export function splitHeaders(head: string): Record<string, string> {',
    "  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ')));",
    '}',
    '',
  ].join('\n'),
  'src/server.ts': [
    "import { parseHttpRequest, type Request } from './http/parse-http-request.js';",
    '',
    'export class Server {',
    '  handle(raw: string): Request {',
    '    return parseHttpRequest(raw);',
    '  }',
    '}',
    '',
    'export class LoggingServer extends Server {',
    '  override handle(raw: string): Request {',
    '    return super.handle(raw);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'tools/uploader.py': [
    'from .retry import with_retries',
    '',
    'class Uploader:',
    '    def upload_file(self, path):',
    '        return with_retries(lambda: self._send(path))',
    '',
    '    def _send(self, path):',
    '        return path',
    '',
  ].join('\n'),
  'tools/retry.py': ['def with_retries(fn, attempts=3):', '    for _ in range(attempts):', '        return fn()', ''].join('\n'),
  'tools/__init__.py': '',
  'README.md': '# Sample\n\nA sample repository for nanodex tests.\n',
  '.env': 'SECRET_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n',
};

export interface IndexedRepo {
  root: string;
  source: LocalRepoSource;
  store: IndexStore;
  indexFile: string;
}

export async function indexSample(
  files: Record<string, string | Uint8Array> = SAMPLE_FILES,
  options: IndexRepositoryOptions & { git?: boolean; onStatement?: (sql?: unknown) => void } = {},
): Promise<IndexedRepo> {
  const root = makeTempRepo(files, { git: options.git });
  const indexFile = path.join(makeTempDir(), 'index.sqlite');
  const source = new LocalRepoSource(root);
  const store = await IndexStore.openWriter(indexFile, { onStatement: options.onStatement });
  await indexRepository(source, store, { workers: 0, ...options });
  return { root, source, store, indexFile };
}
