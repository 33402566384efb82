import { execFileSync } from 'node:child_process';
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

const TOOLS = ['ask', 'find_definition', 'find_references', 'locate_files', 'plan', 'repo_map', 'review_diff', 'search_code'];

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { stdio: 'pipe' });
}

/** The TypeScript fixture as a git repository with a branch `change` that adds a method. */
function fixtureRepo(): string {
  const repo = makeTempDir('nanodex-mcp-repo-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'init');
  return repo;
}

/** `nanodex mcp` as an agent starts it: the built bin, a child process, the SDK's client over stdio. */
async function startServer(repo: string): Promise<Client> {
  const bin = ensureBuilt('src/cli/main.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--repo', repo, '--data-dir', makeTempDir('nanodex-mcp-data-')],
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'nanodex-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult & { text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  return { ...result, text: first?.type === 'text' ? first.text : '' };
}

describe('nanodex mcp (a real server process, driven by the SDK client)', () => {
  it('initializes and lists every tool with a description and a JSON schema', async () => {
    const client = await startServer(fixtureRepo());
    expect(client.getServerVersion()).toMatchObject({ name: 'nanodex', version: '0.1.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    const search = tools.find((t) => t.name === 'search_code')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect(search.inputSchema.properties).toHaveProperty('path');
  });

  it('answers the lookups from the index, with text and structured content', async () => {
    const client = await startServer(fixtureRepo());
    const definition = await call(client, 'find_definition', { symbol: 'TodoStore' });
    expect(definition.isError).toBeFalsy();
    expect(definition.text).toContain('src/store.ts:8-21  class TodoStore');
    expect(definition.structuredContent).toMatchObject({ definitions: [{ path: 'src/store.ts', name: 'TodoStore', startLine: 8 }] });

    const references = await call(client, 'find_references', { symbol: 'TodoStore' });
    expect(references.text).toContain('src/store.ts:23');

    const search = await call(client, 'search_code', { query: 'matches filter', limit: 3 });
    expect(search.text).toContain('src/models.ts');
    expect((search.structuredContent as { hits: unknown[] }).hits.length).toBeLessThanOrEqual(3);

    const map = await call(client, 'repo_map', { tokens: 400, focus: ['src/store.ts'] });
    expect(map.text).toContain('src/store.ts');
    expect(map.text).toMatch(/files shown, ~\d+ tokens/);

    const none = await call(client, 'find_definition', { symbol: 'NoSuchThing' });
    expect(none.isError).toBeFalsy();
    expect(none.text).toContain('no definition of "NoSuchThing"');
  });

  it('runs locate, ask, plan and review through the pipeline, citing lines that exist', async () => {
    const repo = fixtureRepo();
    git(repo, 'checkout', '-q', '-b', 'change');
    writeFileSync(
      path.join(repo, 'src/models.ts'),
      `${execFileSync('git', ['-C', repo, 'show', 'HEAD:src/models.ts'], { encoding: 'utf8' })}\nexport function isDone(todo: Todo): boolean {\n  return todo.done;\n}\n`,
    );
    git(repo, 'commit', '-q', '-am', 'add isDone');
    const client = await startServer(repo);

    const located = await call(client, 'locate_files', { question: 'filter todos that are done', limit: 2 });
    expect(located.isError).toBeFalsy();
    expect((located.structuredContent as { files: { path: string }[] }).files[0]?.path).toBe('src/models.ts');

    const asked = await call(client, 'ask', { question: 'how does the store list todos by filter?' });
    expect(asked.isError).toBeFalsy();
    const evidence = (asked.structuredContent as { evidence: { path: string; startLine: number; endLine: number }[] }).evidence;
    expect(evidence.length).toBeGreaterThan(0);
    for (const e of evidence) expect(['src/App.tsx', 'src/models.ts', 'src/store.ts']).toContain(e.path);
    expect(asked.structuredContent).toHaveProperty('confidence');

    const planned = await call(client, 'plan', { task: 'add a filter for done todos', focus: ['src'] });
    expect(planned.isError).toBeFalsy();
    expect(planned.text).toContain('## Plan');
    expect((planned.structuredContent as { files: { path: string }[] }).files.map((f) => f.path)).toContain('src/models.ts');

    const reviewed = await call(client, 'review_diff', { base: 'main', head: 'change' });
    expect(reviewed.isError).toBeFalsy();
    expect(reviewed.text).toContain('src/models.ts');
  });

  it("reviews a head that is not the checkout from that commit's own files", async () => {
    const repo = fixtureRepo();
    const mainModels = execFileSync('git', ['-C', repo, 'show', 'HEAD:src/models.ts'], { encoding: 'utf8' });
    git(repo, 'checkout', '-q', '-b', 'change');
    writeFileSync(
      path.join(repo, 'src/models.ts'),
      `${mainModels}\nexport function isDone(todo: Todo): boolean {\n  return todo.done;\n}\n`,
    );
    git(repo, 'commit', '-q', '-am', 'add isDone');
    git(repo, 'checkout', '-q', 'main');
    const client = await startServer(repo);

    const reviewed = await call(client, 'review_diff', { base: 'main', head: 'change' });
    expect(reviewed.isError).toBeFalsy();
    // isDone exists only at the head: the review could name it only by reading the head's files.
    expect(reviewed.text).toContain('isDone');
    // The server's own index (of the checkout) is untouched: it still has no isDone.
    expect((await call(client, 'find_definition', { symbol: 'isDone' })).text).toContain('no definition');
  });

  it('answers bad arguments and path escapes as tool errors that say what to fix, and keeps serving', async () => {
    const client = await startServer(fixtureRepo());
    const empty = await call(client, 'find_definition', { symbol: '' });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/symbol/);

    const tooMany = await call(client, 'search_code', { query: 'todo', limit: 5000 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.text).toMatch(/limit/);

    const escape = await call(client, 'search_code', { query: 'passwd', path: '../../etc' });
    expect(escape.isError).toBe(true);
    expect(escape.text).toContain('rejected: contains a ".." segment');
    expect(escape.text).toContain('fix:');

    const absolute = await call(client, 'ask', { question: 'what is in it?', focus: ['/etc'] });
    expect(absolute.isError).toBe(true);
    expect(absolute.text).toContain('absolute path');

    const badRef = await call(client, 'review_diff', { base: '--output=/tmp/x' });
    expect(badRef.isError).toBe(true);
    expect(badRef.text).toContain('is not a git ref');

    // Still serving after the errors.
    const ok = await call(client, 'find_definition', { symbol: 'TodoStore' });
    expect(ok.isError).toBeFalsy();
  });

  it('sees a change to the tree on the next call, without a restart', async () => {
    const repo = fixtureRepo();
    const client = await startServer(repo);
    expect((await call(client, 'find_definition', { symbol: 'archiveTodos' })).text).toContain('no definition');
    writeFileSync(path.join(repo, 'src/archive.ts'), 'export function archiveTodos(): number {\n  return 0;\n}\n');
    let found = '';
    // The watch reports within milliseconds; a tree it cannot watch is checked again within 2 s.
    for (let attempt = 0; attempt < 30 && !found.includes('src/archive.ts'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = (await call(client, 'find_definition', { symbol: 'archiveTodos' })).text;
    }
    expect(found).toContain('src/archive.ts:1-3  function archiveTodos');
  });
});
