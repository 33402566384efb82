import type { ExploreMetrics } from '../explore/explore-repository.js';
import type { Block } from '../render/fit-comment.js';
import { composeComment } from '../render/compose-comment.js';
import { redactSecrets } from '../secrets/redact-secrets.js';
import { buildLinkTo } from '../render/link-to.js';
import { sanitizeModelText } from '../render/sanitize-model-text.js';
import { verifyCitations, type CitationTree } from '../render/verify-citations.js';
import type { OutputCommand, RunMetrics, RunResult, SkillUse } from '../request.js';
import { routeRequest } from '../skills/route-request.js';
import { getCommandSpec, isSkillCommand, SKILL_FOR_COMMAND } from '../commands/command-table.js';
import type { Skill } from '../skills/types.js';
import { answerLookup } from './answer-lookup.js';
import { readCitedLineCounts } from './read-cited-line-counts.js';
import { readSkillCatalog } from './read-skill-catalog.js';
import { renderHelp } from './render-help.js';
import type { VerifiedMemory } from '../memory/verify-memory.js';
import type { Produced, ReadRequest, SkillRun } from './skill-run.js';

export interface OutputCommandInput extends ReadRequest {
  describeModelError: (error: unknown) => string;
  /** What earlier requests in the thread found, checked against the tree. */
  memory?: VerifiedMemory;
  finish: (explore: ExploreMetrics | undefined, extra: Partial<RunMetrics>) => RunMetrics;
  howToRaise: (limit: keyof RunMetrics['budget']) => string;
}

/**
 * The output commands: pick the skill (explicit command, or free text
 * routed by relevance), produce the output (each producer in its own file),
 * then verify and compose the comment every front posts.
 */
export async function runOutputCommand(input: OutputCommandInput): Promise<RunResult> {
  const { request, ports } = input;
  // Lookups need no skill: they skip reading the catalog (and the repository's skill files) altogether.
  const lookup = request.command !== 'auto' && getCommandSpec(request.command as OutputCommand).kind === 'lookup';
  const catalog = lookup
    ? { skills: [], problems: [], overrides: [] }
    : await readSkillCatalog(ports.index, ports.source, ports.repositorySkills);
  let command: OutputCommand;
  let prompt = input.prompt;
  let skill: Skill | undefined;
  let routedBy: SkillUse['routedBy'] = 'command';
  if (request.command === 'auto') {
    const routed = routeRequest(prompt, catalog.skills);
    ({ command, skill, prompt } = routed);
    routedBy = routed.how;
  } else {
    command = request.command as OutputCommand;
    const skillName = isSkillCommand(command) ? SKILL_FOR_COMMAND[command] : undefined;
    skill = skillName === undefined ? undefined : catalog.skills.find((s) => s.name === skillName);
  }
  const sha = request.links?.sha ?? ports.index.headSha();
  const repo = request.repo;
  const htmlUrl = request.links?.htmlUrl ?? (repo?.kind === 'github' ? `https://github.com/${repo.owner}/${repo.repo}` : undefined);
  const linkToCommit = (at: string | undefined) => buildLinkTo({ htmlUrl, sha: htmlUrl ? at : undefined });
  const linkTo = linkToCommit(sha);
  const notes: string[] = [];
  const run: SkillRun = {
    request,
    ports,
    prompt,
    meter: input.meter,
    scope: input.scope,
    focus: input.focus,
    repoName: input.repoName,
    skill,
    linkTo,
    linkToCommit,
    explore: async (execution) => {
      const { exploreRepository } = await import('../explore/explore-repository.js');
      // A skill that allows none of the tools its command needs cannot run the execution phase: say so, answer offline.
      const unusable = ports.model !== undefined && execution !== undefined && execution.tools.length === 0;
      if (unusable)
        notes.push(`the ${skill?.name ?? command} skill allows none of the output tools \`${command}\` needs, so no model wrote this`);
      return exploreRepository({
        prompt,
        repo: input.repoName,
        scope: input.scope,
        focus: input.focus,
        index: ports.index,
        source: ports.source,
        meter: input.meter,
        clock: ports.clock,
        planner: ports.planner,
        model: ports.model,
        describeModelError: input.describeModelError,
        execution,
        skipExecution: unusable,
        memory: input.memory,
      });
    },
  };
  const produced = await produce(command, run, catalog);
  if (produced.kind === 'skipped') return produced;
  const extra = { intent: produced.plan?.intent, diagramType: produced.plan?.diagramType, command };
  if (produced.kind === 'budget-exceeded') {
    const { refused } = produced;
    return {
      kind: 'budget-exceeded',
      limit: refused.limit,
      used: refused.used,
      allowed: refused.allowed,
      gathered: produced.gathered,
      howToRaise: input.howToRaise(refused.limit),
      metrics: input.finish(produced.explore, extra),
    };
  }
  const override = skill ? catalog.overrides.find((o) => o.name === skill.name) : undefined;
  const blocks: Block[] = [...produced.blocks];
  if (override) {
    blocks.splice(1, 0, {
      title: 'skill override',
      text: `<sub>Using this repository's ${override.name} skill (${override.path}) instead of the built-in one.</sub>`,
    });
  }
  // Line counts come from the files themselves, so a wrong count in the index cannot vouch for a line past the end.
  const counted = await readCitedLineCounts(
    [...blocks.map((b) => b.text), ...(produced.reviewComments ?? []).map((c) => c.body), produced.issueDraft?.body ?? ''],
    ports.source,
  );
  const tree: CitationTree = {
    sha: htmlUrl ? sha : undefined,
    htmlUrl,
    lineCount: (path) => counted.get(path) ?? ports.index.getFile(path)?.lines,
  };
  const metrics = input.finish(produced.explore, {
    ...extra,
    refusedToolCalls: produced.refused?.length ?? produced.explore?.refusedToolCalls.length ?? 0,
  });
  const skillUse: SkillUse | undefined = skill && {
    name: skill.name,
    source: skill.source,
    path: skill.path,
    routedBy,
    overrides: override?.replaced,
  };
  const { body, check } = await composeComment(blocks, {
    tree,
    metrics,
    footer: { madeWithModel: produced.madeWithModel, skill: skillUse, citationsRemoved: produced.explore?.removedCitations },
    requester: request.actor?.login,
  });
  const reviewComments = await Promise.all(
    (produced.reviewComments ?? []).map(async (c) => {
      const { redactReviewComment } = await import('../review/redact-review-comment.js');
      const redacted = await redactReviewComment(c.body);
      check.sanitized.secrets += redacted.secrets;
      const clean = verifyCitations(sanitizeModelText(redacted.body, { requester: request.actor?.login }).text, tree);
      check.citationsKept += clean.kept;
      check.citationsRemoved += clean.removed;
      check.citationProblems.push(...clean.problems);
      return { ...c, body: clean.text };
    }),
  );
  // An issue draft is posted as an issue body: the same checks, without the footer.
  const draft = produced.issueDraft && {
    title: sanitizeModelText(await redactSecrets(produced.issueDraft.title), { requester: request.actor?.login })
      .text.replace(/\s+/g, ' ')
      .slice(0, 256),
    body: (
      await composeComment([{ title: 'plan', essential: true, text: produced.issueDraft.body }], {
        tree,
        metrics: undefined,
        requester: request.actor?.login,
      })
    ).body,
  };
  if (check.citationsRemoved > 0) ports.logger.warn('citations removed', { problems: check.citationProblems });
  return {
    kind: 'done',
    command,
    skill: skillUse,
    output: produced.output,
    comment: { body, reviewComments, issueDraft: draft },
    check,
    refusedToolCalls: produced.refused ?? [],
    notes: [...notes, ...(produced.notes ?? []), ...catalog.problems.map((p) => `${p.path}: ${p.message}`)],
    ...(produced.files ? { files: produced.files } : {}),
    metrics,
  };
}

/**
 * Each producer is imported when its command runs: together they are most of the core's modules (the
 * model pipeline, review rules, jsdiff), and an offline diagram needs none of the others.
 */
async function produce(command: OutputCommand, run: SkillRun, catalog: Awaited<ReturnType<typeof readSkillCatalog>>): Promise<Produced> {
  switch (command) {
    case 'help':
      return { kind: 'output', output: { kind: 'help' }, blocks: renderHelp(catalog), madeWithModel: false };
    case 'find':
    case 'refs':
    case 'map': {
      const { blocks, hits } = answerLookup(command, run.prompt, run.ports.index, run.linkTo);
      return { kind: 'output', output: { kind: 'lookup', command, argument: run.prompt, hits }, blocks, madeWithModel: false };
    }
    case 'explain':
    case 'debug':
      return (await import('./produce-answer.js')).produceAnswer(run, command);
    case 'plan':
    case 'refactor':
      return (await import('./produce-plan.js')).producePlan(run, command);
    case 'work':
      return (await import('./produce-changes.js')).produceChanges(run);
    case 'review':
      return (await import('./produce-review.js')).produceReview(run);
    case 'diagram':
      return (await import('./produce-diagram.js')).produceDiagram(run);
  }
}
