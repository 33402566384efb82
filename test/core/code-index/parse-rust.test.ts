import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on Rust', () => {
    it('finds items, and functions in impl blocks as methods scoped to the implementing type', async () => {
      const shapes = await parseFixture('rust', 'src/shapes.rs');
      expect(definitions(shapes)).toEqual([
        ['PI', 'constant', '', 3],
        ['Shape', 'trait', '', 6],
        ['area', 'method', 'Shape', 7],
        ['describe', 'method', 'Shape', 9],
        ['Circle', 'struct', '', 15],
        ['Unit', 'enum', '', 20],
        ['new', 'method', 'Circle', 26],
        ['area', 'method', 'Circle', 32],
      ]);
    });

    it('does not make an impl block a symbol of its own', async () => {
      const shapes = await parseFixture('rust', 'src/shapes.rs');
      const circleMethods = shapes.symbols.filter((s) => s.scope === 'Circle');
      expect(circleMethods.map((s) => s.parent)).toEqual([undefined, undefined]);
    });

    it('finds type aliases and free functions', async () => {
      const report = await parseFixture('rust', 'src/report.rs');
      expect(definitions(report)).toEqual([
        ['Boxed', 'type', '', 3],
        ['summarize', 'function', '', 5],
      ]);
      expect(signatureOf(report, 'summarize')).toBe('pub fn summarize(shapes: &[Boxed]) -> String');
    });

    it('keeps declaration heads as signatures', async () => {
      const shapes = await parseFixture('rust', 'src/shapes.rs');
      expect(signatureOf(shapes, 'Shape')).toBe('pub trait Shape: fmt::Debug');
      expect(signatureOf(shapes, 'Circle')).toBe('pub struct Circle');
      expect(signatureOf(shapes, 'new')).toBe('pub fn new(radius: f64) -> Self');
    });

    it('records trait impls and supertraits as inheritance, and struct literals as construction', async () => {
      const shapes = await parseFixture('rust', 'src/shapes.rs');
      expect(references(shapes)).toEqual([
        ['fmt', 'import', 1],
        ['Debug', 'inherit', 6],
        ['Debug', 'type', 6],
        ['String', 'type', 9],
        ['format', 'call', 10],
        ['area', 'call', 10],
        ['Circle', 'new', 27],
        ['Circle', 'type', 27],
        ['Shape', 'inherit', 31],
        ['Shape', 'type', 31],
        ['powi', 'call', 33],
      ]);
    });

    it('records method calls and type uses', async () => {
      const report = await parseFixture('rust', 'src/report.rs');
      expect(references(report)).toEqual([
        ['Shape', 'import', 1],
        ['Box', 'type', 3],
        ['Shape', 'type', 3],
        ['Boxed', 'type', 5],
        ['String', 'type', 5],
        ['Vec', 'type', 6],
        ['String', 'type', 6],
        ['iter', 'call', 6],
        ['map', 'call', 6],
        ['describe', 'call', 6],
        ['collect', 'call', 6],
        ['join', 'call', 7],
      ]);
    });

    it('records imported names, path calls and calls inside macro arguments', async () => {
      const main = await parseFixture('rust', 'src/main.rs');
      expect(definitions(main)).toEqual([['main', 'function', '', 7]]);
      expect(references(main)).toEqual([
        ['Circle', 'import', 4],
        ['Shape', 'import', 4],
        ['summarize', 'import', 5],
        ['Circle', 'type', 8],
        ['new', 'call', 8],
        ['println', 'call', 9],
        ['summarize', 'call', 9],
        ['new', 'call', 9],
      ]);
      expect(enclosingOf(main, 'summarize', 'call')).toBe('main');
    });

    it('reads use paths as imports and body-less mod declarations as contained modules', async () => {
      expect(imports(await parseFixture('rust', 'src/main.rs'))).toEqual([
        ['report', 1, 'contains'],
        ['shapes', 2, 'contains'],
        ['crate::shapes', 4],
        ['report::summarize', 5],
      ]);
      expect(imports(await parseFixture('rust', 'src/report.rs'))).toEqual([['crate::shapes::Shape', 1]]);
      expect(imports(await parseFixture('rust', 'src/shapes.rs'))).toEqual([['std::fmt', 1]]);
    });
  });
});
