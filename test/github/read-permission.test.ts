import { describe, expect, it } from 'vitest';
import { PermissionCache } from '../../src/github/read-permission.js';
import { github, makeOctokit } from './github-nock.js';

const COORDS = { owner: 'o', repo: 'r' };
const ROUTE = '/repos/o/r/collaborators/alice/permission';

describe('PermissionCache', () => {
  it('prefers the role name, which knows maintain and triage', async () => {
    github()
      .get(ROUTE)
      .reply(200, { permission: 'write', role_name: 'maintain', user: { login: 'alice' } });
    await expect(new PermissionCache().get(makeOctokit(), COORDS, 'alice')).resolves.toBe('maintain');
  });

  it('falls back to the permission when the role is a custom one', async () => {
    github()
      .get(ROUTE)
      .reply(200, { permission: 'read', role_name: 'security-reviewer', user: { login: 'alice' } });
    await expect(new PermissionCache().get(makeOctokit(), COORDS, 'alice')).resolves.toBe('read');
  });

  it('treats a 404 as no permission', async () => {
    github().get(ROUTE).reply(404, { message: 'Not Found' });
    await expect(new PermissionCache().get(makeOctokit(), COORDS, 'alice')).resolves.toBe('none');
  });

  describe('when asked again', () => {
    it('answers from the cache within the time to live, then asks GitHub again', async () => {
      let now = 0;
      const cache = new PermissionCache({ ttlMs: 1000, now: () => now });
      github().get(ROUTE).once().reply(200, { permission: 'admin', role_name: 'admin' });
      const client = makeOctokit();
      await expect(
        Promise.all([cache.get(client, COORDS, 'alice'), cache.get(client, { owner: 'O', repo: 'R' }, 'Alice')]),
      ).resolves.toEqual(['admin', 'admin']);
      now = 1500;
      github().get(ROUTE).reply(200, { permission: 'read', role_name: 'read' });
      await expect(cache.get(client, COORDS, 'alice')).resolves.toBe('read');
    });

    it('does not remember a failure', async () => {
      const cache = new PermissionCache();
      github().get(ROUTE).reply(500, { message: 'boom' }).get(ROUTE).reply(200, { permission: 'write', role_name: 'write' });
      await expect(cache.get(makeOctokit(), COORDS, 'alice')).rejects.toMatchObject({
        message: expect.stringContaining("reading alice's permission on o/r"),
      });
      await expect(cache.get(makeOctokit(), COORDS, 'alice')).resolves.toBe('write');
    });
  });
});
