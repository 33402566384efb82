import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  buildRepoMap,
  DEFAULT_MAP_TOKENS,
  findCallSites,
  GraphQueries,
  parseRepoPath,
  renderCallSites,
  searchChunks,
} from '../../core/index.js';
import type { McpIndex } from './mcp-index.js';
import { answer, toolResult } from './tool-result.js';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** The index lookups: the same queries, limits and path rules as `nanodex search|find|refs|map`. */
export function registerLookupTools(server: McpServer, index: McpIndex): void {
  server.registerTool(
    'search_code',
    {
      title: 'Search code',
      description:
        'Full-text search (BM25) over the repository\'s code chunks (functions, classes, blocks). Words and identifiers both work: "parse http request" finds parseHttpRequest. Returns file:line ranges with the enclosing symbol, best first. Use it when you do not know a name yet.',
      inputSchema: {
        query: z.string().trim().min(1).max(2000).describe('words or identifiers to look for'),
        limit: z.number().int().min(1).max(1000).default(20).describe('most hits to return (1-1000, default 20)'),
        path: z.string().max(4096).optional().describe('only hits under this folder, relative to the repository root (e.g. "src/api")'),
      },
      annotations: READ_ONLY,
    },
    ({ query, limit, path }) =>
      answer(async () => {
        const pathPrefix = path === undefined ? undefined : parseRepoPath(path);
        const hits = await index.use(({ store }) => searchChunks(store, query, { limit, pathPrefix }));
        const text =
          hits.length === 0
            ? `no chunk matches "${query}"${pathPrefix ? ` under ${pathPrefix}/` : ''}`
            : hits.map((h) => `${h.path}:${h.startLine}-${h.endLine}  ${h.kind}  ${h.context || '(no symbol)'}`).join('\n');
        return toolResult(text, { hits });
      }),
  );

  server.registerTool(
    'find_definition',
    {
      title: 'Find a definition',
      description:
        'Where a symbol (function, class, method, type, constant) is defined: file, line range, kind and signature. Accepts a bare name or Scope.name; case-insensitive when there is no exact match.',
      inputSchema: {
        symbol: z.string().trim().min(1).max(500).describe('the name, e.g. "readBlob" or "GitHubRepoSource.readBlob"'),
        limit: z.number().int().min(1).max(10_000).default(50).describe('most definitions to return (default 50)'),
      },
      annotations: READ_ONLY,
    },
    ({ symbol, limit }) =>
      answer(async () => {
        const hits = await index.use(({ store }) => new GraphQueries(store).findDefinitions(symbol, limit));
        const text =
          hits.length === 0
            ? `no definition of "${symbol}" in the index; try search_code with it`
            : hits
                .map(
                  (h) => `${h.path}:${h.startLine}-${h.endLine}  ${h.kind} ${h.name}${h.scope ? ` in ${h.scope}` : ''}\n    ${h.signature}`,
                )
                .join('\n');
        return toolResult(text, { definitions: hits });
      }),
  );

  server.registerTool(
    'find_references',
    {
      title: 'Find references',
      description:
        'Where a symbol is used (calls, imports, type uses), with the enclosing symbol of each use. For Scope.name of a function or method ("Client.send"): its call sites through what the index resolved (receiver type, import, same class), and how many calls by that name it could not tell.',
      inputSchema: {
        symbol: z.string().trim().min(1).max(500).describe('the name, e.g. "readBlob"'),
        limit: z.number().int().min(1).max(100_000).default(200).describe('most references to return (default 200)'),
      },
      annotations: READ_ONLY,
    },
    ({ symbol, limit }) =>
      answer(async () => {
        const sites = await index.use(({ store }) => findCallSites(new GraphQueries(store), symbol, limit));
        if (sites) return toolResult(renderCallSites(sites), { callSites: sites });
        const hits = await index.use(({ store }) => new GraphQueries(store).findReferences(symbol, limit));
        const text =
          hits.length === 0
            ? `no references to "${symbol}" in the index`
            : hits.map((h) => `${h.path}:${h.line}  ${h.kind}${h.inSymbol ? `  in ${h.inSymbol}` : ''}`).join('\n');
        return toolResult(text, { references: hits });
      }),
  );

  server.registerTool(
    'repo_map',
    {
      title: 'Repository map',
      description:
        'A ranked outline of the repository (files and their main symbols, most central first) within a token budget, optionally centred on paths, folders or identifiers. Start here to get your bearings in an unfamiliar repository.',
      inputSchema: {
        tokens: z.number().int().min(1).max(200_000).default(DEFAULT_MAP_TOKENS).describe(`token budget (default ${DEFAULT_MAP_TOKENS})`),
        focus: z
          .array(z.string().trim().min(1).max(4096))
          .max(50)
          .default([])
          .describe('paths or folders (with a "/" or ".") and identifiers to centre the map on'),
      },
      annotations: READ_ONLY,
    },
    ({ tokens, focus }) =>
      answer(async () => {
        const focusPaths = focus.filter((f) => f.includes('/') || f.includes('.')).map((f) => parseRepoPath(f));
        const mentions = focus.filter((f) => !f.includes('/'));
        const map = await index.use(({ store }) => buildRepoMap(store, { tokens, focusPaths, mentions }));
        const footer = `\n— ${map.files.length} of ${map.totalFiles} files shown, ~${map.tokens} tokens`;
        return toolResult(`${map.text}${footer}`, { files: map.files, totalFiles: map.totalFiles, tokens: map.tokens });
      }),
  );
}
