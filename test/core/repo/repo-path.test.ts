import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathRejectedError } from '../../../src/core/errors.js';
import { isInside, parseRepoPath, resolveInsideRoot } from '../../../src/core/repo/repo-path.js';
import { makeTempDir } from '../../helpers/temp-repo.js';

describe('parseRepoPath', () => {
  it('normalises separators, dot segments and repeated slashes', () => {
    expect(parseRepoPath('src//core/./x.ts')).toBe('src/core/x.ts');
    expect(parseRepoPath('src\\core\\x.ts')).toBe('src/core/x.ts');
    expect(parseRepoPath('./README.md')).toBe('README.md');
  });

  it.each([
    ['', 'empty path'],
    ['/etc/passwd', 'absolute path'],
    ['C:/Windows/win.ini', 'absolute path'],
    // Found by npm run fuzz: a drive letter behind a "." segment came back as the start of the path.
    ['./c:/dangling', 'absolute path'],
    ['.\\C:\\Windows', 'absolute path'],
    ['../secret', 'contains a ".." segment'],
    ['src/../../x', 'contains a ".." segment'],
    ['a\u0000b', 'contains NUL or control characters'],
    ['a\nb', 'contains NUL or control characters'],
    ['.', 'names the repository root, not a file'],
  ])('rejects %j, naming the rule (%s)', (input, rule) => {
    expect(() => parseRepoPath(input)).toThrowError(PathRejectedError);
    try {
      parseRepoPath(input);
    } catch (error) {
      expect((error as PathRejectedError).rule).toBe(rule);
      expect((error as PathRejectedError).message).toContain(rule);
      expect((error as PathRejectedError).hint).toBeTruthy();
    }
  });

  it('rejects values that are not strings', () => {
    expect(() => parseRepoPath(42)).toThrowError(/not a string/);
    expect(() => parseRepoPath(undefined)).toThrowError(/not a string/);
  });

  // Found by npm run fuzz: String() of an object without a prototype throws a TypeError.
  it('rejects objects without converting them to text, even one without a prototype', () => {
    expect(() => parseRepoPath(Object.create(null))).toThrowError(PathRejectedError);
    expect(() => parseRepoPath(Object.create(null))).toThrowError('path "(object)" rejected: not a string');
    expect(() => parseRepoPath(new Array(1_000_000).fill('x'))).toThrowError('path "(an array)" rejected: not a string');
  });

  it('accepts names that merely start with dots', () => {
    expect(parseRepoPath('..foo/x')).toBe('..foo/x');
    expect(parseRepoPath('.github/workflows/ci.yml')).toBe('.github/workflows/ci.yml');
  });
});

describe('resolveInsideRoot', () => {
  it('refuses a symlink that leaves the root', () => {
    const outside = makeTempDir();
    writeFileSync(path.join(outside, 'secret.txt'), 'nope');
    const root = makeTempDir();
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link.txt'));
    expect(() => resolveInsideRoot(root, 'link.txt')).toThrowError(/symlink that leaves the repository root/);
  });

  it('follows a symlink that stays inside the root', () => {
    const root = makeTempDir();
    mkdirSync(path.join(root, 'a'));
    writeFileSync(path.join(root, 'a', 'x.ts'), 'x');
    symlinkSync(path.join(root, 'a', 'x.ts'), path.join(root, 'y.ts'));
    expect(resolveInsideRoot(root, 'y.ts').absolute).toBe(path.join(root, 'a', 'x.ts'));
  });
});

describe('the path rules, for any input', () => {
  const root = '/srv/repo';
  const segment = fc.oneof(
    fc.constantFrom('..', '.', '', 'src', '..a', 'a..', '...', '~', 'C:', '\\', '%2e%2e'),
    fc.string({ maxLength: 6 }),
  );
  const pathLike = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('/')),
    fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('\\')),
    fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join('/')}`),
  );

  it('never yields a path that escapes the root, and never fails other than by PathRejectedError', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        let parsed: string;
        try {
          parsed = parseRepoPath(input);
        } catch (error) {
          return error instanceof PathRejectedError;
        }
        const joined = path.join(root, parsed);
        return isInside(root, joined) && joined !== root && !parsed.split('/').includes('..') && !path.isAbsolute(parsed);
      }),
      { numRuns: 5000 },
    );
  });

  it('is idempotent on what it accepts', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        try {
          const once = parseRepoPath(input);
          return parseRepoPath(once) === once;
        } catch {
          return true;
        }
      }),
      { numRuns: 2000 },
    );
  });

  // Found by npm run fuzz: a missing file was judged by its text alone, so one under a link to outside passed.
  it('refuses a path that does not exist yet under a link that leaves the root', () => {
    const outside = makeTempDir();
    const root = makeTempDir();
    symlinkSync(outside, path.join(root, 'out'));
    expect(() => resolveInsideRoot(root, 'out/new.txt')).toThrowError(/symlink that leaves the repository root/);
    expect(() => resolveInsideRoot(root, 'out/new/deeper.txt')).toThrowError(/symlink that leaves the repository root/);
  });

  it('accepts a path that does not exist yet, under a folder or a link that stays inside', () => {
    const root = makeTempDir();
    mkdirSync(path.join(root, 'src'));
    symlinkSync(path.join(root, 'src'), path.join(root, 'in'));
    expect(resolveInsideRoot(root, 'src/new/x.ts').absolute).toBe(path.join(root, 'src', 'new', 'x.ts'));
    expect(resolveInsideRoot(root, 'in/x.ts').absolute).toBe(path.join(root, 'in', 'x.ts'));
  });

  it('refuses a dangling link, since writing through it would create its target', () => {
    const root = makeTempDir();
    symlinkSync(path.join(makeTempDir(), 'not-yet'), path.join(root, 'dangling'));
    expect(() => resolveInsideRoot(root, 'dangling')).toThrowError(/symlink whose target is missing/);
    expect(() => resolveInsideRoot(root, 'dangling/x')).toThrowError(PathRejectedError);
  });

  // Found by npm run fuzz: realpath's ELOOP and ENAMETOOLONG escaped as plain errors.
  it('refuses a symlink loop and a name too long for the file system as path rules', () => {
    const root = makeTempDir();
    symlinkSync('b', path.join(root, 'a'));
    symlinkSync('a', path.join(root, 'b'));
    expect(() => resolveInsideRoot(root, 'a/x')).toThrowError(/rejected: goes through a symlink loop/);
    expect(() => resolveInsideRoot(root, 'x'.repeat(300))).toThrowError(/rejected: has a name longer than the file system allows/);
  });

  it('treats a file used as a folder as a path that does not exist', () => {
    const root = makeTempDir();
    writeFileSync(path.join(root, 'a.txt'), 'a');
    expect(resolveInsideRoot(root, 'a.txt/x').absolute).toBe(path.join(root, 'a.txt', 'x'));
  });
});
