import type { RepoConfig } from '../config/repo-config.js';
import { READ_ONLY_COMMANDS } from '../commands/command-table.js';
import type { OutputCommand } from '../request.js';

/** GitHub's permission levels, highest first. */
export const PERMISSIONS = ['admin', 'maintain', 'write', 'triage', 'read', 'none'] as const;

export type Permission = (typeof PERMISSIONS)[number];

const RANK: Record<Permission, number> = { none: 0, read: 1, triage: 2, write: 3, maintain: 4, admin: 5 };

export interface AccessInput {
  /** `auto` needs write access unless the front routed it to a command first; `apply` always needs it. */
  command: OutputCommand | 'auto' | 'apply';
  actor: { login: string; type: 'User' | 'Bot' | 'Organization' };
  /** The App's bot login (`<slug>[bot]`) or `github-actions[bot]`. */
  selfLogin: string;
  /** From the collaborator permission API (read-permission.ts). */
  permission: Permission;
  isPublicRepo: boolean;
  config: RepoConfig;
}

export type AccessDecision = { allowed: true } | { allowed: false; reason: string; reply: boolean };

/**
 * Who may ask for what. Every command costs model calls and can post, so the
 * default is write access (or maintain/admin) for everything. With
 * `access.readOnlyForEveryone`, the read-only commands are open to anyone on
 * a public repository and to anyone with read access on a private one. Bots,
 * including nanodex itself, are refused silently: a reply would invite a
 * reply loop.
 */
export function decideAccess(input: AccessInput): AccessDecision {
  const login = input.actor.login.toLowerCase();
  if (login === input.selfLogin.toLowerCase()) return { allowed: false, reason: "the comment is nanodex's own", reply: false };
  if (input.actor.type === 'Bot' || login.endsWith('[bot]')) {
    return { allowed: false, reason: `${input.actor.login} is a bot; bots cannot ask nanodex`, reply: false };
  }
  const rank = RANK[input.permission];
  if (rank >= RANK.write) return { allowed: true };
  const openToEveryone = input.config.access.readOnlyForEveryone && (input.isPublicRepo || rank >= RANK.read);
  const readOnly = input.command !== 'auto' && input.command !== 'apply' && READ_ONLY_COMMANDS.includes(input.command);
  if (readOnly && openToEveryone) return { allowed: true };
  return { allowed: false, reason: explainRefusal(input, openToEveryone), reply: true };
}

function explainRefusal(input: AccessInput, openToEveryone: boolean): string {
  const who = `@${input.actor.login}`;
  const has = input.permission === 'none' ? 'is not a collaborator' : `has ${input.permission} access`;
  const readOnlyList = READ_ONLY_COMMANDS.map((c) => `\`${c}\``).join(', ');
  const what = input.command === 'auto' ? 'A request that does not name its command' : `\`${input.command}\``;
  const lines = [`${what} needs write access to this repository, and ${who} ${has}.`];
  if (openToEveryone) {
    lines.push(`Read-only commands (${readOnlyList}) are open to you: start the request with one, for example \`@nanodex explain …\`.`);
  } else if (input.isPublicRepo) {
    lines.push(
      `A maintainer can run it, or open ${readOnlyList} to everyone with \`access.readOnlyForEveryone: true\` in \`.github/nanodex.yml\`.`,
    );
  } else {
    lines.push('A maintainer can run it, or give you write access.');
  }
  return lines.join(' ');
}
