import { describe, expect, it } from 'vitest';
import { NanodexError, PathRejectedError } from '../../src/core/errors.js';
import { parseGitHubUrl } from '../../src/github/parse-github-url.js';

describe('parseGitHubUrl', () => {
  describe('when the prompt links a repository', () => {
    it('returns owner and repo, and the prompt without the URL', () => {
      expect(parseGitHubUrl('explain https://github.com/octo-org/hello.world please')).toEqual({
        owner: 'octo-org',
        repo: 'hello.world',
        url: 'https://github.com/octo-org/hello.world',
        promptWithoutUrl: 'explain please',
      });
    });

    it('drops a .git suffix, a trailing slash, a query and a fragment', () => {
      expect(parseGitHubUrl('clone https://github.com/o/r.git')).toMatchObject({ owner: 'o', repo: 'r' });
      expect(parseGitHubUrl('see https://github.com/o/r/?tab=readme#top')).toMatchObject({ owner: 'o', repo: 'r' });
    });

    it('leaves sentence punctuation and markdown brackets out of the URL', () => {
      const found = parseGitHubUrl('Look at (https://github.com/o/r). Then <https://github.com/x/y>.');
      expect(found?.url).toBe('https://github.com/o/r');
      expect(found?.promptWithoutUrl).toBe('Look at (). Then <https://github.com/x/y>.');
    });

    it('accepts http, www and a bare github.com link', () => {
      expect(parseGitHubUrl('http://www.github.com/o/r')).toMatchObject({ owner: 'o', repo: 'r' });
      expect(parseGitHubUrl('in github.com/o/r, what is x?')).toMatchObject({ owner: 'o', repo: 'r', promptWithoutUrl: 'in , what is x?' });
    });

    it('keeps a link to an issue or pull request as the repository, without a scope', () => {
      const found = parseGitHubUrl('https://github.com/o/r/issues/12');
      expect(found).toMatchObject({ owner: 'o', repo: 'r' });
      expect(found).not.toHaveProperty('ref');
      expect(found).not.toHaveProperty('scope');
    });
  });

  describe('when the URL names a ref and a scope', () => {
    it('reads /tree/{ref}/{path} as a folder scope', () => {
      expect(parseGitHubUrl('https://github.com/o/r/tree/main/src/core')).toMatchObject({
        ref: 'main',
        scope: 'src/core',
        scopeKind: 'tree',
      });
    });

    it('reads /blob/{ref}/{path} as a file scope', () => {
      expect(parseGitHubUrl('https://github.com/o/r/blob/v1.2.0/src/index.ts#L10-L20')).toMatchObject({
        ref: 'v1.2.0',
        scope: 'src/index.ts',
        scopeKind: 'blob',
      });
    });

    it('reads /tree/{ref} alone as a ref with no scope', () => {
      const found = parseGitHubUrl('https://github.com/o/r/tree/develop/');
      expect(found).toMatchObject({ ref: 'develop' });
      expect(found).not.toHaveProperty('scope');
    });

    it('takes the first segment as the ref (a branch with a slash is resolved later, against GitHub)', () => {
      expect(parseGitHubUrl('https://github.com/o/r/tree/feature/login/src')).toMatchObject({ ref: 'feature', scope: 'login/src' });
    });

    it('decodes percent-encoded segments', () => {
      expect(parseGitHubUrl('https://github.com/o/r/tree/main/docs/my%20notes')).toMatchObject({ scope: 'docs/my notes' });
    });
  });

  describe('when the URL is not a repository', () => {
    it.each([
      ['no URL at all', 'explain the parser'],
      ['another host', 'https://gitlab.com/o/r'],
      ['a longer host name', 'https://notgithub.com/o/r'],
      ['an owner alone', 'https://github.com/octocat'],
      ['an owner starting with a hyphen', 'https://github.com/-bad/r'],
      ['an owner with an underscore', 'https://github.com/bad_owner/r'],
      ['an owner over 39 characters', `https://github.com/${'a'.repeat(40)}/r`],
      ['a repository name with forbidden characters', 'https://github.com/o/r$x'],
      ['a repository named ..', 'https://github.com/o/..'],
      ['a GitHub page, not an account', 'https://github.com/features/actions'],
      ['malformed percent-encoding', 'https://github.com/o/r%zz'],
    ])('returns undefined for %s', (_label, prompt) => {
      expect(parseGitHubUrl(prompt)).toBeUndefined();
    });

    it('passes over a GitHub page and finds the repository after it', () => {
      expect(parseGitHubUrl('https://github.com/settings/tokens then https://github.com/o/r')).toMatchObject({ owner: 'o', repo: 'r' });
    });
  });

  describe('when the scope or ref is unsafe', () => {
    it.each([
      ['a .. segment', 'https://github.com/o/r/tree/main/src/../../etc'],
      ['an encoded .. segment', 'https://github.com/o/r/tree/main/%2e%2e/secret'],
      ['an encoded NUL', 'https://github.com/o/r/blob/main/a%00b'],
    ])('rejects %s in the scope with PathRejectedError', (_label, prompt) => {
      expect(() => parseGitHubUrl(prompt)).toThrowError(PathRejectedError);
    });

    it('rejects a ref git would not accept', () => {
      expect(() => parseGitHubUrl('https://github.com/o/r/tree/a..b/src')).toThrowError(NanodexError);
      expect(() => parseGitHubUrl('https://github.com/o/r/tree/x%3Ay')).toThrowError(/not a valid git ref/);
    });
  });
});
