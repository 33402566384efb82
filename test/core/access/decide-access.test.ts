import { describe, expect, it } from 'vitest';
import { DEFAULT_REPO_CONFIG } from '../../../src/core/config/repo-config.js';
import { READ_ONLY_COMMANDS } from '../../../src/core/commands/command-table.js';
import { decideAccess, type AccessInput, type Permission } from '../../../src/core/access/decide-access.js';

const PERMISSIONS: Permission[] = ['admin', 'maintain', 'write', 'triage', 'read', 'none'];
/** Spelled out, not read from the command table: the matrix below pins the access rules independently of it. */
const COMMANDS: AccessInput['command'][] = [
  'explain',
  'plan',
  'debug',
  'review',
  'diagram',
  'refactor',
  'work',
  'map',
  'find',
  'refs',
  'help',
  'auto',
];
const SELF = 'nanodex[bot]';
const ACTORS = {
  user: { login: 'alice', type: 'User' },
  org: { login: 'acme', type: 'Organization' },
  bot: { login: 'dependabot[bot]', type: 'Bot' },
  'bot-named-user': { login: 'renovate[bot]', type: 'User' },
  self: { login: 'NanoDex[bot]', type: 'Bot' },
} as const;

function decide(over: Partial<AccessInput> & { readOnlyForEveryone?: boolean }) {
  const { readOnlyForEveryone = false, ...rest } = over;
  return decideAccess({
    command: 'plan',
    actor: ACTORS.user,
    selfLogin: SELF,
    permission: 'write',
    isPublicRepo: true,
    config: { ...DEFAULT_REPO_CONFIG, access: { ...DEFAULT_REPO_CONFIG.access, readOnlyForEveryone } },
    ...rest,
  });
}

function* everyCase() {
  for (const [actorName, actor] of Object.entries(ACTORS)) {
    for (const permission of PERMISSIONS) {
      for (const isPublicRepo of [true, false]) {
        for (const readOnlyForEveryone of [true, false]) {
          for (const command of COMMANDS) yield { actorName, actor, permission, isPublicRepo, readOnlyForEveryone, command };
        }
      }
    }
  }
}

describe('decideAccess', () => {
  describe('the authorization matrix for a person', () => {
    it('allows write, maintain and admin everything; opens read-only commands only when configured', () => {
      const rows: string[] = [];
      for (const permission of PERMISSIONS) {
        for (const isPublicRepo of [true, false]) {
          for (const readOnlyForEveryone of [false, true]) {
            const cells = COMMANDS.map((command) =>
              decide({ command, permission, isPublicRepo, readOnlyForEveryone }).allowed ? '+' : '.',
            );
            rows.push(
              `${permission.padEnd(8)} ${isPublicRepo ? 'public ' : 'private'} ${readOnlyForEveryone ? 'open  ' : 'closed'} ${cells.join('')}`,
            );
          }
        }
      }
      expect(`commands: ${COMMANDS.join(' ')}\n${rows.join('\n')}`).toMatchInlineSnapshot(`
        "commands: explain plan debug review diagram refactor work map find refs help auto
        admin    public  closed ++++++++++++
        admin    public  open   ++++++++++++
        admin    private closed ++++++++++++
        admin    private open   ++++++++++++
        maintain public  closed ++++++++++++
        maintain public  open   ++++++++++++
        maintain private closed ++++++++++++
        maintain private open   ++++++++++++
        write    public  closed ++++++++++++
        write    public  open   ++++++++++++
        write    private closed ++++++++++++
        write    private open   ++++++++++++
        triage   public  closed ............
        triage   public  open   +......++++.
        triage   private closed ............
        triage   private open   +......++++.
        read     public  closed ............
        read     public  open   +......++++.
        read     private closed ............
        read     private open   +......++++.
        none     public  closed ............
        none     public  open   +......++++.
        none     private closed ............
        none     private open   ............"
      `);
    });

    it('treats an organization actor like a person', () => {
      for (const c of everyCase()) {
        if (c.actorName !== 'org') continue;
        expect(decide({ ...c, actor: c.actor }).allowed).toBe(decide({ ...c, actor: ACTORS.user }).allowed);
      }
    });
  });

  describe('across every permission, repository, setting and command', () => {
    it('refuses bots and nanodex itself, silently', () => {
      for (const c of everyCase()) {
        if (!['bot', 'bot-named-user', 'self'].includes(c.actorName)) continue;
        expect(decide({ ...c }), `${c.actorName} ${c.permission} ${c.command}`).toEqual({
          allowed: false,
          reason: expect.any(String),
          reply: false,
        });
      }
    });

    it('answers every refused person with a reason that names the command and their access', () => {
      for (const c of everyCase()) {
        if (c.actorName !== 'user') continue;
        const decision = decide({ ...c });
        if (decision.allowed) continue;
        expect(decision.reply).toBe(true);
        expect(decision.reason).toContain(c.command === 'auto' ? 'does not name its command' : `\`${c.command}\``);
        expect(decision.reason).toContain('@alice');
      }
    });

    it('never opens a command that writes to anyone below write access', () => {
      for (const c of everyCase()) {
        if (READ_ONLY_COMMANDS.includes(c.command as never) || ['admin', 'maintain', 'write'].includes(c.permission)) continue;
        expect(decide({ ...c, actor: c.actor }).allowed).toBe(false);
      }
    });
  });

  describe('the reasons a person reads', () => {
    it('point a public repository at the setting', () => {
      expect(decide({ command: 'explain', permission: 'none' })).toMatchInlineSnapshot(`
        {
          "allowed": false,
          "reason": "\`explain\` needs write access to this repository, and @alice is not a collaborator. A maintainer can run it, or open \`explain\`, \`find\`, \`refs\`, \`map\`, \`help\` to everyone with \`access.readOnlyForEveryone: true\` in \`.github/nanodex.yml\`.",
          "reply": true,
        }
      `);
    });

    it('tell a person which commands are open to them', () => {
      const decision = decide({ command: 'auto', permission: 'read', readOnlyForEveryone: true });
      expect(decision.allowed === false && decision.reason).toMatchInlineSnapshot(
        `"A request that does not name its command needs write access to this repository, and @alice has read access. Read-only commands (\`explain\`, \`find\`, \`refs\`, \`map\`, \`help\`) are open to you: start the request with one, for example \`@nanodex explain …\`."`,
      );
    });
  });
});
