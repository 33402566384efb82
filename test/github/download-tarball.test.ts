import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import nock from 'nock';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { GitHubRepoSource } from '../../src/github/github-repo-source.js';
import { makeTempDir, writeFiles } from '../helpers/temp-repo.js';
import { HEAD_SHA, github, makeOctokit, mockMetadata } from './github-nock.js';

const TOP = `o-r-${HEAD_SHA.slice(0, 7)}`;
const CODELOAD_PATH = `/o/r/legacy.tar.gz/${HEAD_SHA}`;

/** A gzip tarball shaped like GitHub's: everything under one top folder. */
async function buildTarball(files: Record<string, string>, options: { symlink?: [string, string] } = {}): Promise<Buffer> {
  const staging = makeTempDir();
  writeFiles(path.join(staging, TOP), files);
  if (options.symlink) symlinkSync(options.symlink[1], path.join(staging, TOP, options.symlink[0]));
  const archive = path.join(makeTempDir(), 'repo.tar.gz');
  await create({ gzip: true, cwd: staging, file: archive, portable: true }, [TOP]);
  return readFileSync(archive);
}

/** The API redirects to codeload, as GitHub does; codeload must not receive the token. */
function mockTarball(body: Buffer | (() => Readable)): void {
  mockMetadata(github())
    .get(`/repos/o/r/tarball/${HEAD_SHA}`)
    .reply(302, '', { location: `https://codeload.github.com${CODELOAD_PATH}` });
  nock('https://codeload.github.com', { badheaders: ['authorization'] })
    .get(CODELOAD_PATH)
    .reply(200, typeof body === 'function' ? body : () => Readable.from([body]), { 'content-type': 'application/x-gzip' });
}

function newSource(): GitHubRepoSource {
  return new GitHubRepoSource(makeOctokit(), { owner: 'o', repo: 'r' });
}

describe('GitHubRepoSource.downloadTarball', () => {
  describe('when the tarball is under the cap', () => {
    it('extracts it without the top folder, and LocalRepoSource can list it', async () => {
      const tarball = await buildTarball(
        {
          'src/app.ts': 'export const app = 1;\n',
          'src/lib/util.ts': 'export const util = 2;\n',
          'README.md': '# r\n',
          '.env': 'TOKEN=abc\n',
          'node_modules/x/index.js': 'x\n',
        },
        { symlink: ['escape.ts', '/etc/passwd'] },
      );
      mockTarball(tarball);
      const parent = makeTempDir();
      const dest = path.join(parent, 'checkout');
      const source = newSource();

      const result = await source.downloadTarball(dest, { maxBytes: 1_000_000 });

      expect(result.dir).toBe(dest);
      expect(result.bytes).toBe(tarball.byteLength);
      expect(source.bytesByKind.tarball).toBe(tarball.byteLength);
      expect(result.skipped).toEqual([
        { path: '.env', reason: 'secret' },
        { path: 'escape.ts', reason: 'symlink' },
      ]);
      expect(existsSync(path.join(dest, '.env'))).toBe(false);
      expect([...result.files].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual([
        { path: 'README.md', size: 4 },
        { path: 'node_modules/x/index.js', size: 2 },
        { path: 'src/app.ts', size: 22 },
        { path: 'src/lib/util.ts', size: 23 },
      ]);
      expect(readdirSync(parent)).toEqual(['checkout']);
      const listing = await new LocalRepoSource(dest).listFiles();
      expect(listing.files.map((f) => f.path)).toEqual(['README.md', 'src/app.ts', 'src/lib/util.ts']);
      expect(listing.skipped).toEqual([{ path: 'node_modules/', reason: 'vendored' }]);
      expect(await new LocalRepoSource(dest).readFile('src/app.ts')).toBe('export const app = 1;\n');
    });

    it('fills an empty destination folder that already exists', async () => {
      mockTarball(await buildTarball({ 'a.ts': 'a\n' }));
      const dest = makeTempDir();
      await newSource().downloadTarball(dest, { maxBytes: 1_000_000 });
      expect(readdirSync(dest)).toEqual(['a.ts']);
    });
  });

  describe('when the tarball is over the cap', () => {
    it('stops streaming early, throws tarball-too-large and leaves no folder behind', async () => {
      const chunk = Buffer.alloc(16 * 1024, 7);
      const chunks = 200;
      mockTarball(() => Readable.from(Array.from({ length: chunks }, () => chunk)));
      const parent = makeTempDir();
      const source = newSource();

      await expect(source.downloadTarball(path.join(parent, 'checkout'), { maxBytes: 64 * 1024 })).rejects.toMatchObject({
        code: 'tarball-too-large',
        message: 'the tarball of o/r@(default branch) is over 65536 bytes; download stopped',
      });

      expect(readdirSync(parent)).toEqual([]);
      // the body was read only until the cap was crossed (nock itself buffers the whole reply, so count what was read)
      expect(source.bytesByKind.tarball).toBeGreaterThan(64 * 1024);
      expect(source.bytesByKind.tarball).toBeLessThan((chunks * chunk.byteLength) / 10);
    });

    it('refuses one that unpacks past maxExtractedBytes, leaving no folder', async () => {
      mockTarball(await buildTarball({ 'a.txt': 'a'.repeat(50_000), 'b.txt': 'b'.repeat(50_000) }));
      const parent = makeTempDir();
      await expect(
        newSource().downloadTarball(path.join(parent, 'checkout'), { maxBytes: 1_000_000, maxExtractedBytes: 60_000 }),
      ).rejects.toMatchObject({
        code: 'tarball-too-large',
        message: expect.stringContaining('unpacks to more than 60000 bytes') as unknown,
      });
      expect(readdirSync(parent)).toEqual([]);
    });
  });

  describe('when the destination is in use', () => {
    it('refuses a folder that is not empty, before any download', async () => {
      const dest = makeTempDir();
      mkdirSync(path.join(dest, 'old'));
      writeFileSync(path.join(dest, 'old', 'keep.txt'), 'keep');
      await expect(newSource().downloadTarball(dest, { maxBytes: 1000 })).rejects.toMatchObject({ code: 'destination-exists' });
      expect(readFileSync(path.join(dest, 'old', 'keep.txt'), 'utf8')).toBe('keep');
    });
  });

  describe('when the archive is damaged', () => {
    it('throws tarball-unreadable and leaves no folder', async () => {
      mockTarball(Buffer.from('this is not a gzip tarball at all'));
      const parent = makeTempDir();
      await expect(newSource().downloadTarball(path.join(parent, 'x'), { maxBytes: 1000 })).rejects.toMatchObject({
        code: 'tarball-unreadable',
      });
      expect(readdirSync(parent)).toEqual([]);
    });
  });
});
