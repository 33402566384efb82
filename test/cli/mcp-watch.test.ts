import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

/** Folders a newcomer's checkout holds that the index never lists: installed packages and an ignored build. */
const PACKAGE_FOLDERS = 150;
const BUILD_FOLDERS = 60;

// Built once here (npm test builds first; a run of this file alone may compile for minutes on a loaded machine).
beforeAll(() => {
  ensureBuilt('src/cli/main.js');
}, 600_000);

const open: { client: Client; transport: StdioClientTransport }[] = [];
afterEach(async () => {
  for (const { client } of open.splice(0)) await client.close();
});

/** The TypeScript fixture, with node_modules and a .gitignore'd build/ full of folders. */
function checkoutWithPackages(): string {
  const repo = makeTempDir('nanodex-mcp-watch-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  writeFileSync(path.join(repo, '.gitignore'), 'build/\n');
  for (let i = 0; i < PACKAGE_FOLDERS; i++) mkdirSync(path.join(repo, `node_modules/pkg-${i}/lib`), { recursive: true });
  for (let i = 0; i < BUILD_FOLDERS; i++) mkdirSync(path.join(repo, `build/out-${i}`), { recursive: true });
  return repo;
}

async function startServer(repo: string): Promise<{ client: Client; transport: StdioClientTransport }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ensureBuilt('src/cli/main.js'), 'mcp', '--repo', repo, '--data-dir', makeTempDir('nanodex-mcp-data-')],
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'nanodex-test', version: '1.0.0' });
  await client.connect(transport);
  const started = { client, transport };
  open.push(started);
  return started;
}

async function findDefinition(client: Client, symbol: string): Promise<string> {
  const result = (await client.callTool({ name: 'find_definition', arguments: { symbol } })) as CallToolResult;
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** The inotify watches a Linux process holds, from /proc: one per watched folder. */
function countWatches(pid: number): number {
  let watches = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    try {
      watches += (readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8').match(/^inotify wd:/gm) ?? []).length;
    } catch {
      // a descriptor closed while it was read
    }
  }
  return watches;
}

describe('nanodex mcp watching the tree (a real server process)', () => {
  it.runIf(process.platform === 'linux')(
    'watches only the folders the index lists: not node_modules, not what .gitignore ignores',
    async () => {
      const { client, transport } = await startServer(checkoutWithPackages());
      expect(await findDefinition(client, 'TodoStore')).toContain('src/store.ts');

      // The checkout's own folders are the root and src/; the 2 x 150 package folders and 60 build folders are not watched.
      expect(countWatches(transport.pid!)).toBeLessThan(10);
    },
    90_000,
  );

  it('sees a file in a folder made after it started', async () => {
    const repo = checkoutWithPackages();
    const { client } = await startServer(repo);
    expect(await findDefinition(client, 'archiveTodos')).toContain('no definition');
    mkdirSync(path.join(repo, 'src/archive/old'), { recursive: true });
    // The new folders' watches start when their parent reports them; the file may land before or after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(path.join(repo, 'src/archive/old/archive.ts'), 'export function archiveTodos(): number {\n  return 0;\n}\n');
    let found = '';
    for (let attempt = 0; attempt < 30 && !found.includes('archive.ts'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = await findDefinition(client, 'archiveTodos');
    }
    expect(found).toContain('src/archive/old/archive.ts:1-3  function archiveTodos');
  }, 90_000);
});

describe('nanodex mcp started by hand in a terminal', () => {
  it.runIf(process.platform === 'linux')(
    'says in one line on stderr what it is and what to do, instead of waiting in silence',
    async () => {
      const repo = checkoutWithPackages();
      const command = [
        process.execPath,
        ensureBuilt('src/cli/main.js'),
        'mcp',
        '--repo',
        repo,
        '--data-dir',
        makeTempDir('nanodex-mcp-data-'),
      ]
        .map((word) => `'${word}'`)
        .join(' ');
      // util-linux `script` runs the command on a pseudo-terminal: stdin is a TTY, as when a person types it.
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-'), TERM: 'dumb' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let screen = '';
      child.stdout.on('data', (data: Buffer) => (screen += data.toString()));
      try {
        for (let waited = 0; waited < 30_000 && !screen.includes('Ctrl-C'); waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        child.kill('SIGTERM');
      }
      const lines = screen.split(/\r?\n/).filter((line) => line.includes('nanodex mcp'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('waits for an MCP client');
      expect(lines[0]).toContain('docs/mcp.md');
    },
    60_000,
  );

  it('prints no hint when an MCP client holds stdin', async () => {
    const { client, transport } = await startServer(checkoutWithPackages());
    let stderr = '';
    transport.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
    expect(await findDefinition(client, 'TodoStore')).toContain('src/store.ts');
    expect(stderr).not.toContain('waits for an MCP client');
  }, 60_000);
});
