/** GitHub rejects an issue or PR comment body longer than this (characters). */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface Block {
  /** Shown in the trim note when the block is left out. */
  title: string;
  text: string;
  /** Kept even when others must go (the heading, the verdict, the footer). */
  essential?: boolean;
}

/**
 * Joins blocks into one comment within GitHub's limit. Whole blocks are left
 * out, last first among the non-essential ones, and a note names them: a
 * code block is never cut in the middle. If the essential blocks alone are
 * too long, the longest is cut at a line boundary and any open fence closed.
 */
export function fitComment(blocks: Block[], limit = GITHUB_COMMENT_LIMIT): { body: string; trimmed: string[] } {
  const join = (list: Block[]) => list.map((b) => b.text).join('\n\n');
  const kept = [...blocks];
  const trimmed: string[] = [];
  const note = () => `> [!NOTE]\n> Trimmed to fit GitHub's comment limit: ${trimmed.join(', ')}.`;
  const withNote = () =>
    trimmed.length === 0 ? join(kept) : join([...kept.slice(0, -1), { title: 'note', text: note() }, ...kept.slice(-1)]);
  while (withNote().length > limit) {
    const index = findLastIndex(kept, (b) => !b.essential);
    if (index < 0) break;
    trimmed.unshift(kept[index]!.title);
    kept.splice(index, 1);
  }
  let body = withNote();
  if (body.length > limit) {
    const longest = kept.reduce((a, b) => (b.text.length > a.text.length ? b : a));
    const over = body.length - limit + 200;
    longest.text = cutAtLine(longest.text, Math.max(0, longest.text.length - over));
    trimmed.push(`the end of ${longest.title}`);
    body = withNote();
  }
  return { body, trimmed };
}

/** The text up to `max` characters, ending on a line boundary, with an open code fence closed. */
export function cutAtLine(text: string, max: number): string {
  const cut = text.slice(0, max);
  const head = cut.lastIndexOf('\n') > 0 ? cut.slice(0, cut.lastIndexOf('\n')) : cut;
  let open: string | undefined;
  for (const line of head.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (!m) continue;
    if (!open) open = m[1];
    else if (m[1]!.startsWith(open[0]!) && m[1]!.length >= open.length && line.trim() === m[1]) open = undefined;
  }
  return `${head}\n${open ? `${open}\n` : ''}…(cut to fit)`;
}

function findLastIndex<T>(list: T[], test: (item: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (test(list[i]!)) return i;
  return -1;
}
