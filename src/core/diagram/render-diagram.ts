import type { DiagramType } from '../explore/types.js';
import type { LinkTo } from '../render/link-to.js';
import { escapeText, fence, plural } from '../render/markdown.js';
import type { DiagramGraph } from './diagram-graph.js';

export interface RenderDiagramInput {
  /** The graph as drawn: `compileMermaid(...).shown`, so the legend lists what the picture shows. */
  graph: DiagramGraph;
  mermaid: string;
  omitted: { nodes: number; edges: number; groups: number };
  linkTo: LinkTo;
  madeWithModel: boolean;
}

/** Files listed per box; a folder box cites the folder, so more than a few is a model listing everything. */
const MAX_PATHS_PER_ROW = 5;

const TYPE_NAME: Record<DiagramType, string> = {
  architecture: 'Architecture',
  component: 'Components',
  dependency: 'Dependencies',
  erd: 'Data model (ERD)',
};

/**
 * A diagram as GitHub Markdown: a heading with the type (and the graph's
 * title), the Mermaid block, a legend that links every box to the files it
 * stands for, what the caps left out, and how the diagram was made. Boxes
 * with no file (third-party packages) are not in the legend: there is
 * nothing in the repository to cite.
 */
export function renderDiagram(input: RenderDiagramInput): string {
  const { graph, omitted } = input;
  const heading = `### ${TYPE_NAME[graph.type]}${graph.title ? `: ${plainText(graph.title)}` : ''}`;
  const parts = [heading, fence(input.mermaid, 'mermaid')];
  const rows = graph.nodes
    .filter((n) => n.paths.length > 0)
    .map((n) => {
      const links = n.paths.slice(0, MAX_PATHS_PER_ROW).map((path) => pathLink(path, input.linkTo));
      if (n.paths.length > MAX_PATHS_PER_ROW) links.push(`and ${n.paths.length - MAX_PATHS_PER_ROW} more`);
      return `| ${plainText(n.label)} | ${links.join(', ')} |`;
    });
  if (rows.length > 0) parts.push(['| Box | Cited files |', '| --- | --- |', ...rows].join('\n'));
  const left = [
    omitted.nodes > 0 ? plural(omitted.nodes, 'box', 'boxes') : '',
    omitted.edges > 0 ? plural(omitted.edges, 'arrow') : '',
    omitted.groups > 0 ? plural(omitted.groups, 'group') : '',
  ].filter(Boolean);
  if (left.length > 0)
    parts.push(`_Left out to keep the diagram readable: ${joinWords(left)} (the best connected boxes and heaviest arrows are kept)._`);
  parts.push(
    input.madeWithModel
      ? '_Drawn by a language model from the explored code; every cited path was checked against the tree._'
      : '_Drawn from the code index alone, without a language model._',
  );
  return parts.join('\n\n');
}

/** `[src/a_b.ts](url)`: the text escaped for Markdown, the target safe inside `( )`. */
function pathLink(path: string, linkTo: LinkTo): string {
  // encodeURIComponent leaves ( ) alone, and an unbalanced one would end the link target early.
  const url = linkTo({ path }).replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${plainText(path)}](${url})`;
}

/**
 * Text shown literally, with `@name` in code so a label (a model's, or a
 * package like `@types/node`) never notifies anyone; same rule as
 * sanitizeModelText.
 */
function plainText(text: string): string {
  return escapeText(text).replace(
    /(^|[^\w`/\\])@([a-zA-Z0-9][a-zA-Z0-9-]{0,38})/g,
    (_, before: string, name: string) => `${before}\`@${name}\``,
  );
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}
