import { fence, languageOf } from '../render/markdown.js';
import type { DiffFile } from './parse-diff.js';
import type { ReviewDraft } from './review-draft.js';

export interface InlineComment {
  path: string;
  /** The last line of the quote on the new side. */
  line: number;
  /** The first line, when the quote spans more than one. */
  startLine?: number;
  side: 'RIGHT';
  body: string;
  draft: ReviewDraft;
}

export interface PlacedComments {
  inline: InlineComment[];
  needsJudgement: { draft: ReviewDraft; reason: string }[];
}

interface NewSideLine {
  line: number;
  text: string;
}

interface Match {
  lines: NewSideLine[];
  /** The quote covers its lines entirely (indentation aside), so a suggestion can replace them. */
  whole: boolean;
}

/**
 * Binds drafts to new-side lines of the diff. A comment goes inline only
 * when its quote is found exactly once among the new-side lines (added and
 * context) of its file's hunks; otherwise it would sit on a guess, so it is
 * handed to a person with the reason. GitHub accepts review comments only on
 * lines inside a hunk, which this also guarantees.
 */
export function placeComments(files: DiffFile[], drafts: ReviewDraft[]): PlacedComments {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const placed: PlacedComments = { inline: [], needsJudgement: [] };
  for (const draft of drafts) {
    const file = byPath.get(draft.path);
    const quote = toQuoteLines(draft.quote);
    if (!file || file.status === 'deleted') {
      placed.needsJudgement.push({ draft, reason: file ? 'file is deleted in the diff' : 'file not in the diff' });
      continue;
    }
    if (quote.length === 0) {
      placed.needsJudgement.push({ draft, reason: 'quote is empty' });
      continue;
    }
    const matches = toNewSideRuns(file).flatMap((run) => findMatches(run, quote));
    if (matches.length !== 1) {
      const reason = matches.length === 0 ? 'quote not found in the diff' : `quote found ${matches.length} times`;
      placed.needsJudgement.push({ draft, reason });
      continue;
    }
    const match = matches[0]!;
    const first = match.lines[0]!.line;
    const last = match.lines[match.lines.length - 1]!.line;
    placed.inline.push({
      path: file.path,
      line: last,
      ...(first !== last ? { startLine: first } : {}),
      side: 'RIGHT',
      body: buildCommentBody(draft, match, quote),
      draft,
    });
  }
  return placed;
}

/** Quote lines with trailing whitespace trimmed and blank lines around it dropped. */
function toQuoteLines(quote: string): string[] {
  const lines = quote.split('\n').map((l) => l.trimEnd());
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Each hunk's new side: consecutive line numbers, since deleted lines take none. */
function toNewSideRuns(file: DiffFile): NewSideLine[][] {
  return file.hunks.map((h) =>
    h.lines.filter((l) => l.kind !== 'del' && l.newLine !== undefined).map((l) => ({ line: l.newLine!, text: l.text.trimEnd() })),
  );
}

/**
 * A one-line quote may be any part of a line. A longer quote must run over
 * consecutive lines: its first line ends the first line, its middle lines
 * equal theirs, its last line begins the last one (indentation ignored).
 */
function findMatches(run: NewSideLine[], quote: string[]): Match[] {
  const q = quote.map((l) => l.trim());
  const matches: Match[] = [];
  if (q.length === 1) {
    for (const l of run) if (l.text.includes(q[0]!)) matches.push({ lines: [l], whole: l.text.trim() === q[0] });
    return matches;
  }
  for (let i = 0; i + q.length <= run.length; i += 1) {
    const lines = run.slice(i, i + q.length);
    const texts = lines.map((l) => l.text.trim());
    const ends = texts[0]!.endsWith(q[0]!) && texts[texts.length - 1]!.startsWith(q[q.length - 1]!);
    if (ends && texts.slice(1, -1).every((t, k) => t === q[k + 1])) {
      matches.push({ lines, whole: texts[0] === q[0] && texts[texts.length - 1] === q[q.length - 1] });
    }
  }
  return matches;
}

const SEVERITY_LABEL = { info: 'Note', warning: 'Warning', error: 'Problem' } as const;

function buildCommentBody(draft: ReviewDraft, match: Match, quote: string[]): string {
  const language = languageOf(draft.path);
  const label = draft.severity ? `**${SEVERITY_LABEL[draft.severity]}:** ` : '';
  const parts = [fence(quote.join('\n'), language), `${label}${draft.body}`];
  if (draft.suggestion !== undefined) {
    parts.push(
      match.whole
        ? buildSuggestionBlock(reindent(draft.suggestion, match.lines[0]!.text, quote[0]!))
        : draft.suggestion === ''
          ? 'Suggested fix: remove the quoted code.'
          : `Suggested replacement for the quoted code (not offered as a one-click suggestion: the quote is only part of its line):\n\n${fence(draft.suggestion, language)}`,
    );
  }
  parts.push(`<sub>nanodex · ${draft.kind}</sub>`);
  return parts.join('\n\n');
}

/**
 * A rule quotes a trimmed line and suggests a trimmed replacement; the line
 * keeps its indentation, so what the line has beyond the quote is added back.
 * A suggestion that starts indented is already in the file's terms.
 */
function reindent(suggestion: string, line: string, quoteFirstLine: string): string {
  // A suggestion that brings its own indentation (a model copying the file) is taken as written.
  if (/^[ \t]/.test(suggestion)) return suggestion;
  const lineIndent = /^\s*/.exec(line)![0];
  const quoteIndent = /^\s*/.exec(quoteFirstLine)![0];
  const extra = lineIndent.startsWith(quoteIndent) ? lineIndent.slice(quoteIndent.length) : '';
  return extra === ''
    ? suggestion
    : suggestion
        .split('\n')
        .map((l) => (l === '' ? l : extra + l))
        .join('\n');
}

/** GitHub's suggestion block; an empty one deletes the lines, which `fence` would turn into one blank line. */
function buildSuggestionBlock(suggestion: string): string {
  if (suggestion === '') return '```suggestion\n```';
  return fence(suggestion, 'suggestion');
}
