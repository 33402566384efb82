import { findLanguage } from '../code-index/languages.js';
import { classifyFile } from '../repo/classify-file.js';
import { formatLineRef, type LineRef } from '../render/link-to.js';
import { code, fence, plural } from '../render/markdown.js';
import type { SymbolChange } from './compare-symbols.js';
import type { Walkthrough, WalkthroughFile } from './build-walkthrough.js';
import type { ChangeFlow } from './build-change-flow.js';
import type { ReviewEffort } from './review-effort.js';
import type { CoChange } from './find-co-changes.js';
import type { MovedBlock } from './find-moved-blocks.js';

/** Files listed one by one; the rest are summed on one line. */
const MAX_FILES_LISTED = 20;
const MAX_SIGNATURE_CHARS = 140;
/** More moves than this between two files are summed on one line. */
const MAX_MOVES_PER_FILE_PAIR = 3;

/**
 * The walkthrough as Markdown: the files by size, each with its signature,
 * visibility and removal changes, then the blocks that moved or were only
 * re-indented. Moves cite the head's lines; their origin is a base line.
 */
export function renderWalkthrough(
  walkthrough: Walkthrough,
  cite: (ref: LineRef) => string,
  history?: CoChange | { unavailable: string },
): string {
  const churn = new Map(history && 'files' in history ? history.files.map((f) => [f.path, f.commits]) : []);
  const window = history && 'window' in history ? history.window : 0;
  // Product code first, then tests, then the rest (docs, changelogs, config, declarations, bundles); the biggest first within each.
  const files = [...walkthrough.files].sort((a, b) => order(a) - order(b) || b.additions + b.deletions - (a.additions + a.deletions));
  const listed = files.slice(0, MAX_FILES_LISTED);
  const lines = [
    '### Walkthrough',
    ...(walkthrough.effort ? [renderEffort(walkthrough.effort), ''] : []),
    ...listed.flatMap((f) => renderFile(f, cite, churn.get(f.oldPath ?? f.path), window)),
  ];
  const rest = files.slice(MAX_FILES_LISTED);
  if (rest.length > 0) {
    const add = rest.reduce((n, f) => n + f.additions, 0);
    const del = rest.reduce((n, f) => n + f.deletions, 0);
    lines.push(`- and ${plural(rest.length, 'more file')} (+${add} −${del})`);
  }
  for (const group of groupMoves(walkthrough.moved)) {
    if (group.length > MAX_MOVES_PER_FILE_PAIR) {
      const [from, to] = [group[0]!.from.path, group[0]!.to.path];
      const lineCount = group.reduce((n, m) => n + m.lines, 0);
      const where = from === to ? `within ${code(to)}` : `from ${code(from)} to ${code(to)}`;
      lines.push(`- Moved or re-indented: ${plural(group.length, 'block')} (${plural(lineCount, 'line')}) ${where}, whitespace aside`);
      continue;
    }
    for (const m of group) lines.push(renderMove(m, cite));
  }
  const unchecked = files.filter((f) => f.notCompared === 'head content differs from the diff');
  if (unchecked.length > 0) {
    lines.push(
      `- Declarations not compared in ${unchecked.map((f) => code(f.path)).join(', ')}: the content read is not the head commit's (the index is of another commit or of edited files)`,
    );
  }
  if (walkthrough.flow) lines.push('', ...renderFlow(walkthrough.flow));
  return lines.join('\n');
}

/** `**Review effort: 3/5** (412 lines changed in 9 files across 4 folders; 2 signature changes)`. */
export function renderEffort(effort: ReviewEffort): string {
  return `**Review effort: ${effort.score}/5** (${effort.reasons.join('; ')})`;
}

/** The changed call path as a Mermaid flowchart (already parsed by buildChangeFlow), with what it shows. */
function renderFlow(flow: ChangeFlow): string[] {
  const changed = flow.nodes.filter((n) => n.change !== 'unchanged').length;
  return [
    `**Call path of the change** (from the code index: ${plural(changed, 'changed function')} and ${plural(flow.edges.length, 'call')}; changed ones coloured, unchanged direct callers and callees in the changed files plain):`,
    '',
    fence(flow.mermaid, 'mermaid'),
  ];
}

function order(file: WalkthroughFile): number {
  const { kind } = classifyFile(file.path);
  if (kind === 'test') return 1;
  return kind === 'product' && findLanguage(file.path) ? 0 : 2;
}

function renderMove(m: MovedBlock, cite: (ref: LineRef) => string): string {
  const to = cite({ path: m.to.path, startLine: m.to.startLine, endLine: m.to.endLine });
  return m.reindented
    ? `- Re-indented, otherwise unchanged: ${to} (${plural(m.lines, 'line')}, whitespace aside)`
    : `- Moved: ${plural(m.lines, 'line')} from ${code(formatLineRef(m.from))} (before the change) to ${to}, whitespace aside`;
}

/** Moves by file pair, in order of first appearance: a reorganised file is one line, not thirty. */
function groupMoves(moved: MovedBlock[]): MovedBlock[][] {
  const groups = new Map<string, MovedBlock[]>();
  for (const m of moved) {
    const key = `${m.from.path}\n${m.to.path}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()];
}

function renderFile(file: WalkthroughFile, cite: (ref: LineRef) => string, commits: number | undefined, window: number): string[] {
  const status =
    file.status === 'renamed' && file.oldPath
      ? `, renamed from ${code(file.oldPath)}`
      : file.status === 'modified'
        ? ''
        : `, ${file.status}`;
  return [
    `- ${code(file.path)} (${file.notCompared === 'binary' ? 'binary' : `+${file.additions} −${file.deletions}`}${status}${
      commits !== undefined ? `; changed in ${commits} of the last ${plural(window, 'commit')}` : ''
    })`,
    ...file.symbolChanges.map((c) => `  - ${renderChange(c, file, cite)}`),
  ];
}

function renderChange(c: SymbolChange, file: WalkthroughFile, cite: (ref: LineRef) => string): string {
  switch (c.kind) {
    case 'signature':
      return `${code(c.name)} (${c.symbolKind}) ${cite({ path: file.path, startLine: c.line })}: ${c.symbolKind === 'type' ? 'definition' : 'signature'} ${code(clip(c.before))} → ${code(clip(c.after))}`;
    case 'visibility':
      return `${code(c.name)} (${c.symbolKind}) ${cite({ path: file.path, startLine: c.line })}: ${c.before} → ${c.after}${c.renamedFrom ? ` (renamed from ${code(c.renamedFrom)})` : ''}`;
    case 'renamed':
      return `${code(c.name)} (${c.symbolKind}) ${cite({ path: file.path, startLine: c.line })}: renamed from ${code(c.renamedFrom)}`;
    case 'removed':
      return `${code(c.name)} (${c.symbolKind}${c.visibility ? `, ${c.visibility}` : ''}) removed (was ${code(formatLineRef({ path: file.oldPath ?? file.path, startLine: c.line }))})`;
  }
}

function clip(text: string): string {
  return text.length > MAX_SIGNATURE_CHARS ? `${text.slice(0, MAX_SIGNATURE_CHARS - 1)}…` : text;
}

/** Files that usually change with the changed ones but are not in this change; one line when there is no history. */
export function renderCoChange(history: CoChange | { unavailable: string }): string | undefined {
  if ('unavailable' in history) return `Co-change and churn: not available (${history.unavailable}).`;
  const coupled = history.files.filter((f) => f.usuallyWith.length > 0);
  if (coupled.length === 0) return undefined;
  return [
    '### Files that usually change with these',
    `From the last ${plural(history.window, 'commit')} before the change (a file listed was in at least half of the commits that touched the changed one, and in 3 or more); none of them is in this change:`,
    '',
    ...coupled.map(
      (f) =>
        `- ${code(f.path)} (${plural(f.commits, 'commit')}): ${f.usuallyWith.map((w) => `${code(w.path)} ${w.together} of ${f.commits}`).join(', ')}`,
    ),
  ].join('\n');
}
