import fc from 'fast-check';
import { CARDINALITIES, NODE_KINDS, type DiagramGraph } from '../../../src/core/diagram/diagram-graph.js';

/** Strings built to break out: quotes, brackets, keywords, comments, directives, HTML, any unicode. */
export const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '"',
        "'",
        '`',
        '[',
        ']',
        '(',
        ')',
        '{',
        '}',
        '|',
        '<script>',
        '</b>',
        '&',
        '#',
        ';',
        '%%',
        '%%{init: {"theme":"dark"}}%%',
        'end',
        'subgraph',
        '-->',
        '\n',
        '\\',
        ':',
        'classDef',
        ' ',
        'x',
        'é',
        '😀',
        '\u202E',
        '\u0000',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

/** Compiled-graph inputs with hostile labels, group labels and ERD attribute words. */
export const hostileGraphs = (type: DiagramGraph['type']) =>
  fc
    .record({
      labels: fc.array(hostileText, { minLength: 1, maxLength: 6 }),
      edgeLabels: fc.array(fc.option(hostileText, { nil: undefined }), { maxLength: 8 }),
      groupLabels: fc.array(hostileText, { maxLength: 3 }),
      kinds: fc.array(fc.constantFrom(...NODE_KINDS), { minLength: 6, maxLength: 6 }),
      words: fc.array(hostileText, { minLength: 2, maxLength: 2 }),
    })
    .map(({ labels, edgeLabels, groupLabels, kinds, words }): DiagramGraph => ({
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
