import { describe, expect, it } from 'vitest';
import { buildTreePredicate, parseDiagramGraph } from '../../../src/core/diagram/diagram-graph.js';

const inTree = buildTreePredicate(['src/http/headers.ts', 'src/server.ts', 'README.md']);

describe('buildTreePredicate', () => {
  it('accepts each file and every folder above it, and nothing else', () => {
    expect(['src', 'src/http', 'src/http/headers.ts', 'README.md'].every(inTree)).toBe(true);
    expect(['sr', 'src/htt', 'src/http/', 'lib', 'src/http/headers.ts/x'].some(inTree)).toBe(false);
  });
});

describe('parseDiagramGraph', () => {
  it('reads a well-formed graph and fills in labels and defaults', () => {
    const check = parseDiagramGraph(
      {
        type: 'architecture',
        nodes: [
          { id: 'http', label: 'HTTP', paths: ['src/http'], group: 'src' },
          { id: 'server', paths: ['./src/server.ts'] },
        ],
        edges: [{ from: 'server', to: 'http', kind: 'import' }],
        groups: [{ id: 'src', label: 'src/' }],
      },
      { inTree },
    );
    expect(check).toEqual({
      ok: true,
      droppedNodes: 0,
      droppedEdges: 0,
      droppedPaths: [],
      graph: {
        type: 'architecture',
        nodes: [
          { id: 'http', label: 'HTTP', paths: ['src/http'], group: 'src' },
          { id: 'server', label: 'server', paths: ['src/server.ts'] },
        ],
        edges: [{ from: 'server', to: 'http', kind: 'import' }],
        groups: [{ id: 'src', label: 'src/' }],
      },
    });
  });

  describe('when paths are outside the tree or unsafe', () => {
    it('drops the paths, then nodes left with none and the edges that touched them', () => {
      const check = parseDiagramGraph(
        {
          nodes: [
            { id: 'a', paths: ['src/server.ts', '../etc/passwd', '/abs', 'src/missing.ts'] },
            { id: 'b', paths: ['lib/ghost.ts'] },
            { id: 'express', kind: 'external', paths: [] },
          ],
          edges: [
            { from: 'a', to: 'b' },
            { from: 'a', to: 'express' },
          ],
        },
        { type: 'dependency', inTree },
      );
      expect(check).toMatchObject({
        ok: true,
        droppedNodes: 1,
        droppedEdges: 1,
        droppedPaths: ['../etc/passwd', '/abs', 'src/missing.ts', 'lib/ghost.ts'],
      });
      if (!check.ok) return;
      expect(check.graph.type).toBe('dependency');
      expect(check.graph.nodes.map((n) => [n.id, n.paths])).toEqual([
        ['a', ['src/server.ts']],
        ['express', []],
      ]);
      expect(check.graph.edges).toEqual([{ from: 'a', to: 'express' }]);
    });
  });

  it('drops edges to unknown ids and repeated edges, and ungroups nodes naming an unknown group', () => {
    const check = parseDiagramGraph(
      {
        type: 'component',
        nodes: [
          { id: 'a', paths: [], group: 'nowhere' },
          { id: 'b', paths: [] },
        ],
        edges: [
          { from: 'a', to: 'b' },
          { from: 'a', to: 'b' },
          { from: 'a', to: 'zzz' },
        ],
      },
      { inTree },
    );
    expect(check).toMatchObject({ ok: true, droppedEdges: 2 });
    if (check.ok) expect(check.graph.nodes[0]).toEqual({ id: 'a', label: 'a', paths: [] });
  });

  describe('when the shape is wrong', () => {
    it('names each problem by its JSON path', () => {
      const check = parseDiagramGraph(
        {
          type: 'erd',
          nodes: [
            { id: 'a', paths: [] },
            { id: '', paths: 'src' },
            { id: 'c', kind: 'spaceship', attributes: [{ name: 'id', type: 'int', key: 'PRIMARY' }] },
          ],
        },
        { inTree },
      );
      expect(check.ok).toBe(false);
      if (check.ok) return;
      expect(check.problems.map((p) => p.split(':')[0])).toEqual([
        'nodes[1].id',
        'nodes[1].paths',
        'nodes[2].kind',
        'nodes[2].attributes[0].key',
      ]);
    });

    it('refuses duplicate ids and a type other than the one asked for', () => {
      const check = parseDiagramGraph(
        {
          type: 'erd',
          nodes: [{ id: 'a' }, { id: 'a' }],
          groups: [{ id: 'g' }, { id: 'g' }],
        },
        { type: 'architecture', inTree },
      );
      expect(check).toEqual({
        ok: false,
        problems: [
          'type: expected "architecture", got "erd"',
          'nodes[1].id: duplicate id "a" (first at nodes[0])',
          'groups[1].id: duplicate id "g" (first at groups[0])',
        ],
      });
    });

    it('refuses a graph with no type when the caller asked for none', () => {
      expect(parseDiagramGraph({ nodes: [] }, { inTree })).toEqual({
        ok: false,
        problems: ['type: expected one of architecture, component, dependency, erd'],
      });
    });

    it('bounds what an untrusted answer may hold', () => {
      const nodes = Array.from({ length: 201 }, (_, i) => ({ id: `n${i}`, label: 'x'.repeat(301) }));
      const check = parseDiagramGraph({ type: 'architecture', nodes }, { inTree });
      expect(check.ok).toBe(false);
      if (!check.ok) expect(check.problems[0]).toMatch(/^nodes: Too big/);
      expect(parseDiagramGraph('not json', { inTree })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^\(root\): /)] });
    });
  });
});
