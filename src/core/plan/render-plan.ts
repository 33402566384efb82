import { describeCallSites, type PlanDoc } from './plan-doc.js';
import { formatLineRef, type LinkTo, type LineRef } from '../render/link-to.js';
import { describeUntoldCalls } from '../render/describe-untold-calls.js';
import { code, escapeText, link } from '../render/markdown.js';
import type { Block } from '../render/fit-comment.js';

/** `Retries already exist`, `Caching already exists`. */
const exists = (label: string) => (/s$/.test(label) ? 'exist' : 'exists');

const HEADINGS: Record<PlanDoc['flavour'], string> = { plan: 'Plan', refactor: 'Refactoring plan', work: 'Work plan' };

/**
 * The plan as comment blocks, in the template of the planning skill: goal;
 * context from the index (modules, symbols, patterns, each a permalink);
 * phases with task lists and files; acceptance criteria; risks and
 * mitigations. Sections a model wrote follow the index context; their text
 * is expected to be sanitised already.
 */
export function renderPlan(plan: PlanDoc, linkTo: LinkTo): Block[] {
  const cite = (ref: LineRef) => link(formatLineRef(ref), linkTo(ref));
  const blocks: Block[] = [
    {
      title: 'goal',
      essential: true,
      text: `## ${HEADINGS[plan.flavour]}: ${escapeText(plan.title)}\n\n### Goal\n${escapeText(plan.goal)}`,
    },
  ];
  const { modules, symbols, patterns } = plan.context;
  const context = ['### Context from the index'];
  const existing = plan.context.existing ?? [];
  if (existing.length > 0)
    context.push(
      '**Already in the repository**',
      ...existing.map((e) => `- ${escapeText(e.label)} already ${exists(e.label)}: ${code(e.path)} ${escapeText(e.proof)} ${cite(e.ref)}`),
      `Build on ${existing.length === 1 ? 'it' : 'them'} rather than adding a second mechanism.`,
      '',
    );
  if (modules.length > 0)
    context.push(
      '**Modules**',
      ...modules.map(
        (m) =>
          `- ${m.ref ? cite(m.ref) : code(m.path)} — ${m.role === 'change' ? 'to change' : 'related, read first'}: ${escapeText(m.why)}`,
      ),
    );
  if (symbols.length > 0) {
    context.push(
      '',
      '**Symbols**',
      ...symbols.map(
        (s) =>
          `- ${code(s.name)} (${s.kind}) ${cite(s.ref)}${s.callers > 0 ? ` — ${describeCallSites(s, { inFiles: true })}` : ''}` +
          (s.untold ? `${s.callers > 0 ? ';' : ' —'} ${describeUntoldCalls(s.untold, s.name.slice(s.name.lastIndexOf('.') + 1))}` : ''),
      ),
    );
  }
  if (patterns.length > 0)
    context.push('', '**Existing code to follow**', ...patterns.map((p) => `- ${escapeText(p.text)}: ${cite(p.ref)}`));
  if (modules.length === 0 && symbols.length === 0) context.push('Nothing in the index matched the request; the phases below are generic.');
  context.push('', `Confidence: ${escapeText(plan.confidence)}`);
  blocks.push({ title: 'context', text: context.join('\n') });
  for (const section of plan.modelSections) {
    const cites = section.citations.length > 0 ? `\n\nSources: ${section.citations.map(cite).join(', ')}` : '';
    blocks.push({ title: section.title, text: `### ${escapeText(section.title)}\n${section.body}${cites}` });
  }
  if (plan.modelSections.length === 0) {
    blocks.push({
      title: 'phases',
      text: [
        '### Phases',
        ...plan.phases.map((p, i) =>
          [
            `#### Phase ${i + 1}: ${escapeText(p.name)}`,
            ...p.tasks.map((t) => `- [ ] ${t}`),
            p.files.length > 0 ? `Files: ${p.files.map((f) => code(f)).join(', ')}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        ),
      ].join('\n\n'),
    });
    blocks.push({
      title: 'acceptance criteria',
      text: ['### Acceptance criteria', ...plan.acceptance.map((a) => `- [ ] ${a}`)].join('\n'),
    });
    if (plan.risks.length > 0) {
      blocks.push({
        title: 'risks',
        text: ['### Risks and mitigations', ...plan.risks.map((r) => `- ${r.risk} → ${r.mitigation}`)].join('\n'),
      });
    }
  }
  if (plan.gaps.length > 0)
    blocks.push({ title: 'known gaps', text: ['### Known gaps', ...plan.gaps.map((g) => `- ${escapeText(g)}`)].join('\n') });
  return blocks;
}

/** An issue the App can open for the plan: its title and a body whose phases are a task list. */
export function renderIssueDraft(plan: PlanDoc, linkTo: LinkTo): { title: string; body: string } {
  const body = renderPlan(plan, linkTo)
    .slice(1)
    .map((b) => b.text)
    .join('\n\n');
  return { title: `${HEADINGS[plan.flavour]}: ${plan.title}`, body: `### Goal\n${escapeText(plan.goal)}\n\n${body}` };
}
