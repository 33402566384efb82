import { describe, expect, it } from 'vitest';
import { parseMention } from '../../src/github/parse-mention.js';

describe('parseMention', () => {
  it('returns the text after the mention', () => {
    expect(parseMention('@nanodex plan the cache layer', 'nanodex')).toEqual({ text: 'plan the cache layer', openIssue: false });
  });

  it('finds the mention anywhere in the comment, in any case, and keeps the following lines', () => {
    expect(parseMention('Thanks!\n\nHey @NanoDex, explain `run()`\nand its callers', 'nanodex')).toEqual({
      text: 'explain `run()`\nand its callers',
      openIssue: false,
    });
  });

  it('accepts the bot login as the slug', () => {
    expect(parseMention('@nanodex help', 'nanodex[bot]')?.text).toBe('help');
  });

  it('takes out the --issue flag', () => {
    expect(parseMention('@nanodex plan --issue add retries', 'nanodex')).toEqual({ text: 'plan add retries', openIssue: true });
    expect(parseMention('@nanodex plan add retries --issue', 'nanodex')).toEqual({ text: 'plan add retries', openIssue: true });
    expect(parseMention('@nanodex plan add --issues', 'nanodex')?.openIssue).toBe(false);
  });

  it('returns an empty text for a bare mention', () => {
    expect(parseMention('@nanodex', 'nanodex')).toEqual({ text: '', openIssue: false });
  });

  describe('when the name only looks like a mention', () => {
    it.each([
      ['another login that starts with the slug', '@nanodex-bot explain'],
      ['an email address', 'mail me@nanodex.dev please'],
      ['a team mention', '@nanodex/maintainers look'],
      ['a path', 'see github.com/@nanodex'],
      ['no mention at all', 'explain this'],
    ])('ignores %s', (_what, body) => {
      expect(parseMention(body, 'nanodex')).toBeUndefined();
    });
  });

  describe('when the mention is quoted or in code', () => {
    it.each([
      ['an inline code span', 'Type `@nanodex plan` to ask'],
      ['a fenced block', '```\n@nanodex plan\n```'],
      ['a tilde fence', '~~~md\n@nanodex plan\n~~~'],
      ['a quote line', '> @nanodex plan x\n\nI agree'],
    ])('ignores a mention in %s', (_where, body) => {
      expect(parseMention(body, 'nanodex')).toBeUndefined();
    });

    it('still finds a real mention after the quoted one', () => {
      expect(parseMention('> @nanodex plan x\n\n@nanodex explain y', 'nanodex')?.text).toBe('explain y');
    });
  });
});
