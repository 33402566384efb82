import { describe, expect, it } from 'vitest';
import { createHarness, mentionPayload } from './app-harness.js';

const OUTSIDER = 'outsider';

describe('refusing someone without access', () => {
  describe('when an outsider mentions nanodex twenty times on one issue', () => {
    it('posts one short refusal, and after it spends no API call on them', async () => {
      const app = await createHarness();
      for (let i = 0; i < 20; i += 1) {
        await app.receive(
          'issue_comment',
          mentionPayload('@nanodex plan take over the repo', { login: OUTSIDER, association: 'NONE', commentId: 500 + i }),
        );
        if (i === 0) app.github.sent.length = 0;
      }

      const refusals = app.github.thread(1).filter((c) => c.body.includes(`@${OUTSIDER} `));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]?.body).toContain('needs write access');
      // The permission lookup is cached; the refusal is remembered: nothing is read or written again.
      expect(app.github.writes()).toEqual([]);
    });

    it('tells them again on another issue (once there too)', async () => {
      const app = await createHarness();
      for (const issue of [1, 1, 2, 2]) {
        const payload = mentionPayload('@nanodex plan x', { login: OUTSIDER, association: 'NONE', commentId: 600 + issue });
        payload.issue.number = issue;
        await app.receive('issue_comment', payload);
      }
      expect(app.github.thread(1)).toHaveLength(1);
      expect(app.github.thread(2)).toHaveLength(1);
    });
  });

  describe('after a restart', () => {
    it('updates the refusal it posted before instead of adding a second one', async () => {
      const first = await createHarness();
      await first.receive('issue_comment', mentionPayload('@nanodex plan x', { login: OUTSIDER, association: 'NONE', commentId: 701 }));
      const restarted = await createHarness();
      restarted.github.comments.set(1, first.github.thread(1));
      await restarted.receive('issue_comment', mentionPayload('@nanodex plan y', { login: OUTSIDER, association: 'NONE', commentId: 702 }));

      expect(restarted.github.thread(1)).toHaveLength(1);
      expect(restarted.github.thread(1)[0]?.body).toContain('needs write access');
    });
  });

  describe('with access.explainRefusals: false', () => {
    it('refuses in silence', async () => {
      const app = await createHarness();
      app.github.configText = 'access:\n  explainRefusals: false\n';
      await app.receive('issue_comment', mentionPayload('@nanodex plan x', { login: OUTSIDER, association: 'NONE' }));

      expect(app.github.thread(1)).toEqual([]);
      expect(app.github.reactions).toEqual([]);
    });
  });
});
