import { createTwoFilesPatch } from 'diff';
import type { LinkTo } from '../render/link-to.js';
import type { ChangeResult } from './apply-change.js';
import { code as codeSpan, escapeText, fence as fenceBlock, plural } from '../render/markdown.js';
import { RISK_LABELS, type RiskLevel } from './proposed-change-schema.js';

/** A comment stays readable (and under GitHub's 65,536-character limit) with this many diff lines per change. */
const MAX_DIFF_LINES = 200;
const DIFF_CONTEXT_LINES = 3;

/**
 * The proposed changes as GitHub Markdown, for a person to review: grouped by
 * approval group (in order of first appearance, ungrouped last), each change
 * numbered in the order it was proposed, with its effective risk, rationale,
 * linked path and a diff; changes that could not be worked out show why.
 * Rationales are the model's text: sanitise the result before posting it.
 */
export function renderChanges(results: readonly ChangeResult[], options: { linkTo?: LinkTo } = {}): string {
  const numbered = results.map((result, i) => ({ result, n: i + 1 }));
  const groups = new Map<string, { label: string; items: typeof numbered }>();
  const ungrouped: typeof numbered = [];
  for (const item of numbered) {
    const group = item.result.change.approvalGroup;
    if (!group) {
      ungrouped.push(item);
      continue;
    }
    const entry = groups.get(group.id) ?? { label: group.label, items: [] };
    entry.items.push(item);
    groups.set(group.id, entry);
  }
  const sections = [`### Proposed changes`, renderSummary(results)];
  for (const [id, { label, items }] of groups) {
    sections.push(`#### ${escapeText(label)} (approval group ${codeSpan(id)}, ${plural(items.length, 'change')})`);
    sections.push(...items.map(({ result, n }) => renderChange(result, n, options.linkTo)));
  }
  if (ungrouped.length > 0) {
    if (groups.size > 0) sections.push('#### Other changes');
    sections.push(...ungrouped.map(({ result, n }) => renderChange(result, n, options.linkTo)));
  }
  return `${sections.join('\n\n')}\n`;
}

function renderSummary(results: readonly ChangeResult[]): string {
  if (results.length === 0) return 'No changes proposed.';
  const byRisk = ([0, 1, 2, 3] as const)
    .map((risk) => ({ risk, count: results.filter((r) => r.risk === risk).length }))
    .filter(({ count }) => count > 0)
    .map(({ risk, count }) => `${count} ${riskLabel(risk)}`);
  const failed = results.filter((r) => !r.ok).length;
  const notApplied = failed > 0 ? `; ${failed} could not be applied` : '';
  return `${plural(results.length, 'change')}: ${byRisk.join(', ')}${notApplied}. Nothing has been written to the repository.`;
}

function renderChange(result: ChangeResult, n: number, linkTo: LinkTo | undefined): string {
  const { change } = result;
  const head = `**${n}. ${escapeText(change.title)}** · ${riskLabel(result.risk)} · ${describeTarget(result, linkTo)}`;
  const parts = [head, change.rationale.trim()];
  if (!result.ok) {
    parts.push(`**Not applied:** ${escapeText(result.reason)}`);
    return parts.join('\n\n');
  }
  if (result.note) parts.push(`_${escapeText(result.note)}_`);
  if (change.kind === 'file_rename') {
    parts.push('Content unchanged.');
  } else if (change.kind === 'file_delete') {
    parts.push(`Deletes the file (${plural(countLines(result.before ?? ''), 'line')}).`);
  } else if (result.before !== result.after) {
    parts.push(renderDiff(change.path, result.before ?? '', result.after ?? ''));
  }
  return parts.join('\n\n');
}

function describeTarget(result: ChangeResult, linkTo: LinkTo | undefined): string {
  const { change } = result;
  const linked = (path: string, startLine?: number): string =>
    linkTo ? `[${codeSpan(path)}](${linkTo({ path, ...(startLine !== undefined && { startLine }) })})` : codeSpan(path);
  switch (change.kind) {
    case 'file_create':
      // A new file has no permalink yet; an overwritten one does.
      return `create ${result.ok && result.before !== undefined ? linked(change.path) : codeSpan(change.path)}${change.overwrite ? ' (overwrite)' : ''}`;
    case 'file_rename':
      return `rename ${linked(change.oldPath)} → ${codeSpan(change.newPath)}${change.overwrite ? ' (overwrite)' : ''}`;
    case 'file_delete':
      return `delete ${linked(change.path)}`;
    case 'patch':
      return `patch ${linked(change.path, result.ok ? firstChangedLine(result.before, result.after) : undefined)} (${change.format.replace('_', '-')})`;
  }
}

function renderDiff(path: string, before: string, after: string): string {
  const patch = createTwoFilesPatch(path, path, before, after, undefined, undefined, { context: DIFF_CONTEXT_LINES });
  const lines = patch.replace(/\n$/, '').split('\n');
  const body = lines.slice(
    Math.max(
      0,
      lines.findIndex((l) => l.startsWith('@@')),
    ),
  );
  const shown = fenceBlock(body.slice(0, MAX_DIFF_LINES).join('\n'), 'diff');
  const hidden = body.length - MAX_DIFF_LINES;
  return hidden > 0 ? `${shown}\n\n_${plural(hidden, 'more diff line')} not shown._` : shown;
}

function firstChangedLine(before: string | undefined, after: string | undefined): number | undefined {
  if (before === undefined || after === undefined || before === after) return undefined;
  const a = before.split('\n');
  const b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return Math.min(i + 1, a.length);
}

function riskLabel(risk: RiskLevel): string {
  return `risk ${risk} ${RISK_LABELS[risk]}`;
}

function countLines(text: string): number {
  return text === '' ? 0 : text.replace(/\n$/, '').split('\n').length;
}
