import { describe, expect, it } from 'vitest';
import { createHarness, examplesOf, INSTALLATION_ID, mentionPayload } from './app-harness.js';

type Payload = Record<string, unknown> & { action?: string; installation?: unknown };

/** GitHub's recorded deliveries (@octokit/webhooks-examples) for every event the App subscribes to. */
const SWEPT = [
  'issue_comment',
  'pull_request',
  'pull_request_review_comment',
  'push',
  'installation',
  'installation_repositories',
] as const;

describe("GitHub's recorded webhook examples", () => {
  for (const name of SWEPT) {
    it(`go through probot.receive without a crash: every ${name} example`, async () => {
      const app = await createHarness();
      const examples = examplesOf(name) as Payload[];
      expect(examples.length).toBeGreaterThan(0);
      for (const [i, payload] of examples.entries()) {
        // Most recorded payloads have no installation; without one Probot would send requests unauthenticated.
        payload.installation ??= { id: INSTALLATION_ID, node_id: 'x' };
        await expect(app.receive(name, payload, `${name}-${i}`), `${name}.${payload.action ?? ''} #${i}`).resolves.toBeUndefined();
      }
      expect(app.deps.queue.size.pending).toBe(0);
    });
  }

  it('answer a mention carried by a recorded issue_comment.created payload', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'write');
    await app.receive('issue_comment', mentionPayload('@nanodex map'));
    expect(app.github.thread(1)[0]?.body).toContain('src/server.ts');
  });

  it('refresh an existing index on a push to the default branch, and ignore tags and other branches', async () => {
    const app = await createHarness();
    app.github.permissions.set('Codertocat', 'write');
    await app.receive('issue_comment', mentionPayload('@nanodex find Server'));
    const pushes = examplesOf('push') as (Payload & { ref: string })[];
    const toBranch = pushes.find((p) => p.ref === 'refs/heads/master')!;
    const toTag = pushes.find((p) => p.ref.startsWith('refs/tags/'))!;
    for (const p of [toBranch, toTag]) p.installation = { id: INSTALLATION_ID, node_id: 'x' };
    const opens = (app.deps.indexes as unknown as { opens: number }).opens;

    await app.receive('push', toTag);
    await app.receive('push', toBranch);

    expect((app.deps.indexes as unknown as { opens: number }).opens).toBe(opens + 1);
  });

  it('index repositories on install only when their config asks for it', async () => {
    const app = await createHarness();
    const install = (examplesOf('installation') as (Payload & { repositories?: { full_name: string }[] })[]).find(
      (p) => p.action === 'created',
    )!;
    install.repositories = [{ ...install.repositories?.[0], full_name: 'Codertocat/Hello-World' } as { full_name: string }];
    const opens = () => (app.deps.indexes as unknown as { opens: number }).opens;

    await app.receive('installation', install);
    expect(opens()).toBe(0);

    app.github.configText = 'index:\n  onInstall: true\n';
    await app.receive('installation', install);
    expect(opens()).toBe(1);
  });
});
