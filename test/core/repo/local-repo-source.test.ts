import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalRepoSource } from '../../../src/core/repo/local-repo-source.js';
import { gitBlobSha } from '../../../src/core/repo/git-blob-sha.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const files = {
  '.gitignore': 'build/\n*.log\n',
  'src/app.ts': 'export const app = 1;\n',
  'src/nested/.gitignore': 'local-only.ts\n',
  'src/nested/keep.ts': 'export const keep = 1;\n',
  'src/nested/local-only.ts': 'export const hidden = 1;\n',
  'build/out.js': 'generated();\n',
  'debug.log': 'log line\n',
  '.env': 'TOKEN=abc\n',
  '.env.production': 'TOKEN=abc\n',
  'certs/server.pem': '-----BEGIN CERTIFICATE-----\n',
  'deploy/id_rsa': 'key\n',
  'config/credentials.json': '{}\n',
  'node_modules/lib/index.js': 'module.exports = 1;\n',
  'vendor/github.com/x/y.go': 'package y\n',
  'web/app.min.js': 'x();\n',
  'assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
  'package-lock.json': '{}\n',
};

describe('LocalRepoSource', () => {
  describe.each([
    ['a plain folder', false],
    ['a git checkout', true],
  ])('over %s', (_label, useGit) => {
    it('lists source files, honouring .gitignore at every level', async () => {
      const root = makeTempRepo(files, { git: useGit });
      const listing = await new LocalRepoSource(root).listFiles();
      expect(listing.files.map((f) => f.path)).toEqual(['.gitignore', 'src/app.ts', 'src/nested/.gitignore', 'src/nested/keep.ts']);
    });

    it('leaves out secrets, vendored code, bundles, binaries and lock files with a reason', async () => {
      const root = makeTempRepo(files, { git: useGit });
      const listing = await new LocalRepoSource(root).listFiles();
      const reasons = Object.fromEntries(listing.skipped.map((s) => [s.path.replace(/\/$/, ''), s.reason]));
      expect(reasons['.env']).toBe('secret');
      expect(reasons['.env.production']).toBe('secret');
      expect(reasons['certs/server.pem']).toBe('secret');
      expect(reasons['deploy/id_rsa']).toBe('secret');
      expect(reasons['config/credentials.json']).toBe('secret');
      expect(reasons['web/app.min.js']).toBe('generated');
      expect(reasons['assets/logo.png']).toBe('binary');
      expect(reasons['package-lock.json']).toBe('generated');
      expect(Object.keys(reasons).some((p) => p.startsWith('node_modules'))).toBe(true);
    });

    it('gives each file the blob sha git would give it', async () => {
      const root = makeTempRepo(files, { git: useGit });
      const listing = await new LocalRepoSource(root).listFiles();
      const app = listing.files.find((f) => f.path === 'src/app.ts')!;
      expect(app.blobSha).toBe(gitBlobSha(new TextEncoder().encode('export const app = 1;\n')));
      if (useGit) expect(app.blobSha).toBe(git(root, ['rev-parse', 'HEAD:src/app.ts']).trim());
    });
  });

  it('hashes a modified tracked file from the working copy, not from git', async () => {
    const root = makeTempRepo({ 'a.ts': 'one\n' }, { git: true });
    writeFiles(root, { 'a.ts': 'two\n', 'new.ts': 'three\n' });
    const listing = await new LocalRepoSource(root).listFiles();
    expect(listing.files.map((f) => [f.path, f.blobSha])).toEqual([
      ['a.ts', gitBlobSha(new TextEncoder().encode('two\n'))],
      ['new.ts', gitBlobSha(new TextEncoder().encode('three\n'))],
    ]);
    expect(listing.headSha).toMatch(/^[0-9a-f]{40}$/);
  });

  it('skips files over the size limit', async () => {
    const root = makeTempRepo({ 'big.ts': 'x'.repeat(2000), 'small.ts': 'y' });
    const listing = await new LocalRepoSource(root, { maxFileBytes: 1000 }).listFiles();
    expect(listing.files.map((f) => f.path)).toEqual(['small.ts']);
    expect(listing.skipped).toContainEqual({ path: 'big.ts', reason: 'too-large' });
  });

  it('does not follow symlinks, and refuses to read one that leaves the root', async () => {
    const outside = makeTempDir();
    writeFiles(outside, { 'secret.ts': 'export const s = 1;\n' });
    const root = makeTempRepo({ 'a.ts': 'a\n' });
    symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'escape.ts'));
    const source = new LocalRepoSource(root);
    const listing = await source.listFiles();
    expect(listing.files.map((f) => f.path)).toEqual(['a.ts']);
    expect(listing.skipped).toContainEqual({ path: 'escape.ts', reason: 'symlink' });
    await expect(source.readFile('escape.ts')).rejects.toThrow(/leaves the repository root/);
  });

  it('reads line ranges, clipped to the file', async () => {
    const root = makeTempRepo({ 'a.ts': 'l1\nl2\nl3\nl4\n' });
    const source = new LocalRepoSource(root);
    await expect(source.readRange('a.ts', { startLine: 2, endLine: 3 })).resolves.toBe('l2\nl3');
    await expect(source.readRange('a.ts', { startLine: 4, endLine: 99 })).resolves.toBe('l4\n');
  });

  it('refuses to read secrets and paths that break the rules', async () => {
    const root = makeTempRepo({ '.env': 'TOKEN=1\n', 'a.ts': 'a' });
    const source = new LocalRepoSource(root);
    await expect(source.readFile('.env')).rejects.toThrow(/never read/);
    await expect(source.readFile('../etc/passwd')).rejects.toThrow(/"\.\." segment/);
    await expect(source.readFile('/etc/passwd')).rejects.toThrow(/absolute path/);
  });

  it('says clearly when the repository folder does not exist', () => {
    expect(() => new LocalRepoSource('/no/such/folder')).toThrow(/does not exist/);
  });
});
