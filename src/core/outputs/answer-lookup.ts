import type { CodeIndex } from '../code-index/code-index.js';
import type { Block } from '../render/fit-comment.js';
import { formatLineRef, type LinkTo } from '../render/link-to.js';
import { code, escapeText, fence, link, plural } from '../render/markdown.js';

export type LookupCommand = 'find' | 'refs' | 'map';

const MAX_DEFINITIONS = 30;
const MAX_REFERENCES = 100;
/** The map in a comment: about a screen of outline. */
const MAP_TOKENS = 1500;

/**
 * `find`, `refs` and `map` answered straight from the index: no exploration,
 * no budget to spend, no model — a lookup takes milliseconds. The result
 * says how many hits there were and shows the first ones, linked.
 */
export function answerLookup(
  command: LookupCommand,
  argument: string,
  index: CodeIndex,
  linkTo: LinkTo,
): { blocks: Block[]; hits: number } {
  const cite = (path: string, startLine: number, endLine?: number) =>
    link(formatLineRef({ path, startLine, endLine }), linkTo({ path, startLine, endLine }));
  const name = argument.trim().split(/\s+/)[0] ?? '';
  if (command === 'find') {
    const hits = index.findDefinitions(name, MAX_DEFINITIONS + 1);
    const shown = hits.slice(0, MAX_DEFINITIONS);
    const lines = shown.map(
      (h) =>
        `- ${code(h.scope ? `${h.scope}.${h.name}` : h.name)} (${h.kind}) ${cite(h.path, h.startLine, h.endLine)}\n  ${code(h.signature)}`,
    );
    return {
      hits: hits.length,
      blocks: [
        {
          title: 'definitions',
          essential: true,
          text:
            `## Definitions of ${code(name || '(none given)')}\n\n${lines.length > 0 ? lines.join('\n') : `No definition of ${code(name)} in the index. Try \`refs ${escapeText(name)}\` or a question.`}` +
            (hits.length > MAX_DEFINITIONS ? `\n\nShowing the first ${MAX_DEFINITIONS}.` : ''),
        },
      ],
    };
  }
  if (command === 'refs') {
    const hits = index.findReferences(name, MAX_REFERENCES + 1);
    const byFile = new Map<string, typeof hits>();
    for (const h of hits.slice(0, MAX_REFERENCES)) byFile.set(h.path, [...(byFile.get(h.path) ?? []), h]);
    const lines = [...byFile.entries()].map(
      ([path, list]) =>
        `- ${code(path)}: ${list.map((h) => `${cite(path, h.line)} ${h.kind}${h.inSymbol ? ` in ${code(h.inSymbol)}` : ''}`).join(', ')}`,
    );
    return {
      hits: hits.length,
      blocks: [
        {
          title: 'references',
          essential: true,
          text:
            `## References to ${code(name || '(none given)')}\n\n` +
            (lines.length > 0
              ? `${plural(Math.min(hits.length, MAX_REFERENCES), 'use')} in ${plural(byFile.size, 'file')}${hits.length > MAX_REFERENCES ? ` (first ${MAX_REFERENCES} shown)` : ''}:\n\n${lines.join('\n')}`
              : `No references to ${code(name)} in the index.`),
        },
      ],
    };
  }
  const focus = argument.trim().split(/\s+/).filter(Boolean);
  const map = index.repoMap({
    tokens: MAP_TOKENS,
    focusPaths: focus.filter((f) => f.includes('/') || f.includes('.')),
    mentions: focus.filter((f) => !f.includes('/')),
  });
  const top = map.files.slice(0, 10).map((f) => link(f.path, linkTo({ path: f.path })));
  return {
    hits: map.files.length,
    blocks: [
      {
        title: 'map',
        essential: true,
        text: `## Repository map${focus.length > 0 ? ` around ${focus.map(code).join(', ')}` : ''}\n\n${fence(map.text)}`,
      },
      {
        title: 'top files',
        text: `${map.files.length} of ${map.totalFiles} files shown, ranked by PageRank over the reference graph. Top: ${top.join(', ')}`,
      },
    ],
  };
}
