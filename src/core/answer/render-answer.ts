import type { AnswerDoc } from './answer-doc.js';
import type { Block } from '../render/fit-comment.js';
import { formatLineRef, type LinkTo } from '../render/link-to.js';
import { code, escapeText, fence, languageOf, link, plural } from '../render/markdown.js';
import { FLOW_LINES } from '../explore/plan-follow-up.js';
import { hasBody } from '../explore/rank-definitions.js';
import type { EvidenceItem, MapModule } from '../explore/types.js';

/** Evidence excerpts shown offline: enough to answer from, not the whole evidence set. */
const MAX_EXCERPTS = 8;
const MAX_EXCERPT_LINES = 40;
/** An implementation's or the flow's excerpt is shown longer: viper's `find` takes 60 lines to say its lookup order. */
const MAX_FLOW_EXCERPT_LINES = FLOW_LINES;

/**
 * An explanation (or a debugging lead) with its citations, confidence and
 * known gaps. With a model the answer's prose leads and the cited places
 * follow; offline the findings of the index lead and the strongest evidence
 * excerpts are shown, each linked to its lines.
 */
export function renderAnswer(doc: AnswerDoc, linkTo: LinkTo): Block[] {
  const { context: c } = doc;
  const heading = doc.flavour === 'debug' ? 'Debugging' : 'Explanation';
  const blocks: Block[] = [
    {
      title: 'question',
      essential: true,
      text:
        `## ${heading}: ${escapeText(doc.question.length > 100 ? `${doc.question.slice(0, 97)}…` : doc.question)}\n\n` +
        `Confidence: **${c.confidence}** — ${escapeText(c.confidenceReason)}.`,
    },
  ];
  if (doc.answer) {
    const cites = doc.answer.citations.map((x) => link(formatLineRef(x), linkTo(x)));
    blocks.push({
      title: 'answer',
      essential: true,
      text: `${doc.answer.text}${cites.length > 0 ? `\n\nSources: ${cites.join(', ')}` : ''}`,
    });
  } else {
    const lead =
      doc.flavour === 'debug'
        ? 'Where to look first, from the code index (no language model was used: these are the places the question leads to, not a diagnosis):'
        : "What the code index shows (no language model was used: the findings and excerpts below are the answer's evidence, not prose):";
    blocks.push({
      title: 'findings',
      essential: true,
      text: [
        lead,
        '',
        ...(c.keyFindings.length > 0 ? c.keyFindings.map((f) => `- ${escapeText(f)}`) : ['- nothing in the index matched']),
      ].join('\n'),
    });
  }
  if (!doc.answer && c.modules && c.modules.length > 0) blocks.push(renderModules(c.modules, linkTo));
  const excerpts = [...c.evidence].sort((a, b) => tier(a) - tier(b) || a.round - b.round).slice(0, doc.answer ? 0 : MAX_EXCERPTS);
  if (excerpts.length > 0) {
    const parts = excerpts.map((e) => {
      const lines = e.snippet.split('\n');
      const most = tier(e) <= 1 ? MAX_FLOW_EXCERPT_LINES : MAX_EXCERPT_LINES;
      const shown = lines.length > most ? [...lines.slice(0, most), '…'] : lines;
      const ref = { path: e.path, startLine: e.startLine, endLine: e.endLine };
      return `#### ${link(formatLineRef(ref), linkTo(ref))}\n_${escapeText(e.reason.length > 160 ? `${e.reason.slice(0, 157)}…` : e.reason)}_\n${fence(shown.join('\n'), languageOf(e.path))}`;
    });
    blocks.push({ title: 'evidence', text: ['### Evidence', ...parts].join('\n\n') });
  }
  const more = c.evidence.length - excerpts.length;
  if (more > 0 && !doc.answer) blocks.push({ title: 'more evidence', text: `${plural(more, 'more excerpt')} gathered (see \`--json\`).` });
  if (c.knownGaps.length > 0)
    blocks.push({ title: 'known gaps', text: ['### Known gaps', ...c.knownGaps.map((g) => `- ${escapeText(g)}`)].join('\n') });
  return blocks;
}

/** An overview's modules: the product's files the code uses most, each with its main declarations linked. */
function renderModules(modules: MapModule[], linkTo: LinkTo): Block {
  const lines = modules.map((m) => {
    const declarations = m.declarations.map((d) => {
      const ref = { path: m.path, startLine: d.startLine, endLine: d.endLine };
      return `${link(code(d.name), linkTo(ref))} (${d.kind})`;
    });
    return `- ${code(m.path)}${declarations.length > 0 ? ` — ${declarations.join(', ')}` : ''}`;
  });
  return { title: 'modules', text: ['### Modules, most used first (repository map)', ...lines].join('\n') };
}

/**
 * The order excerpts are shown in, so the cut keeps what answers: the named definitions that have a body (the
 * implementation, not an interface's one-line method or a wrapper), then the flow from them (what they call, their
 * callers, a field's uses), then one-line definitions, call sites, and last the code that only shares words.
 */
function tier(e: EvidenceItem): number {
  if (e.source === 'definition') return hasBody(e) ? 0 : 2;
  if (e.flow) return 1;
  return ({ references: 3, chunk: 4, search: 5, head: 6, map: 7 } as Record<string, number>)[e.source] ?? 8;
}
