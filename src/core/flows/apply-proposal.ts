import { applyChanges } from '../changes/apply-change.js';
import { contentSha256 } from '../changes/content-sha256.js';
import { pathsOf, readProposals, type ProposalRecord } from '../changes/proposal-record.js';
import { RISK_LABELS, type ProposedChange, type RiskLevel } from '../changes/proposed-change-schema.js';
import type { RepoConfig } from '../config/repo-config.js';
import type { Clock, Logger } from '../ports.js';
import type { ChangeWriter } from '../publish/change-writer.js';
import type { Publisher } from '../publish/publisher.js';
import { code, escapeText, plural } from '../render/markdown.js';

/** How many of the thread's latest comments are searched for the proposal. */
const COMMENTS_READ = 300;
const DAY_MS = 86_400_000;
/** What runs with the repository's secrets: never written unless the config says so. */
const WORKFLOW_FOLDERS = ['.github/workflows/', '.github/actions/'];

export interface ApplyRequest {
  /** The proposal's id, as the person typed it. */
  id: string;
  /** Approval groups to apply (empty: all of the proposal). */
  groups: string[];
  /** `owner/repo` of the thread. */
  repo: string;
  requester: string;
  /** The comment that approved it, linked from the pull request. */
  requestUrl: string | undefined;
  config: RepoConfig;
}

export interface ApplyPorts {
  thread: Publisher;
  /** Absent where nothing can be written (a terminal replay): the reply says where apply works. */
  changes: ChangeWriter | undefined;
  selfLogin: string;
  clock: Clock;
  logger: Logger;
}

export type ApplyOutcome =
  | { applied: true; pullRequest: { number: number; url: string }; changes: number; reused: boolean }
  /** `failed`: something broke (GitHub refused a write, a timeout), not a rule: it has a reference id. */
  | { applied: false; reason: string; failed?: boolean };

/**
 * `@nanodex apply <id> [group…]` (write access, checked before this runs):
 * finds the proposal in nanodex's own replies in this thread, checks it was
 * made for this repository, has not expired, keeps its approval groups
 * whole and stays out of `.github/workflows/` unless the config allows it;
 * then checks every file it touches still has the content it was made
 * against, and only then writes one commit on a new branch
 * `nanodex/<id>` and opens a pull request into the default branch. Any
 * refusal writes nothing and says which file or rule stopped it.
 */
export async function applyProposal(request: ApplyRequest, ports: ApplyPorts): Promise<{ body: string; outcome: ApplyOutcome }> {
  const refuse = (reason: string) => ({
    body: `**Not applied.** ${reason}\n\nNothing was written to the repository.`,
    outcome: { applied: false as const, reason },
  });
  if (!/^[0-9a-f]{10}$/.test(request.id)) {
    return refuse(
      `${code(`apply ${request.id}`.trim())} needs the 10-character id a proposal of \`@nanodex work\` gave, for example \`@nanodex apply 3f9c2a1b7d\`.`,
    );
  }
  if (!ports.changes || !ports.thread.readComments) {
    return refuse('Applying a proposal needs GitHub: ask in the issue or pull request, where the GitHub App or the Action answers.');
  }
  const found = await findProposal(request.id, ports.thread, ports.selfLogin);
  if (!found.ok) return refuse(found.reason);
  const record = found.record;
  if (record.repo.toLowerCase() !== request.repo.toLowerCase()) {
    return refuse(`Proposal ${code(record.id)} was made for ${escapeText(record.repo)}, not for ${escapeText(request.repo)}.`);
  }
  const age = ports.clock.now() - Date.parse(record.createdAt);
  const days = request.config.apply.expiresAfterDays;
  if (age > days * DAY_MS) {
    return refuse(
      `Proposal ${code(record.id)} is ${Math.floor(age / DAY_MS)} days old; proposals can be applied for ${plural(days, 'day')} (\`apply.expiresAfterDays\` in \`.github/nanodex.yml\`). Ask \`@nanodex work …\` again for a fresh one.`,
    );
  }
  const selected = selectGroups(record.changes, request.groups);
  if (!selected.ok) return refuse(selected.reason);
  const workflowPaths = pathsOf(selected.changes).filter((p) => WORKFLOW_FOLDERS.some((folder) => p.startsWith(folder)));
  if (workflowPaths.length > 0 && !request.config.apply.allowWorkflows) {
    return refuse(
      `It touches ${workflowPaths.map(code).join(', ')}: workflow and action files (\`.github/workflows/\`, \`.github/actions/\`) are not applied unless \`apply.allowWorkflows: true\` is set in \`.github/nanodex.yml\` (a workflow runs with the repository's secrets).`,
    );
  }

  const writer = ports.changes;
  const branch = `nanodex/${record.id}`;
  const existing = await writer.findPullRequest(branch);
  if (existing) {
    return {
      body: `Proposal ${code(record.id)} is already open as #${existing.number} (branch ${code(branch)}): ${existing.url}`,
      outcome: { applied: true, pullRequest: existing, changes: selected.changes.length, reused: true },
    };
  }
  const head = await writer.readDefaultBranch();
  const cache = new Map<string, Promise<string | undefined>>();
  const read = (path: string) => {
    if (!cache.has(path)) cache.set(path, writer.readFile(path, head.sha));
    return cache.get(path)!;
  };
  const moved: string[] = [];
  for (const path of pathsOf(selected.changes)) {
    // Every path a change touches is checked: one the record holds no content for cannot be, so it is not applied.
    if (!Object.hasOwn(record.bases, path)) {
      moved.push(`${code(path)}: the proposal did not record its content, so it cannot be checked`);
      continue;
    }
    const then = record.bases[path] ?? null;
    const current = await read(path);
    const now = current === undefined ? null : contentSha256(current);
    if (now !== then) moved.push(describeMove(path, then, now));
  }
  if (moved.length > 0) {
    return refuse(
      `${plural(moved.length, 'file')} changed on ${code(head.name)} since proposal ${code(record.id)} was made:\n\n${moved.map((m) => `- ${m}`).join('\n')}\n\nAsk \`@nanodex work …\` again for a proposal made against the current code.`,
    );
  }
  const results = await applyChanges(selected.changes, read);
  const failed = results.filter((r) => !r.ok);
  if (failed.length > 0) {
    return refuse(
      `${plural(failed.length, 'change')} no longer apply${failed.length === 1 ? 'ies' : ''} to ${code(head.name)}:\n\n${failed
        .map((r) => `- ${code(targetOf(r.change))}: ${escapeText(r.ok ? '' : r.reason)}`)
        .join('\n')}`,
    );
  }
  const files = new Map<string, string | null>();
  for (const result of results) {
    if (!result.ok) continue;
    const { change } = result;
    if (change.kind === 'file_rename') {
      files.set(change.oldPath, null);
      files.set(change.newPath, result.after ?? result.before ?? '');
    } else if (change.kind === 'file_delete') files.set(change.path, null);
    else files.set(change.path, result.after ?? '');
  }
  const highest = Math.max(...results.map((r) => r.risk)) as RiskLevel;
  const title = `nanodex: ${record.request.split('\n')[0]!.slice(0, 80) || `proposal ${record.id}`}`;
  const { commitSha } = await writer.commitToNewBranch({
    branch,
    baseSha: head.sha,
    message: `${title}\n\nApplies proposal ${record.id} (${plural(results.length, 'change')}), approved by @${request.requester}.`,
    files: [...files].map(([path, content]) => ({ path, content })),
  });
  const pullRequest = await writer.openPullRequest({
    branch,
    base: head.name,
    title,
    body: renderPullRequestBody(record, results, { ...request, highest, headSha: head.sha, commitSha }),
  });
  ports.logger.info('proposal applied', { id: record.id, pullRequest: pullRequest.number, changes: results.length });
  return {
    body: `Applied proposal ${code(record.id)} (${plural(results.length, 'change')}, highest risk: ${riskLabel(highest)}) as #${pullRequest.number} from branch ${code(branch)}: ${pullRequest.url}\n\nReview it there; nothing was written to ${code(head.name)}.`,
    outcome: { applied: true, pullRequest, changes: results.length, reused: false },
  };
}

async function findProposal(
  id: string,
  thread: Publisher,
  selfLogin: string,
): Promise<{ ok: true; record: ProposalRecord } | { ok: false; reason: string }> {
  const comments = (await thread.readComments?.(COMMENTS_READ)) ?? [];
  const self = selfLogin.toLowerCase();
  let problem: string | undefined;
  const found: ProposalRecord[] = [];
  for (const comment of comments) {
    if (comment.author.toLowerCase() !== self) continue;
    for (const read of readProposals(comment.body)) {
      if (read.ok && read.record.id === id) found.push(read.record);
      if (!read.ok && read.id === id) problem = read.problem;
    }
  }
  // Two different records under one id (a collision someone made on purpose): neither is applied.
  if (new Set(found.map((r) => r.digest)).size > 1) {
    return {
      ok: false,
      reason: `Two different proposals in this thread carry the id ${code(id)}; neither is applied. Ask \`@nanodex work …\` again.`,
    };
  }
  if (found[0]) return { ok: true, record: found[0] };
  if (problem) return { ok: false, reason: `Proposal ${code(id)} was found, but ${escapeText(problem)}; ask \`@nanodex work …\` again.` };
  return {
    ok: false,
    reason: `No proposal ${code(id)} in nanodex's replies in this thread. \`@nanodex apply\` takes the id from a reply to \`@nanodex work …\` in the same issue or pull request.`,
  };
}

/** All of the proposal, or the named approval groups whole (a group is approved together, never in part). */
function selectGroups(
  changes: ProposedChange[],
  groups: string[],
): { ok: true; changes: ProposedChange[] } | { ok: false; reason: string } {
  if (groups.length === 0) return { ok: true, changes };
  const known = [...new Set(changes.flatMap((c) => (c.approvalGroup ? [c.approvalGroup.id] : [])))];
  const unknown = groups.filter((g) => !known.includes(g));
  if (unknown.length > 0) {
    const list = known.length > 0 ? `its groups are ${known.map(code).join(', ')}` : 'it has no approval groups: apply it whole';
    return { ok: false, reason: `The proposal has no approval group ${unknown.map(code).join(', ')}; ${list}.` };
  }
  return { ok: true, changes: changes.filter((c) => c.approvalGroup !== undefined && groups.includes(c.approvalGroup.id)) };
}

function describeMove(path: string, then: string | null, now: string | null): string {
  if (then === null) return `${code(path)}: now exists (the proposal creates it)`;
  if (now === null) return `${code(path)}: no longer exists`;
  return `${code(path)}: its content changed (sha256 ${now.slice(0, 12)}…, the proposal was made against ${then.slice(0, 12)}…)`;
}

function targetOf(change: ProposedChange): string {
  return change.kind === 'file_rename' ? `${change.oldPath} → ${change.newPath}` : change.path;
}

function riskLabel(risk: RiskLevel): string {
  return `${RISK_LABELS[risk]} (${risk})`;
}

function renderPullRequestBody(
  record: ProposalRecord,
  results: Awaited<ReturnType<typeof applyChanges>>,
  context: ApplyRequest & { highest: RiskLevel; headSha: string; commitSha: string },
): string {
  const approved = context.requestUrl ? `[approved](${context.requestUrl})` : 'approved';
  const rows = results.map(
    (r, i) =>
      `| ${i + 1} | ${escapeText(r.change.title).replace(/\|/g, '\\|')} | ${code(targetOf(r.change))} | ${r.change.kind} | ${riskLabel(r.risk)} |`,
  );
  const groups = context.groups.length > 0 ? ` (approval groups ${context.groups.map(code).join(', ')})` : '';
  return [
    `Applies proposal ${code(record.id)} made by nanodex${groups}, ${approved} by @${context.requester}.`,
    `> ${escapeText(record.request.split('\n')[0] ?? '')}`,
    '| # | change | path | kind | risk |\n| --- | --- | --- | --- | --- |\n' + rows.join('\n'),
    `Highest risk: **${riskLabel(context.highest)}**. Based on ${code(context.headSha.slice(0, 12))}; every file was checked against the content the proposal was made for before this commit (${code(context.commitSha.slice(0, 12))}) was written.`,
  ].join('\n\n');
}
