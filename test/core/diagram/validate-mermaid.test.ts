import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { parseWithMermaid, validateMermaid } from '../../../src/core/diagram/validate-mermaid.js';
import { hostileGraphs } from './hostile-graphs.js';

describe('validateMermaid', () => {
  it('accepts a flowchart and names its type', async () => {
    await expect(validateMermaid('flowchart TB\n  n1["a"] --> n2["b"]')).resolves.toEqual({ ok: true, diagramType: 'flowchart-v2' });
  });

  it("rejects broken text with the parser's message", async () => {
    const check = await validateMermaid('flowchart TB\n  n1["unclosed] --> n2');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/^Parse error on line \d+:\n.*unclosed/);
  });

  it('rejects text that is no diagram at all', async () => {
    const check = await validateMermaid('this is prose, not a diagram');
    expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/No diagram type detected/) });
  });

  it('answers parses started together, each with its own result', async () => {
    const checks = await Promise.all([
      validateMermaid('erDiagram\n  e1["a"]'),
      validateMermaid('flowchart LR\n  ]['),
      validateMermaid('flowchart LR\n  n1'),
    ]);
    expect(checks.map((c) => c.ok)).toEqual([true, false, true]);
  });

  it('accepts the compiled text of an empty graph of either kind', async () => {
    for (const type of ['architecture', 'erd'] as const) {
      await expect(validateMermaid(compileMermaid({ type, nodes: [], edges: [], groups: [] }).text)).resolves.toMatchObject({ ok: true });
    }
  });

  describe('on compiled graphs with hostile labels', () => {
    for (const type of ['architecture', 'dependency', 'erd'] as const) {
      it(`always parses a compiled ${type} graph`, async () => {
        await fc.assert(
          fc.asyncProperty(hostileGraphs(type), async (graph) => {
            const { text } = compileMermaid(graph);
            const check = await parseWithMermaid(text);
            if (!check.ok) throw new Error(`${check.message}\n---\n${text}`);
          }),
          { numRuns: 50, seed: 20_240_601 },
        );
      });
    }
  });
});

describe('validateMermaid and the process', () => {
  it('leaves no browser globals behind', async () => {
    await validateMermaid('flowchart TB\n  n1');
    expect('window' in globalThis || 'document' in globalThis).toBe(false);
  });
});
