import { describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from '../../src/app/create-app.js';
import { parseWebhookPayload, renderPayloadProblems, WEBHOOK_EVENTS } from '../../src/github/parse-webhook-payload.js';
import { recordedExamples } from '../helpers/record-app-handlers.js';

type Payload = Record<string, unknown> & { action?: string };

const EVENT_NAMES = [...new Set(HANDLED_EVENTS.map((e) => e.split('.')[0]!))];

function comment(edit: (payload: Payload & { comment: Record<string, unknown> }) => void): Payload {
  const payload = recordedExamples('issue_comment').find((p) => p.action === 'created') as Payload & { comment: Record<string, unknown> };
  edit(payload);
  return payload;
}

function problemsOf(event: string | undefined, payload: unknown): string {
  const parsed = parseWebhookPayload(event, payload);
  return parsed.kind === 'invalid' ? renderPayloadProblems(parsed.problems) : `(${parsed.kind})`;
}

describe('parseWebhookPayload', () => {
  it('checks exactly the events the App handles', () => {
    expect([...WEBHOOK_EVENTS].sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  describe("on GitHub's recorded deliveries", () => {
    for (const name of EVENT_NAMES) {
      it(`handles every ${name} example whose action the App handles, and ignores the others`, () => {
        const examples = recordedExamples(name) as Payload[];
        expect(examples.length).toBeGreaterThan(0);
        for (const [i, payload] of examples.entries()) {
          const event = payload.action === undefined ? name : `${name}.${payload.action}`;
          const expected = (HANDLED_EVENTS as readonly string[]).includes(event) ? 'handled' : 'ignored';
          expect(parseWebhookPayload(name, payload).kind, `${event} #${i}: ${problemsOf(name, payload)}`).toBe(expected);
        }
      });
    }
  });

  describe('when a field a handler reads is missing or of the wrong type', () => {
    it('names the path and the types, not the value', () => {
      expect(
        problemsOf(
          'issue_comment',
          comment((p) => {
            delete p.comment.user;
          }),
        ),
      ).toBe('payload.comment.user: expected an object, got undefined');
      expect(
        problemsOf(
          'issue_comment',
          comment((p) => {
            p.comment.body = 42;
          }),
        ),
      ).toBe('payload.comment.body: expected a string, got a number');
      expect(
        problemsOf(
          'issue_comment',
          comment((p) => {
            p.comment.id = 1.5;
          }),
        ),
      ).toBe('payload.comment.id: expected a whole number, got a number with a fraction');
    });

    it('lists every problem at once, with array indexes in the path', () => {
      const install = recordedExamples('installation').find((p) => p.action === 'created')!;
      install.repositories = [{ full_name: 'a/b' }, { full_name: 7 }];
      delete install.installation;
      expect(problemsOf('installation', install)).toBe(
        'payload.installation: expected an object, got undefined; payload.repositories[1].full_name: expected a string, got a number',
      );
    });

    // Found by npm run fuzz: the installation handler reads repositories_added whenever the key is there.
    it('checks a stray repositories_added on installation.created, since the handler would read it', () => {
      const install = recordedExamples('installation').find((p) => p.action === 'created')!;
      install.repositories_added = null;
      expect(problemsOf('installation', install)).toBe('payload.repositories_added: expected an array, got null');
    });

    // Found by npm run fuzz: Probot names the event push.<action> when there is one, and throws on an action that is not text.
    it("checks a push that carries an action, since Probot's dispatcher reads it", () => {
      const push = recordedExamples('push')[0]!;
      push.action = { toString: 1 };
      expect(problemsOf('push', push)).toBe('payload.action: expected a string, got an object');
    });

    it('refuses repositories that are not an array', () => {
      const added = recordedExamples('installation_repositories').find((p) => p.action === 'added')!;
      added.repositories_added = 'a/b';
      expect(problemsOf('installation_repositories', added)).toBe('payload.repositories_added: expected an array, got a string');
    });

    it('never echoes a value back, however long or secret', () => {
      const secret = `ghs_${'x'.repeat(10_000)}`;
      const rendered = problemsOf(
        'issue_comment',
        comment((p) => {
          p.comment.body = { token: secret };
          p.repository = secret;
          p.issue = [secret];
        }),
      );
      expect(rendered).not.toContain('ghs_');
      expect(rendered).toBe(
        'payload.repository: expected an object, got a string; payload.comment.body: expected a string, got an object; payload.issue: expected an object, got an array',
      );
    });

    it('renders at most five problems on one line of at most 500 characters', () => {
      const problems = Array.from({ length: 40 }, (_, i) => ({
        path: `payload.${'deep.'.repeat(20)}f${i}`,
        message: 'expected a string, got a number',
      }));
      const rendered = renderPayloadProblems(problems);
      expect(rendered.length).toBeLessThanOrEqual(500);
      expect(rendered).not.toContain('\n');
      expect(renderPayloadProblems(problems.slice(0, 7).map((p, i) => ({ ...p, path: `payload.f${i}` })))).toMatch(
        /^payload\.f0: .*; payload\.f4: expected a string, got a number; and 2 more$/,
      );
    });
  });

  describe('accepts what GitHub documents as possible', () => {
    it('a comment whose user is null (a deleted account)', () => {
      expect(
        parseWebhookPayload(
          'issue_comment',
          comment((p) => {
            p.comment.user = null;
          }),
        ).kind,
      ).toBe('handled');
    });

    it('a mention without an installation (the handler then does nothing)', () => {
      expect(
        parseWebhookPayload(
          'issue_comment',
          comment((p) => {
            delete p.installation;
          }),
        ).kind,
      ).toBe('handled');
    });

    it('fields it does not read, kept in the typed payload', () => {
      const parsed = parseWebhookPayload(
        'issue_comment',
        comment((p) => {
          p.extra = { any: 'thing' };
        }),
      );
      expect(parsed.kind === 'handled' && parsed.event === 'issue_comment.created' && parsed.payload.comment.body).toBe(
        "You are totally right! I'll get this fixed right away.",
      );
      expect(parsed.kind === 'handled' && (parsed.payload as Record<string, unknown>).extra).toEqual({ any: 'thing' });
    });
  });

  describe('ignores, with a reason', () => {
    it('events the App does not subscribe to', () => {
      expect(parseWebhookPayload('issues', {})).toEqual({ kind: 'ignored', reason: 'nanodex does not act on "issues" events' });
    });

    it('actions of handled events it does not act on, without checking their fields', () => {
      expect(parseWebhookPayload('issue_comment', { action: 'deleted' })).toEqual({
        kind: 'ignored',
        reason: 'nanodex does not act on "issue_comment.deleted"',
      });
    });

    it('quoting at most 60 characters of a name', () => {
      const parsed = parseWebhookPayload('pull_request', { action: 'x'.repeat(5000) });
      expect(parsed.kind === 'ignored' && parsed.reason.length).toBeLessThan(120);
    });
  });

  describe('refuses a delivery it cannot classify', () => {
    it('without an event name (the X-GitHub-Event header)', () => {
      expect(problemsOf(undefined, {})).toBe('X-GitHub-Event: missing: the delivery does not name its event');
      expect(problemsOf('', {})).toBe('X-GitHub-Event: missing: the delivery does not name its event');
    });

    it('whose payload is not an object', () => {
      expect(problemsOf('push', [1, 2])).toBe('payload: expected an object, got an array');
      expect(problemsOf('issue_comment', null)).toBe('payload: expected an object, got null');
    });

    it('of an event with actions whose payload names none', () => {
      expect(problemsOf('pull_request', { number: 1 })).toBe('payload.action: expected a string, got undefined');
    });
  });
});
