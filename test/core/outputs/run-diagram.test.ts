import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';
import { ScriptedChatModel } from '../../helpers/scripted-chat-model.js';

function done(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${JSON.stringify(result).slice(0, 300)}`);
  return result;
}

const plan = JSON.stringify({
  intent: 'architecture',
  diagramType: 'architecture',
  questions: ['How is the server built?'],
  candidates: [],
  operations: [{ kind: 'map' }],
  maxRounds: 2,
});

describe('run > diagram', () => {
  it('offline: draws the architecture from the import graph, parsed by Mermaid, with a legend of linked files', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(await run({ command: 'diagram', prompt: 'architecture', repo: { kind: 'local', root: repo.root } }, ports));
    if (result.output.kind !== 'diagram') throw new Error('expected a diagram');
    const [diagram] = result.output.diagrams;
    expect(diagram).toMatchObject({ source: 'offline' });
    expect(diagram!.mermaid).toMatch(/^flowchart/);
    expect(result.comment.body).toContain('```mermaid\nflowchart');
    expect(result.comment.body).toContain('Drawn from the code index alone, without a language model.');
  });

  it('offline: a component diagram is its own picture, not the architecture under another name', async () => {
    const { ports, repo } = await explorePorts();
    const ask = async (prompt: string) => {
      const result = done(await run({ command: 'diagram', prompt, repo: { kind: 'local', root: repo.root } }, ports));
      if (result.output.kind !== 'diagram') throw new Error('expected a diagram');
      return result.output.diagrams[0]!;
    };
    const component = await ask('component diagram');
    const architecture = await ask('architecture');
    expect(component.graph.type).toBe('component');
    expect(component.graph.title).toContain('the symbols they use of each other');
    expect(component.mermaid).not.toBe(architecture.mermaid);
  });

  it('offline: says when no data model was found for an ERD', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(await run({ command: 'diagram', prompt: 'draw the ERD', repo: { kind: 'local', root: repo.root } }, ports));
    expect(result.comment.body).toContain('No data model was found');
    expect(result.comment.body).not.toContain('```mermaid');
  });

  it('offline: draws the architecture for a word that is no diagram type, and says the word is not one', async () => {
    const { ports, repo } = await explorePorts();
    const result = done(await run({ command: 'diagram', prompt: 'flowchart', repo: { kind: 'local', root: repo.root } }, ports));
    expect(result.comment.body).toContain('```mermaid\nflowchart');
    expect(result.comment.body).toContain('`flowchart` is not a diagram type (architecture, component, dependency, erd)');
  });

  it("with a model: posts the model's graph after dropping nodes whose paths are not in the tree", async () => {
    const { ports, repo } = await explorePorts();
    const model = new ScriptedChatModel([
      plan,
      'Enough.',
      {
        toolCalls: [
          {
            name: 'emit_diagram',
            args: {
              type: 'architecture',
              graph: {
                nodes: [
                  { id: 'server', label: 'Server "entry"', paths: ['src/server.ts'] },
                  { id: 'http', label: 'HTTP parsing', paths: ['src/http'] },
                  { id: 'ghost', label: 'Ghost', paths: ['src/ghost.ts', '../../etc/passwd'] },
                ],
                edges: [
                  { from: 'server', to: 'http', label: 'parses with' },
                  { from: 'ghost', to: 'http' },
                ],
                groups: [],
              },
            },
          },
        ],
      },
    ]);
    const result = done(
      await run({ command: 'diagram', prompt: 'architecture diagram', repo: { kind: 'local', root: repo.root } }, { ...ports, model }),
    );
    if (result.output.kind !== 'diagram') throw new Error('expected a diagram');
    const [diagram] = result.output.diagrams;
    expect(diagram!.source).toBe('model');
    expect(diagram!.graph.nodes.map((n) => n.id)).toEqual(['server', 'http']);
    expect(diagram!.mermaid).toContain('#quot;entry#quot;');
    expect(result.notes.join('\n')).toContain("1 node(s) of the model's diagram named paths not in the tree and were dropped");
  });

  it("with a model: falls back to the offline diagram when the model's graph is malformed, and says so", async () => {
    const { ports, repo } = await explorePorts(SAMPLE_FILES);
    const model = new ScriptedChatModel([
      plan,
      'Enough.',
      { toolCalls: [{ name: 'emit_diagram', args: { type: 'architecture', graph: { nodes: 'not a list' } } }] },
    ]);
    const result = done(
      await run({ command: 'diagram', prompt: 'architecture diagram', repo: { kind: 'local', root: repo.root } }, { ...ports, model }),
    );
    if (result.output.kind !== 'diagram') throw new Error('expected a diagram');
    expect(result.output.diagrams[0]!.source).toBe('offline');
    expect(result.comment.body).toMatch(/the model's diagram was rejected \(nodes/);
  });
});
