import { describe, expect, it } from 'vitest';
import type { RepoIndexes } from '../../src/app/repo-indexes.js';
import { NanodexError } from '../../src/core/errors.js';
import { createHarness, expectNoUnknownCalls, mentionPayload, type Harness } from './app-harness.js';

/**
 * Every command × every permission level × config × visibility, end to end
 * through probot.receive. The expectation is written out here, not taken
 * from decideAccess: write access (or more) may run anything; with
 * access.readOnlyForEveryone, read-only commands are open on public
 * repositories (and to readers of private ones); bots and the App itself are
 * ignored without a word; the author association never counts.
 */
const COMMANDS = ['plan', 'review', 'explain', 'diagram', 'debug', 'refactor', 'work', 'find', 'refs', 'map', 'help', 'auto'] as const;
const READ_ONLY = new Set(['explain', 'find', 'refs', 'map', 'help']);
const PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const;
const ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'NONE'] as const;
const RANK = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 } as const;

/** Allowed mentions stop at the index: the matrix is about who gets in, not about answers. */
const refusingIndexes: RepoIndexes = {
  open: async () => {
    throw new NanodexError('test-stop', 'the matrix test stops before indexing');
  },
  has: () => false,
};

function textFor(command: (typeof COMMANDS)[number]): string {
  if (command === 'auto') return '@nanodex why does the server parse requests twice?';
  return command === 'help' ? '@nanodex help' : `@nanodex ${command} something`;
}

function expected(input: {
  command: string;
  permission: keyof typeof RANK;
  readOnlyForEveryone: boolean;
  isPublic: boolean;
}): 'allowed' | 'refused' {
  if (RANK[input.permission] >= RANK.write) return 'allowed';
  const open = input.readOnlyForEveryone && (input.isPublic || RANK[input.permission] >= RANK.read);
  return open && READ_ONLY.has(input.command) ? 'allowed' : 'refused';
}

let commentId = 1;

async function mention(app: Harness, body: string, options: { login: string; type?: string; association?: string; isPublic: boolean }) {
  commentId += 1;
  const payload = mentionPayload(body, { login: options.login, type: options.type, association: options.association, commentId });
  payload.repository.private = !options.isPublic;
  const before = { reactions: app.github.reactions.length, comments: app.github.thread(1).length, sent: app.github.sent.length };
  await app.receive('issue_comment', payload);
  const reacted = app.github.reactions.length > before.reactions;
  const replies = app.github
    .thread(1)
    .slice(before.comments)
    .map((c) => c.body);
  return { reacted, replies, calls: app.github.sent.length - before.sent };
}

describe('who may trigger what (end to end through probot.receive)', () => {
  for (const readOnlyForEveryone of [false, true]) {
    for (const isPublic of [true, false]) {
      it(`matches the matrix with readOnlyForEveryone=${readOnlyForEveryone} on a ${isPublic ? 'public' : 'private'} repository`, async () => {
        const app = await createHarness({ indexes: refusingIndexes });
        app.github.configText = `access:\n  readOnlyForEveryone: ${readOnlyForEveryone}\n`;
        const mismatches: string[] = [];
        const refused = new Set<string>();
        for (const [i, permission] of PERMISSIONS.entries()) {
          const login = `user-${permission}`;
          if (permission !== 'none') app.github.permissions.set(login, permission);
          for (const command of COMMANDS) {
            const association = ASSOCIATIONS[(i + COMMANDS.indexOf(command)) % ASSOCIATIONS.length];
            const seen = await mention(app, textFor(command), { login, association, isPublic });
            const want = expected({ command, permission, readOnlyForEveryone, isPublic });
            const got = seen.reacted ? 'allowed' : 'refused';
            if (got !== want) mismatches.push(`${permission} ${command}: wanted ${want}, got ${got}`);
            if (want === 'refused') refused.add(login);
          }
        }
        // Each refused person is told why exactly once on the thread, however often they ask.
        for (const login of refused) {
          const told = app.github.thread(1).filter((c) => c.body.includes(`@${login} `) && c.body.includes('needs write access'));
          if (told.length !== 1) mismatches.push(`${login}: told why ${told.length} times`);
        }
        expect(mismatches).toEqual([]);
        expectNoUnknownCalls(app.github);
      });
    }
  }

  it("ignores bots and the App's own comments for every command, silently, whatever their permission", async () => {
    const app = await createHarness({ indexes: refusingIndexes });
    app.github.configText = 'access:\n  readOnlyForEveryone: true\n';
    app.github.permissions.set('dependabot[bot]', 'admin');
    app.github.permissions.set('nanodex[bot]', 'admin');
    for (const command of COMMANDS) {
      for (const actor of [
        { login: 'dependabot[bot]', type: 'Bot' },
        { login: 'nanodex[bot]', type: 'Bot' },
        { login: 'sneaky[bot]', type: 'User' },
      ]) {
        const seen = await mention(app, textFor(command), { ...actor, isPublic: true });
        expect({ actor: actor.login, command, reacted: seen.reacted, replies: seen.replies }).toEqual({
          actor: actor.login,
          command,
          reacted: false,
          replies: [],
        });
      }
    }
    expect(app.github.bodies('GET', /\/permission$/)).toEqual([]);
  });

  it("asks GitHub for a commenter's permission once per minute, not once per comment", async () => {
    const app = await createHarness({ indexes: refusingIndexes });
    app.github.permissions.set('Codertocat', 'write');
    for (let i = 0; i < 3; i += 1) await app.receive('issue_comment', mentionPayload('@nanodex find Server'));
    expect(app.github.sent.filter((r) => r.path.endsWith('/collaborators/Codertocat/permission'))).toHaveLength(1);
  });
});
