import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { chainRepoFiles } from '../helpers/chain-repo.js';
import { captureIo } from '../helpers/cli-io.js';
import { indexAndKill } from '../helpers/index-and-kill.js';
import { writeFiles } from '../helpers/temp-repo.js';

/** Past KILL_AFTER with room: the child stops itself there, so the repository need not be big for the kill to land midway. */
const FILES = 600;
const KILL_AFTER = 450; // parsed files: past two committed batches of 200

const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`;
const PARTIAL_WITHOUT_STOP =
  `The code index is partial: its last build \\(started ${ISO}\\) stopped before it finished, ` +
  'so some files, symbols and links are missing from this reply\\. The next index update finishes it';
const PARTIAL = `${PARTIAL_WITHOUT_STOP}\\.`;

let run: (...args: string[]) => Promise<{ code: number; out: string; err: string }>;
let repo: string;

// One interrupted build for the whole file (its folder outlives each test): each test reads it, the last one finishes it.
const folder = mkdtempSync(path.join(tmpdir(), 'nanodex-partial-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  repo = path.join(folder, 'repo');
  writeFiles(repo, chainRepoFiles(FILES));
  const indexFile = path.join(folder, 'index.sqlite');
  const { killed } = await indexAndKill(repo, indexFile, KILL_AFTER);
  expect(killed).toBe(true);
  run = async (...args: string[]) => {
    const io = captureIo({ cwd: repo });
    const code = await runCli([...args, '--repo', repo, '--index', indexFile], io);
    return { code, out: io.out(), err: io.err() };
  };
});

describe('an index whose build was killed midway', () => {
  describe('is answered from, and every output says it is partial', () => {
    it('find still answers, and warns on stderr with the command that finishes it', async () => {
      const find = await run('find', 'f0');
      expect(find.code).toBe(EXIT.ok);
      expect(find.out).toContain('src/m0.ts:2-4  function f0');
      expect(find.err).toMatch(new RegExp(`^nanodex: warning: ${PARTIAL_WITHOUT_STOP}: run \`nanodex index --repo ${repo}\`\\.\\n$`));
    });

    it('stats says so as text and as JSON', async () => {
      expect((await run('stats')).out).toContain('state       partial (the last build was interrupted)\n');
      const stats = JSON.parse((await run('stats', '--json')).out) as { state: unknown; files: number };
      expect(stats.state).toEqual({ complete: false, reason: 'interrupted', startedAt: expect.stringMatching(new RegExp(`^${ISO}$`)) });
      expect(stats.files).toBeLessThan(FILES);
    });

    it('ask puts the warning first, and --json carries it in the metrics', async () => {
      const ask = await run('ask', '--no-refresh', 'where is f0 defined');
      expect(ask.code).toBe(EXIT.ok);
      expect(ask.out).toMatch(new RegExp(`^> ⚠️ ${PARTIAL}\\n\\n## `));
      const json = JSON.parse((await run('ask', '--no-refresh', '--json', 'where is f0 defined')).out) as { metrics: { index: unknown } };
      expect(json.metrics.index).toMatchObject({ complete: false, reason: 'interrupted' });
    });

    it('locate --json adds the index state to its files', async () => {
      const locate = JSON.parse((await run('locate', '--no-refresh', '--json', 'f0')).out) as { index: unknown };
      expect(locate.index).toMatchObject({ complete: false, reason: 'interrupted' });
    });

    it('a comment (explain) opens with the warning, before anything it says', async () => {
      const explain = await run('explain', '--no-refresh', 'what does f0 do');
      expect(explain.code).toBe(EXIT.ok);
      expect(explain.out).toMatch(new RegExp(`^> ⚠️ ${PARTIAL}\\n\\n## `));
      expect(explain.out.split('The code index is partial')).toHaveLength(2); // once, not again in the footer
    });
  });

  it('is finished by the next index run, after which nothing says partial', async () => {
    const index = JSON.parse((await run('index', '--json', '--workers', '0')).out) as { added: number; unchanged: number };
    expect(index.added + index.unchanged).toBe(FILES);
    expect(index.added).toBeGreaterThan(0); // it resumed: only what the killed run had not committed was parsed
    expect(index.unchanged).toBeGreaterThanOrEqual(400);

    const stats = JSON.parse((await run('stats', '--json')).out) as Record<string, unknown>;
    expect(stats).toMatchObject({ files: FILES, pendingEdges: 0, edges: { import: FILES, call: FILES }, state: { complete: true } });
    const find = await run('find', 'f0');
    expect({ code: find.code, err: find.err }).toEqual({ code: EXIT.ok, err: '' });
    expect((await run('explain', '--no-refresh', 'what does f0 do')).out).not.toContain('partial');
    expect((await run('ask', '--no-refresh', 'where is f0 defined')).out).not.toContain('partial');
  });
});
