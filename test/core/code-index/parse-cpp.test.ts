import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on C++', () => {
    it('finds namespaces, classes, constants and member functions scoped to their class', async () => {
      const header = await parseFixture('cpp', 'include/geo/shape.hpp');
      expect(header.language).toBe('cpp');
      expect(definitions(header)).toEqual([
        ['geo', 'module', '', 6],
        ['kPi', 'constant', 'geo', 8],
        ['Shape', 'class', 'geo', 10],
        ['~Shape', 'method', 'geo.Shape', 12],
        ['area', 'method', 'geo.Shape', 13],
        ['describe', 'method', 'geo.Shape', 14],
        ['Circle', 'class', 'geo', 17],
        ['Circle', 'method', 'geo.Circle', 19],
        ['area', 'method', 'geo.Circle', 20],
        ['make_circle', 'function', 'geo', 26],
      ]);
    });

    it('keeps declaration heads as signatures', async () => {
      const header = await parseFixture('cpp', 'include/geo/shape.hpp');
      expect(signatureOf(header, 'Circle')).toBe('class Circle : public Shape');
      expect(signatureOf(header, 'area')).toBe('virtual double area() const = 0;');
      expect(signatureOf(header, 'make_circle')).toBe('std::unique_ptr<Shape> make_circle(double radius);');
    });

    it('records base classes as inheritance', async () => {
      const header = await parseFixture('cpp', 'include/geo/shape.hpp');
      expect(references(header)).toEqual([
        ['string', 'type', 14],
        ['Shape', 'inherit', 17],
        ['Shape', 'type', 17],
        ['unique_ptr', 'type', 26],
        ['Shape', 'type', 26],
      ]);
    });

    it('finds out-of-class member definitions as methods', async () => {
      const source = await parseFixture('cpp', 'src/shape.cpp');
      // A qualified name's class nests inside the enclosing namespace.
      expect(definitions(source)).toEqual([
        ['geo', 'module', '', 5],
        ['describe', 'method', 'geo.Shape', 7],
        ['make_circle', 'function', 'geo', 13],
      ]);
      expect(signatureOf(source, 'describe')).toBe('std::string Shape::describe() const');
      expect(references(source)).toEqual([
        ['string', 'type', 7],
        ['ostringstream', 'type', 8],
        ['area', 'call', 9],
        ['str', 'call', 10],
        ['unique_ptr', 'type', 13],
        ['Shape', 'type', 13],
        ['make_unique', 'call', 14],
        ['Circle', 'type', 14],
      ]);
    });

    it('records calls across files, new, using-declarations and template arguments', async () => {
      const main = await parseFixture('cpp', 'src/main.cpp');
      expect(definitions(main)).toEqual([
        ['Square', 'struct', '', 8],
        ['area', 'method', 'Square', 10],
        ['main', 'function', '', 13],
      ]);
      expect(references(main)).toEqual([
        ['Shape', 'import', 6],
        ['Shape', 'inherit', 8],
        ['Shape', 'type', 8],
        ['vector', 'type', 14],
        ['unique_ptr', 'type', 14],
        ['Shape', 'type', 14],
        ['push_back', 'call', 15],
        ['make_circle', 'call', 15],
        ['push_back', 'call', 16],
        ['unique_ptr', 'call', 16],
        ['Shape', 'type', 16],
        ['Square', 'new', 16],
        ['Square', 'type', 16],
        ['describe', 'call', 17],
      ]);
      expect(enclosingOf(main, 'make_circle', 'call')).toBe('main');
    });

    it('reads #include paths as imports', async () => {
      expect(imports(await parseFixture('cpp', 'src/main.cpp'))).toEqual([
        ['iostream', 1],
        ['vector', 2],
        ['geo/shape.hpp', 4],
      ]);
      expect(imports(await parseFixture('cpp', 'src/shape.cpp'))).toEqual([
        ['geo/shape.hpp', 1],
        ['sstream', 3],
      ]);
    });
  });
});
