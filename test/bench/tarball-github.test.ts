import { afterEach, describe, expect, it } from 'vitest';
import { findAnswerWrite, TarballGitHub } from '../../bench/tarball-github.js';

const HEAD = 'e950d313a932bc6cccbc95376b3821cd2f8b5af4';

describe('TarballGitHub', () => {
  let github: TarballGitHub;
  afterEach(() => github.close());

  it("serves the repository's head sha and its tarball, and records each comment write with its arrival", async () => {
    github = new TarballGitHub({ owner: 'sympy', repo: 'sympy', headSha: HEAD, tarball: Buffer.from('gzipped bytes') });
    const url = await github.listen();
    const sha = await fetch(`${url}/repos/sympy/sympy/commits/master`, { headers: { accept: 'application/vnd.github.sha' } });
    expect(await sha.text()).toBe(HEAD);
    expect(await (await fetch(`${url}${github.tarballPath()}`)).text()).toBe('gzipped bytes');

    const posted = await fetch(`${url}/repos/sympy/sympy/issues/1/comments`, {
      method: 'POST',
      body: JSON.stringify({ body: '⏳ working' }),
    });
    const { id } = (await posted.json()) as { id: number };
    await fetch(`${url}/repos/sympy/sympy/issues/comments/${id}`, { method: 'PATCH', body: JSON.stringify({ body: 'the answer' }) });
    expect(github.writes.map((w) => [w.method, w.body])).toEqual([
      ['POST', '⏳ working'],
      ['PATCH', 'the answer'],
    ]);
    expect(findAnswerWrite(github.writes, '⏳ working')?.body).toBe('the answer');
  });

  it('answers 404 to a route it does not serve and lists it', async () => {
    github = new TarballGitHub({ owner: 'o', repo: 'r', headSha: HEAD, tarball: Buffer.alloc(0) });
    const url = await github.listen();
    expect((await fetch(`${url}/repos/o/r/pulls/1`)).status).toBe(404);
    expect(github.unknown).toEqual(['GET /repos/o/r/pulls/1']);
  });
});

describe('findAnswerWrite', () => {
  it('finds nothing while only the placeholder was written', () => {
    expect(
      findAnswerWrite(
        [{ method: 'POST', body: '<!-- sticky -->\n⏳ nanodex is working on `explain` …', at: 1 }],
        '⏳ nanodex is working on ',
      ),
    ).toBeUndefined();
  });
});
