import { describe, expect, it } from 'vitest';
import { guardWrites } from '../../src/app/guard-writes.js';
import type { GitHubClient } from '../../src/github/github-client.js';

function recordingClient(): { client: GitHubClient; sent: string[] } {
  const sent: string[] = [];
  const request = async (route: string) => {
    sent.push(route);
    return { status: 200, data: {} };
  };
  return { client: { request, paginate: async () => [], graphql: async () => ({}) } as unknown as GitHubClient, sent };
}

describe('guardWrites', () => {
  it('passes everything through while the job runs', async () => {
    const { client, sent } = recordingClient();
    const guarded = guardWrites(client, () => false);
    await guarded.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'o',
      repo: 'r',
      issue_number: 1,
      body: 'x',
    });
    expect(sent).toEqual(['POST /repos/{owner}/{repo}/issues/{issue_number}/comments']);
  });

  it('refuses every write once the job was stopped at its deadline, and still reads', async () => {
    const { client, sent } = recordingClient();
    let stopped = false;
    const guarded = guardWrites(client, () => stopped);
    stopped = true;
    for (const route of [
      'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
      'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
      'PUT /x',
      'DELETE /x',
    ]) {
      expect(() => guarded.request(route as never)).toThrow(/stopped at its deadline/);
    }
    await guarded.request('GET /repos/{owner}/{repo}' as never);
    expect(sent).toEqual(['GET /repos/{owner}/{repo}']);
  });
});
