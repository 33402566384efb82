import { describe, expect, it } from 'vitest';
import { createHarness, expectNoUnknownCalls, mentionPayload, stickyBodies } from './app-harness.js';

describe('the App answering a mention', () => {
  describe('when a maintainer asks for a plan in an issue', () => {
    it('reacts with 👀, posts one sticky comment that goes from working to the plan', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');

      await app.receive('issue_comment', mentionPayload('@nanodex plan add retries to the uploader'));

      expect(app.github.reactions).toEqual([
        { commentId: 492700400, content: 'eyes' },
        { commentId: 492700400, content: 'rocket' },
      ]);
      const posted = app.github.bodies('POST', /\/issues\/1\/comments$/) as { body: string }[];
      expect(posted).toHaveLength(1);
      expect(posted[0]?.body).toContain('<!-- nanodex:sticky:mention-492700400 -->');
      expect(posted[0]?.body).toMatch(/working/i);
      const thread = stickyBodies(app.github);
      expect(thread).toHaveLength(1);
      expect(thread[0]).toMatch(/plan/i);
      expect(thread[0]).not.toMatch(/working on/i);
      expectNoUnknownCalls(app.github);
    });

    it('opens a tracked issue with the task list when the mention says --issue, and links it', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'write');

      await app.receive('issue_comment', mentionPayload('@nanodex plan add retries to the uploader --issue'));

      expect(app.github.issuesOpened).toHaveLength(1);
      expect(Object.keys(app.github.bodies('POST', /\/issues$/)[0] as object).sort()).toEqual(['body', 'title']);
      expect(app.github.issuesOpened[0]?.body).toContain('- [ ]');
      expect(app.github.issuesOpened[0]?.body).toContain('Planned in #1.');
      expect(stickyBodies(app.github)[0]).toContain('Tracked in #101');
    });
  });

  describe('when the mention is `help` or an unknown command', () => {
    it('answers with the short help, without indexing the repository', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');

      await app.receive('issue_comment', mentionPayload('@nanodex /frobnicate the thing'));

      expect(stickyBodies(app.github)[0]).toContain('`frobnicate` is not a command');
      expect(stickyBodies(app.github)[0]).toContain('plan <goal>');
    });
  });

  describe('when the comment does not mention the App on a word boundary', () => {
    it('does nothing at all', async () => {
      const app = await createHarness();

      await app.receive('issue_comment', mentionPayload('thanks @nanodexer, and email me@nanodex.dev'));

      expect(app.github.sent).toEqual([]);
    });
  });

  describe('when the repository config is invalid', () => {
    it('replies with every problem, its path and its fix', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');
      app.github.configText = 'review:\n  auto: maybe\n  exclud: []\nbudget:\n  rounds: 0\n';

      await app.receive('issue_comment', mentionPayload('@nanodex explain the server'));

      const reply = stickyBodies(app.github)[0] ?? '';
      expect(reply).toContain('review.auto');
      expect(reply).toContain('exclud');
      expect(reply).toContain('budget.rounds');
    });
  });

  describe('when GitHub fails in the middle of the run', () => {
    it('updates the same sticky comment with a failure and a reference id, and posts nothing as complete', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');
      // The opened-issue call fails with a 502 after the plan is made.
      app.github.failNext('POST', /\/issues$/, [502, { message: 'Bad Gateway' }]);

      await app.receive('issue_comment', mentionPayload('@nanodex plan add retries --issue'));

      const thread = stickyBodies(app.github);
      expect(thread).toHaveLength(1);
      expect(thread[0]).toMatch(/could not finish/);
      expect(thread[0]).toMatch(/reference `?[0-9a-f]{8}/);
      expect(thread[0]).not.toContain('Tracked in');
    });
  });

  describe('when GitHub fails before the run starts (reading the config)', () => {
    it('still replies, with the failure and a reference id', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');
      app.github.failNext('GET', /\/contents\//, [503, { message: 'Service Unavailable' }]);

      await app.receive('issue_comment', mentionPayload('@nanodex explain the retries'));

      const thread = stickyBodies(app.github);
      expect(thread).toHaveLength(1);
      expect(thread[0]).toMatch(/could not finish[\s\S]*reference `?[0-9a-f]{8}/);
    });
  });

  describe('when the same delivery arrives twice', () => {
    it('runs it once', async () => {
      const app = await createHarness();
      app.github.permissions.set('Codertocat', 'admin');
      const payload = mentionPayload('@nanodex find parseHttpRequest');

      await app.receive('issue_comment', payload, 'same-delivery');
      await app.receive('issue_comment', payload, 'same-delivery');

      expect(app.github.reactions).toHaveLength(2);
      expect(app.github.bodies('POST', /\/issues\/1\/comments$/)).toHaveLength(1);
    });
  });
});
