import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCompiledMermaid } from '../../../src/core/diagram/check-compiled-mermaid.js';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { parseWithMermaid, validateMermaid } from '../../../src/core/diagram/validate-mermaid.js';
import { hostileGraphs, hostileText } from './hostile-graphs.js';

/** A compiled text with one edit: a hostile fragment inserted, a character deleted, or a line repeated. */
const mutated = (type: 'architecture' | 'dependency' | 'erd') =>
  fc.tuple(hostileGraphs(type), fc.nat(), fc.nat(3), hostileText).map(([graph, at, how, fragment]) => {
    const text = compileMermaid(graph).text;
    const i = at % (text.length + 1);
    if (how === 0) return text.slice(0, i) + fragment + text.slice(i);
    if (how === 1) return text.slice(0, i) + text.slice(i + 1);
    const lines = text.split('\n');
    const line = at % lines.length;
    return [...lines.slice(0, line + 1), lines[line]!, ...lines.slice(line + 1)].join('\n');
  });

describe('checkCompiledMermaid', () => {
  describe('on what compileMermaid writes', () => {
    for (const type of ['architecture', 'dependency', 'erd'] as const) {
      it(`accepts every compiled ${type} graph, as Mermaid does, with Mermaid's diagram type`, async () => {
        await fc.assert(
          fc.asyncProperty(hostileGraphs(type), async (graph) => {
            const { text } = compileMermaid(graph);
            const fast = checkCompiledMermaid(text);
            if (fast === undefined) throw new Error(`the fast check is not sure of compiled text:\n${text}`);
            expect(await parseWithMermaid(text), text).toEqual(fast);
          }),
          { numRuns: 40, seed: 20_261_125 },
        );
      });
    }
  });

  describe('on edited text', () => {
    for (const type of ['architecture', 'erd'] as const) {
      it(`accepts an edited ${type} diagram only when Mermaid does`, async () => {
        await fc.assert(
          fc.asyncProperty(mutated(type), async (text) => {
            const fast = checkCompiledMermaid(text);
            if (fast === undefined) return;
            const parsed = await parseWithMermaid(text);
            if (!parsed.ok) throw new Error(`accepted what Mermaid refuses (${parsed.message}):\n${text}`);
          }),
          { numRuns: 150, seed: 20_261_126 },
        );
      });
    }
  });

  it.each([
    ['a node defined inside an edge', 'flowchart TB\n  n1["a"] --> n2["b"]'],
    ['an unclosed label', 'flowchart TB\n  n1["unclosed] --> n2'],
    ['a raw quote in a label', 'flowchart TB\n  n1["say "hi""]'],
    ['a directive', '%%{init: {"theme":"dark"}}%%\nflowchart TB\n  n1["a"]'],
    ['a click handler', 'flowchart TB\n  n1["a"]\n  click n1 call alert()'],
    ['a subgraph left open', 'flowchart TB\n  subgraph g1["a"]\n    n1["b"]'],
    ["a node outside its subgraph's indentation", 'flowchart TB\n  subgraph g1["a"]\n  n1["b"]\n  end'],
    ['a column named like a key', 'erDiagram\n  e1["t"] {\n    int PK\n  }'],
    ['an entity block left open', 'erDiagram\n  e1["t"] {\n    int id'],
    ['prose', 'this is prose, not a diagram'],
    ['a sequence diagram', 'sequenceDiagram\n  A->>B: hi'],
  ])('is not sure of %s (Mermaid decides)', (_what, text) => {
    expect(checkCompiledMermaid(text)).toBeUndefined();
  });

  it('lets validateMermaid answer without Mermaid for compiled text, and with it otherwise', async () => {
    const text = compileMermaid({ type: 'architecture', nodes: [{ id: 'a', label: 'a', paths: [] }], edges: [], groups: [] }).text;
    await expect(validateMermaid(text)).resolves.toEqual({ ok: true, diagramType: 'flowchart-v2' });
    await expect(validateMermaid('flowchart TB\n  n1["unclosed] --> n2')).resolves.toMatchObject({ ok: false });
  });
});
