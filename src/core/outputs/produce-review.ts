import { REVIEW_PROMPT } from '../commands/command-table.js';
import { executeWithModel } from '../explore/model-phases.js';
import type { RepoContext } from '../explore/types.js';
import { parseDiff, type DiffFile } from '../review/parse-diff.js';
import { placeComments } from '../review/place-comments.js';
import { placeFindings } from '../review/findings/place-findings.js';
import { formatLineRef } from '../render/link-to.js';
import { link } from '../render/markdown.js';
import { renderReview } from '../review/render-review.js';
import type { ReviewDraft } from '../review/review-draft.js';
import { findPathInstructions } from '../review/findings/review-paths.js';
import { reviewOffline, type OfflineReview } from '../review/review-offline.js';
import { addRuleFindings } from '../review/rules/add-rule-findings.js';
import { estimateTokens } from '../tokens.js';
import { buildOutputTools, createOutputCollector } from '../tools/phase-tools.js';
import { ToolGate, type RefusedCall } from '../tools/tool-gate.js';
import { loadTestLayout } from '../tests/load-test-layout.js';
import { DEFAULT_REVIEW_SETTINGS } from '../config/repo-config.js';
import type { ReviewFinding } from '../review/findings/review-finding.js';
import { describeDrops, verifyModelFindings } from '../review/verify-model-findings.js';
import { toolsFor, type Produced, type SkillRun } from './skill-run.js';

/**
 * `review`: the diff (base..head) and the head index give the offline review
 * (changed symbols, blast radius, missing tests, risky patterns, receipt);
 * with a model, the reviewing skill adds findings through
 * emit_review_comment, each quoting the code it is about and citing its
 * evidence; verifyModelFindings keeps those the cited code bears out, at
 * most review.maxComments. Every comment is placed inline only when its
 * quote is found exactly once in the diff.
 */
export async function produceReview(run: SkillRun): Promise<Produced> {
  const diff = run.request.diff;
  if (diff === undefined) return { kind: 'skipped', reason: 'a review needs a diff: give --base and --head, or run it on a pull request' };
  const files = parseDiff(diff);
  if (files.length === 0) return { kind: 'skipped', reason: 'the diff between base and head is empty' };
  const pr = run.request.pullRequest;
  const offline = await reviewOffline({
    files,
    index: run.ports.index,
    base: pr?.baseSha ?? 'base',
    head: pr?.headSha ?? 'head',
    readHead: (path) => run.ports.source.readFile(path),
    history: run.ports.history,
    pullRequestText: pr ? `${pr.title}\n\n${pr.body}` : undefined,
    repoName: run.repoName,
    layout: await loadTestLayout(run.ports.index, (path) => run.ports.source.readFile(path)),
  });
  const settings = run.request.review;
  const { review, notes } = await addRuleFindings(offline, {
    files,
    index: run.ports.index,
    readFile: (path) => run.ports.source.readFile(path),
    settings,
  });
  const drafts: ReviewDraft[] = [...review.drafts];
  let modelSummary: string | undefined;
  let refused: RefusedCall[] = [];
  let modelFindings: ReviewFinding[] | undefined;
  if (review.walkthrough.flowLeftOut) notes.unshift(review.walkthrough.flowLeftOut);
  const model = run.ports.model;
  if (model) {
    const out = createOutputCollector();
    const gate = new ToolGate({
      discovery: [],
      execution: buildOutputTools(out, toolsFor(run.skill, ['emit_review_comment', 'emit_answer'])),
    });
    const { material, left } = buildMaterial(files, review, {
      tokensLeft: run.meter.budget.contextTokens - run.meter.usage().contextTokens,
      instructionsFor: (path) => findPathInstructions(path, settings),
    });
    const charge = run.meter.charge('contextTokens', estimateTokens(material));
    if (!charge.ok) return { kind: 'budget-exceeded', refused: charge, gathered: [] };
    if (left.length > 0) notes.push(`not shown to the model (token budget): ${left.join(', ')}`);
    const executed = await executeWithModel({
      model,
      gate,
      meter: run.meter,
      prompt: run.prompt || REVIEW_PROMPT,
      context: emptyContext(run.repoName),
      out,
      spec: {
        instructions: run.skill?.body,
        material,
        closing:
          'Call emit_review_comment for each finding: quote the exact code from the new side of the diff, give its line, cite in evidence the other lines it rests on, and name in backticks only identifiers that code contains; the offline findings are established, do not argue with them. Then call emit_answer once with the review summary',
        finished: (o) => o.answer !== undefined,
      },
    });
    if (!executed.ok) return { kind: 'budget-exceeded', refused: executed.refused, gathered: [] };
    modelSummary = out.answer?.text;
    refused = gate.refused;
    const verified = await verifyModelFindings(out.reviewComments, {
      files,
      review,
      readHead: (path) => run.ports.source.readFile(path),
      maxComments: run.request.review?.maxComments ?? DEFAULT_REVIEW_SETTINGS.maxComments,
    });
    modelFindings = verified.findings;
    drafts.push(...verified.drafts);
    const drops = describeDrops(verified, out.reviewComments.length);
    if (drops) notes.push(drops);
  }
  const placed = placeComments(files, drafts);
  // Findings on a line of the diff are inline comments too (their fingerprints follow the same suppression); the rest are summary items.
  const findings = placeFindings(files, review.findings, (ref) => link(formatLineRef(ref), run.linkTo(ref)));
  placed.inline.push(...findings.inline);
  const rendered = renderReview({
    review,
    placed,
    linkTo: run.linkTo,
    madeWithModel: model !== undefined,
    modelSummary,
    inlineFindings: findings.placed,
  });
  return {
    kind: 'output',
    output: { kind: 'review', review, placed, modelSummary, ...(modelFindings ? { modelFindings } : {}) },
    blocks: rendered.blocks,
    reviewComments: rendered.comments,
    madeWithModel: model !== undefined,
    refused,
    notes,
  };
}

/** The diff as the model sees it, file by file while the token budget lasts, then the offline findings. */
function buildMaterial(
  files: DiffFile[],
  review: OfflineReview,
  options: { tokensLeft: number; instructionsFor: (path: string) => string[] },
): { material: string; left: string[] } {
  const { tokensLeft } = options;
  const findings = [
    'Offline findings (deterministic, from the code index: do not repeat or contradict them):',
    ...review.findings.slice(0, 20).map((f) => `- ${f.severity} ${f.rule} at ${f.path}:${f.line}: ${f.message}`.slice(0, 400)),
    ...review.walkthrough.files.flatMap((f) =>
      f.symbolChanges
        .slice(0, 10)
        .map((c) => `- ${f.path}: ${c.kind} of ${c.name}${c.kind === 'signature' ? `: ${c.before} -> ${c.after}` : ''}`.slice(0, 300)),
    ),
    ...review.walkthrough.moved.map(
      (m) => `- ${m.reindented ? 're-indented' : 'moved'}: ${m.from.path} -> ${m.to.path}:${m.to.startLine}-${m.to.endLine}`,
    ),
    ...review.blastRadius.slice(0, 10).map((b) => `- ${JSON.stringify(b).slice(0, 300)}`),
    ...review.tests.gaps.map((g) => `- no changed test reaches ${g.path}`),
    // Established facts the model must not contradict (verifyModelFindings drops a comment that does).
    ...review.drafts.slice(0, 20).map((d) => `- ${d.kind} in ${d.path}: ${d.quote}`.slice(0, 300)),
    ...(review.tests.testsToRun.length > 0 ? [`- tests to run: ${review.tests.testsToRun.join(', ')}`] : []),
  ].join('\n');
  const parts: string[] = [];
  const left: string[] = [];
  let used = estimateTokens(findings);
  for (const file of files) {
    if (file.binary || file.status === 'deleted') continue;
    const instructions = options.instructionsFor(file.path);
    const told = instructions.length > 0 ? `The repository's instructions for this file (review.paths):\n${instructions.join('\n')}\n` : '';
    const text = `--- ${file.path} (${file.status})\n${told}${file.hunks
      .map((h) => `${h.header}\n${h.lines.map((l) => `${l.kind === 'add' ? '+' : l.kind === 'del' ? '-' : ' '}${l.text}`).join('\n')}`)
      .join('\n')}`;
    const cost = estimateTokens(text);
    if (used + cost > tokensLeft * 0.8) {
      left.push(file.path);
      continue;
    }
    used += cost;
    parts.push(text);
  }
  return { material: `Diff (new side is what the comments quote):\n${parts.join('\n')}\n\n${findings}`, left };
}

function emptyContext(repo: string): RepoContext {
  return {
    repo,
    headSha: undefined,
    intent: 'change',
    questions: [],
    summary: 'A pull request diff.',
    keyFindings: [],
    evidence: [],
    confidence: 'medium',
    confidenceReason: 'the diff is the evidence',
    knownGaps: [],
    tokens: 0,
  };
}
