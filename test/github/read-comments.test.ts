import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../src/core/errors.js';
import { silentLogger } from '../../src/core/ports.js';
import { GitHubThread, lastPage } from '../../src/github/github-thread.js';
import { github, makeOctokit } from './github-nock.js';

const LINK = (last: number) =>
  `<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=2>; rel="next", ` +
  `<https://api.github.com/repositories/1/issues/7/comments?per_page=100&page=${last}>; rel="last"`;

const NEXT_ONLY = '<https://api.github.com/repos/o/r/issues/7/comments?per_page=100&page=2>; rel="next"';

function comments(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    body: `comment ${from + i}`,
    user: { login: 'someone' },
    created_at: '2026-11-25T08:00:00Z',
  }));
}

function thread(): GitHubThread {
  return new GitHubThread(makeOctokit(), { owner: 'o', repo: 'r', number: 7 }, { selfLogin: 'nanodex[bot]', logger: silentLogger });
}

describe('lastPage', () => {
  it('reads rel="last" and is 1 without a next page', () => {
    expect(lastPage(LINK(12))).toBe(12);
    expect(lastPage(undefined)).toBe(1);
    expect(lastPage('<https://api.github.com/x?page=1>; rel="prev"')).toBe(1);
  });
});

describe('GitHubThread.readComments', () => {
  it('reads only the last pages of a long thread, oldest first', async () => {
    // 1,250 comments on 13 pages: 150 wanted are on pages 11-13, pages 2-10 are never asked for.
    github()
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 1 })
      .reply(200, comments(1, 100), { link: LINK(13) })
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 11 })
      .reply(200, comments(1001, 100))
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 12 })
      .reply(200, comments(1101, 100))
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 13 })
      .reply(200, comments(1201, 50));
    const read = await thread().readComments(150);
    expect(read).toHaveLength(150);
    expect(read[0]).toEqual({ id: 1101, author: 'someone', body: 'comment 1101', createdAt: '2026-11-25T08:00:00Z' });
    expect(read.at(-1)?.id).toBe(1250);
  });

  it('reads every page of a short thread', async () => {
    github()
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 1 })
      .reply(200, comments(1, 100), { link: LINK(2) })
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 2 })
      .reply(200, comments(101, 20));
    const read = await thread().readComments(300);
    expect(read.map((c) => c.id)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it('pages through to the end when the first page names a next page but no last one', async () => {
    github()
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 1 })
      .reply(200, comments(1, 100), { link: NEXT_ONLY })
      .get('/repos/o/r/issues/7/comments')
      .query({ per_page: 100, page: 2 })
      .reply(200, comments(101, 30));
    const read = await thread().readComments(50);
    expect(read.map((c) => c.id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 81));
  });

  it('says which thread could not be read', async () => {
    github().get('/repos/o/r/issues/7/comments').query({ per_page: 100, page: 1 }).reply(404, { message: 'Not Found' });
    const error = await thread()
      .readComments(10)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NanodexError);
    expect((error as NanodexError).message).toContain('o/r#7');
  });
});
