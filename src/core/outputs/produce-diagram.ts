import type { DiagramType } from '../explore/types.js';
import { DIAGRAM_TYPES, findUnknownDiagramType, readDiagramType } from '../explore/read-prompt.js';
import { buildArchitectureDiagram } from '../diagram/build-architecture-diagram.js';
import { buildComponentDiagram } from '../diagram/build-component-diagram.js';
import { buildChangeDiagram } from '../diagram/build-change-diagram.js';
import { buildDependencyDiagram } from '../diagram/build-dependency-diagram.js';
import { buildErdDiagram } from '../diagram/build-erd-diagram.js';
import { compileMermaid } from '../diagram/compile-mermaid.js';
import { buildTreePredicate, parseDiagramGraph, type DiagramGraph } from '../diagram/diagram-graph.js';
import { renderDiagram } from '../diagram/render-diagram.js';
import { validateMermaid } from '../diagram/validate-mermaid.js';
import type { Block } from '../render/fit-comment.js';
import type { DiagramOutput } from './output.js';
import { toBudgetExceeded, toolsFor, type Produced, type SkillRun } from './skill-run.js';

/**
 * `diagram`: a graph as JSON (from the model through emit_diagram, or from
 * the offline builders), every path checked against the tree, compiled to
 * Mermaid deterministically and parsed by Mermaid before it may be posted.
 * A model graph that fails any check is replaced by the offline one, and the
 * reply says so. On a pull request (a diff is given) the diagram shows the
 * changed modules before and after.
 */
export async function produceDiagram(run: SkillRun): Promise<Produced> {
  const { index, source } = run.ports;
  const type = readDiagramType(run.prompt);
  const tree = index.listFiles().map((f) => f.path);
  const notes: string[] = [];
  const unknownType = run.request.diff === undefined ? findUnknownDiagramType(run.prompt) : undefined;
  if (unknownType !== undefined) {
    notes.push(`\`${unknownType}\` is not a diagram type (${DIAGRAM_TYPES.join(', ')}): the ${type} diagram is shown`);
  }
  // The builders' reads are charged like the pipeline's: a file that does not fit the budget is left out and named.
  const unread = { files: 0, limit: '' };
  const readFile = async (path: string) => {
    const charge = run.meter.touchFile(path, index.getFile(path)?.size ?? 0);
    if (!charge.ok) {
      unread.files += 1;
      unread.limit = charge.limit;
      return '';
    }
    return source.readFile(path);
  };
  const graphs: { title: string; graph: DiagramGraph; source: 'model' | 'offline'; linkTo?: SkillRun['linkTo'] }[] = [];
  let explored: Awaited<ReturnType<SkillRun['explore']>> | undefined;

  if (run.request.diff !== undefined) {
    // jsdiff loads for a before/after diagram alone.
    const { parseDiff } = await import('../review/parse-diff.js');
    const changes = parseDiff(run.request.diff).map((f) => ({ path: f.path, status: f.status, oldPath: f.oldPath }));
    const { before, after } = buildChangeDiagram(index, changes);
    // Deleted files and old names exist at the base, not at the head: the before diagram links there.
    const base = run.linkToCommit(run.request.pullRequest?.baseSha);
    graphs.push({ title: 'Before', graph: before, source: 'offline', linkTo: base }, { title: 'After', graph: after, source: 'offline' });
  } else {
    if (run.ports.model) {
      explored = await run.explore({
        spec: {
          instructions: run.skill?.body,
          closing: `Call emit_diagram once with a ${type} graph as JSON (nodes with the repository paths they stand for, edges, groups)`,
          finished: (out) => out.diagrams.length > 0,
        },
        tools: toolsFor(run.skill, ['emit_diagram', 'emit_answer']),
      });
      if (explored.kind === 'budget-exceeded') return toBudgetExceeded(explored);
      const emitted = explored.output?.diagrams[0];
      if (emitted) {
        const checked = parseDiagramGraph(emitted.graph, { type: emitted.type as DiagramType, inTree: buildTreePredicate(tree) });
        if (checked.ok && checked.graph.nodes.length > 0) {
          graphs.push({ title: titleOf(checked.graph.type), graph: checked.graph, source: 'model' });
          if (checked.droppedNodes > 0)
            notes.push(`${checked.droppedNodes} node(s) of the model's diagram named paths not in the tree and were dropped`);
        } else {
          notes.push(
            `the model's diagram was rejected (${checked.ok ? 'no node named a path in the tree' : checked.problems.slice(0, 3).join('; ')}); the offline diagram is shown`,
          );
        }
      } else {
        notes.push('the model produced no diagram; the offline diagram is shown');
      }
    }
    if (graphs.length === 0) {
      const offline = await buildOffline(type, run, readFile);
      if (offline) graphs.push({ title: titleOf(offline.type), graph: offline, source: 'offline' });
      else notes.push('No data model was found: no SQL `CREATE TABLE`, Django, SQLAlchemy, TypeORM or Prisma models in the index.');
    }
  }

  if (unread.files > 0) {
    notes.push(
      `${unread.files} file(s) were not read because the ${unread.limit} budget was spent: the diagram may miss what they show (raise it with files= or bytes=)`,
    );
  }
  const diagrams: DiagramOutput[] = [];
  const blocks: Block[] = [
    {
      title: 'heading',
      essential: true,
      text: `## Diagram: ${titleOf(type)}${run.request.diff !== undefined ? ' of the changed modules' : ''}`,
    },
  ];
  for (const { title, graph, source: from, linkTo } of graphs) {
    const compiled = compileMermaid(graph);
    const valid = await validateMermaid(compiled.text);
    if (!valid.ok) {
      // Never post a diagram GitHub cannot draw: say what happened instead.
      notes.push(`the ${title.toLowerCase()} diagram did not parse as Mermaid and was left out (${valid.message.split('\n')[0]})`);
      continue;
    }
    diagrams.push({ title, graph: compiled.shown, mermaid: compiled.text, omitted: compiled.omitted, source: from });
    const text = renderDiagram({
      graph: compiled.shown,
      mermaid: compiled.text,
      omitted: compiled.omitted,
      linkTo: linkTo ?? run.linkTo,
      madeWithModel: from === 'model',
    });
    blocks.push({ title: `${title} diagram`, essential: true, text: graphs.length > 1 ? `### ${title}\n\n${text}` : text });
  }
  if (notes.length > 0) blocks.push({ title: 'notes', text: notes.map((n) => `- ${n}`).join('\n') });
  const outcome = explored?.kind === 'done' ? explored : undefined;
  return {
    kind: 'output',
    output: { kind: 'diagram', diagrams, notes },
    blocks,
    madeWithModel: diagrams.some((d) => d.source === 'model'),
    explore: outcome?.metrics,
    plan: outcome?.plan,
    refused: outcome?.metrics.refusedToolCalls,
    notes,
  };
}

async function buildOffline(
  type: DiagramType,
  run: SkillRun,
  readFile: (path: string) => Promise<string>,
): Promise<DiagramGraph | undefined> {
  const { index } = run.ports;
  if (type === 'erd') return buildErdDiagram(index, readFile);
  if (type === 'dependency') return buildDependencyDiagram(index, readFile);
  if (type === 'component') return buildComponentDiagram(index, { scope: run.scope });
  return buildArchitectureDiagram(index, { scope: run.scope });
}

function titleOf(type: DiagramType): string {
  return { architecture: 'Architecture', component: 'Components', dependency: 'Dependencies', erd: 'Data model (ERD)' }[type];
}
