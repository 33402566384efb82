import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMermaid } from '../../../src/core/diagram/compile-mermaid.js';
import { CARDINALITIES, NODE_KINDS, type DiagramGraph } from '../../../src/core/diagram/diagram-graph.js';
import { validateMermaid } from '../../../src/core/diagram/validate-mermaid.js';

/** Strings built to break out: quotes, brackets, keywords, comments, directives, HTML, any unicode. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.array(fc.constantFrom('"', "'", '`', '[', ']', '(', ')', '{', '}', '|', '<script>', '</b>', '&', '#', ';', '%%', '%%{init: {"theme":"dark"}}%%', 'end', 'subgraph', '-->', '\n', '\\', ':', 'classDef', ' ', 'x', 'é', '😀', '\u202E', '\u0000'), { maxLength: 12 }).map((parts) => parts.join('')),
);

const graphs = (type: DiagramGraph['type']) => fc.record({
  labels: fc.array(hostileText, { minLength: 1, maxLength: 6 }),
  edgeLabels: fc.array(fc.option(hostileText, { nil: undefined }), { maxLength: 8 }),
  groupLabels: fc.array(hostileText, { maxLength: 3 }),
  kinds: fc.array(fc.constantFrom(...NODE_KINDS), { minLength: 6, maxLength: 6 }),
  words: fc.array(hostileText, { minLength: 2, maxLength: 2 }),
}).map(({ labels, edgeLabels, groupLabels, kinds, words }): DiagramGraph => ({
  type,
  nodes: labels.map((label, i) => ({
    id: `id${i}`,
    label,
    paths: [],
    kind: kinds[i],
    ...(groupLabels.length > 0 ? { group: `g${i % groupLabels.length}` } : {}),
    attributes: [{ name: words[0]!, type: words[1]!, key: 'PK' as const }],
  })),
  edges: edgeLabels.map((label, i) => ({
    from: `id${i % labels.length}`,
    to: `id${(i * 7 + 1) % labels.length}`,
    ...(label === undefined ? {} : { label }),
    kind: i % 2 === 0 ? 'import' : 'declared',
    cardinality: CARDINALITIES[i % CARDINALITIES.length],
  })),
  groups: groupLabels.map((label, i) => ({ id: `g${i}`, label })),
}));

describe('validateMermaid', () => {
  it('accepts a flowchart and names its type', async () => {
    await expect(validateMermaid('flowchart TB\n  n1["a"] --> n2["b"]')).resolves.toEqual({ ok: true, diagramType: 'flowchart-v2' });
  });

  it('rejects broken text with the parser\'s message', async () => {
    const check = await validateMermaid('flowchart TB\n  n1["unclosed] --> n2');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toMatch(/^Parse error on line \d+:\n.*unclosed/);
  });

  it('rejects text that is no diagram at all', async () => {
    const check = await validateMermaid('this is prose, not a diagram');
    expect(check).toMatchObject({ ok: false, message: expect.stringMatching(/No diagram type detected/) });
  });

  it('answers parses started together, each with its own result', async () => {
    const checks = await Promise.all([validateMermaid('erDiagram\n  e1["a"]'), validateMermaid('flowchart LR\n  ]['), validateMermaid('flowchart LR\n  n1')]);
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
        await fc.assert(fc.asyncProperty(graphs(type), async (graph) => {
          const { text } = compileMermaid(graph);
          const check = await validateMermaid(text);
          if (!check.ok) throw new Error(`${check.message}\n---\n${text}`);
        }), { numRuns: 50, seed: 20_240_601 });
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
