/** A fenced code block of a Markdown file, with the docs-check annotation written before it, if any. */
export interface DocBlock {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string's first word ('' when none). */
  lang: string;
  body: string;
  /** `<!-- docs-check: skip (reason) -->` on the last non-blank line before the fence. */
  skip?: string;
  /** The paragraph before the block (for an example output, the command it shows). */
  before: string;
}

const OPEN = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)/;
const ANNOTATION = /^<!--\s*docs-check:\s*skip\s*\((.+)\)\s*-->$/;
/** An annotation without a reason is an error, not a skip: the reader must learn why the block is not run. */
const BARE_ANNOTATION = /^<!--\s*docs-check:/;

/** The fenced blocks of `text` (nested fences inside a longer fence stay part of its body). */
export function readDocBlocks(file: string, text: string): { blocks: DocBlock[]; problems: string[] } {
  const lines = text.split('\n');
  const blocks: DocBlock[] = [];
  const problems: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const close = new RegExp(`^\\s*${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !close.test(lines[i]!); i++) body.push(lines[i]!);
    let previous = start - 1;
    while (previous >= 0 && lines[previous]!.trim() === '') previous--;
    const note = previous >= 0 ? lines[previous]!.trim() : '';
    const skip = ANNOTATION.exec(note)?.[1]?.trim();
    if (skip === undefined && BARE_ANNOTATION.test(note)) {
      problems.push(`${file}:${previous + 1}: a docs-check annotation must read <!-- docs-check: skip (why) -->`);
    }
    let paragraphStart = previous;
    while (paragraphStart > 0 && lines[paragraphStart - 1]!.trim() !== '') paragraphStart--;
    blocks.push({
      file,
      line: start + 1,
      lang: open[3]!.toLowerCase(),
      body: body.join('\n'),
      ...(skip === undefined ? {} : { skip }),
      before: previous >= 0 ? lines.slice(paragraphStart, previous + 1).join('\n') : '',
    });
  }
  return { blocks, problems };
}
