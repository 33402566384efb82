import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, cpSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

// Built once here (npm test builds first; a run of this file alone may compile for minutes on a loaded machine).
beforeAll(() => {
  ensureBuilt('src/cli/main.js');
}, 600_000);

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

function git(root: string, ...args: string[]): void {
  execFileSync('git', ['-C', root, '-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { stdio: 'pipe' });
}

/** The TypeScript fixture as a git repository. */
function fixtureRepo(): string {
  const repo = makeTempDir('nanodex-mcp-paths-');
  cpSync(path.join(PROJECT_ROOT, 'test/fixtures/repos/typescript'), repo, { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'init');
  return repo;
}

/** A `git` first on PATH that writes each command line it is given to `log`, then runs the real git. */
function loggingGit(): { bin: string; log: string } {
  const bin = makeTempDir('nanodex-git-shim-');
  const log = path.join(bin, 'git.log');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(path.join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  return { bin, log };
}

async function startServer(repo: string, dataDir: string, gitBin: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [ensureBuilt('src/cli/main.js'), 'mcp', '--repo', repo, '--data-dir', dataDir],
    env: { PATH: `${gitBin}:${process.env.PATH ?? ''}`, HOME: makeTempDir('nanodex-home-') },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'nanodex-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function findDefinition(client: Client, symbol: string): Promise<string> {
  const result = (await client.callTool({ name: 'find_definition', arguments: { symbol } })) as CallToolResult;
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** The git command lines run since the log was last cleared. */
function takeGitLog(log: string): string[] {
  const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean);
  writeFileSync(log, '');
  return lines;
}

/** git's whole-tree questions: the state of every tracked file, and every staged entry. */
const WHOLE_STATUS = /ls-files -z -m -d --others/;
const WHOLE_STAGED = /ls-files -z -s --cached$/;

describe('nanodex mcp after a file is edited and another deleted (a real server process)', () => {
  it('indexes the two paths its watch named, asking git about those paths only', async () => {
    const repo = fixtureRepo();
    const shim = loggingGit();
    const dataDir = makeTempDir('nanodex-mcp-data-');
    const client = await startServer(repo, dataDir, shim.bin);
    expect(await findDefinition(client, 'matches')).toContain('src/models.ts');
    takeGitLog(shim.log);

    appendFileSync(path.join(repo, 'src/store.ts'), '\nexport function archiveDoneTodos(): number {\n  return 0;\n}\n');
    unlinkSync(path.join(repo, 'src/models.ts'));
    let found = '';
    // The watch reports within milliseconds; the loop only bounds a loaded machine's delay.
    for (let attempt = 0; attempt < 50 && !found.includes('src/store.ts'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      found = await findDefinition(client, 'archiveDoneTodos');
    }

    expect(found).toContain('src/store.ts:25-27  function archiveDoneTodos');
    expect(await findDefinition(client, 'matches')).toContain('no definition of "matches"');
    const asked = takeGitLog(shim.log);
    expect(asked.some((line) => line.includes('ls-files') && line.includes('src/store.ts'))).toBe(true);
    expect(asked.filter((line) => WHOLE_STATUS.test(line) || WHOLE_STAGED.test(line))).toEqual([]);

    // A server started afterwards lists what changed since the last whole listing, not every staged entry again.
    await open.splice(0)[0]!.close();
    const again = await startServer(repo, dataDir, shim.bin);
    expect(await findDefinition(again, 'archiveDoneTodos')).toContain('src/store.ts:25-27');
    expect(await findDefinition(again, 'matches')).toContain('no definition of "matches"');
    expect(takeGitLog(shim.log).filter((line) => WHOLE_STAGED.test(line))).toEqual([]);
  }, 120_000);
});
