import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/core/ports.js';
import { ACTIONS_BOT_LOGIN, readSelfLogin } from '../../src/github/read-self-login.js';
import { github, makeOctokit } from './github-nock.js';

describe('readSelfLogin', () => {
  it("takes the workflow token's comments to be github-actions[bot]'s, without asking GitHub", async () => {
    await expect(readSelfLogin(makeOctokit(), 'ghs_workflowtoken', silentLogger)).resolves.toBe(ACTIONS_BOT_LOGIN);
  });

  it('asks GitHub whose a personal token is, since its comments carry that login', async () => {
    github().get('/user').reply(200, { login: 'release-bot', id: 7, type: 'User' });
    await expect(readSelfLogin(makeOctokit(), `ghp_${'a'.repeat(36)}`, silentLogger)).resolves.toBe('release-bot');
  });

  it('falls back to github-actions[bot] when GitHub will not say', async () => {
    github().get('/user').reply(403, { message: 'Resource not accessible by integration' });
    await expect(readSelfLogin(makeOctokit(), 'github_pat_abc', silentLogger)).resolves.toBe(ACTIONS_BOT_LOGIN);
  });
});
