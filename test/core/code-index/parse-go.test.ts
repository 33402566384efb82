import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on Go', () => {
    it('finds functions, structs, interfaces and constants', async () => {
      const store = await parseFixture('go', 'store/store.go');
      expect(definitions(store)).toEqual([
        ['DefaultCapacity', 'constant', '', 11],
        ['Book', 'struct', '', 14],
        ['Reader', 'interface', '', 20],
        ['Get', 'method', 'Reader', 21],
        ['Memory', 'struct', '', 25],
        ['NewMemory', 'function', '', 30],
        ['Put', 'method', 'Memory', 34],
        ['Get', 'method', 'Memory', 40],
      ]);
    });

    it('finds methods scoped to their receiver type, pointer or not', async () => {
      const main = await parseFixture('go', 'main.go');
      expect(definitions(main)).toEqual([
        ['app', 'struct', '', 10],
        ['show', 'method', 'app', 14],
        ['main', 'function', '', 23],
      ]);
      const store = await parseFixture('go', 'store/store.go');
      expect(store.symbols.filter((s) => s.scope === 'Memory' && s.kind !== 'field').map((s) => s.name)).toEqual(['Put', 'Get']);
    });

    it('keeps declaration heads as signatures, without bodies, interface members or constant values', async () => {
      const store = await parseFixture('go', 'store/store.go');
      expect(signatureOf(store, 'Book')).toBe('type Book struct');
      expect(signatureOf(store, 'Reader')).toBe('type Reader');
      expect(signatureOf(store, 'Put')).toBe('func (m *Memory) Put(b Book)');
      expect(signatureOf(store, 'DefaultCapacity')).toBe('const DefaultCapacity');
    });

    it('records calls, composite literals, embedded types and type uses', async () => {
      const store = await parseFixture('go', 'store/store.go');
      expect(references(store)).toEqual([
        ['New', 'call', 9],
        ['Book', 'type', 21],
        ['Mutex', 'inherit', 26],
        ['Mutex', 'type', 26],
        ['Book', 'type', 27],
        ['Memory', 'type', 30],
        ['Memory', 'new', 31],
        ['Memory', 'type', 31],
        ['make', 'call', 31],
        ['Book', 'type', 31],
        ['Memory', 'type', 34],
        ['Book', 'type', 34],
        ['Lock', 'call', 35],
        ['Unlock', 'call', 36],
        ['Memory', 'type', 40],
        ['Book', 'type', 40],
        ['Lock', 'call', 41],
        ['Unlock', 'call', 42],
        ['Book', 'new', 45],
        ['Book', 'type', 45],
      ]);
    });

    it('records calls into another package and leaves out predeclared types', async () => {
      const main = await parseFixture('go', 'main.go');
      expect(references(main)).toEqual([
        ['Reader', 'type', 11],
        ['app', 'type', 14],
        ['Get', 'call', 15],
        ['Printf', 'call', 19],
        ['NewMemory', 'call', 24],
        ['Put', 'call', 25],
        ['Book', 'new', 25],
        ['Book', 'type', 25],
        ['app', 'new', 26],
        ['app', 'type', 26],
        ['show', 'call', 26],
        ['Exit', 'call', 27],
      ]);
      expect(enclosingOf(main, 'NewMemory', 'call')).toBe('main');
    });

    it('reads import paths, standard library and module-local alike', async () => {
      expect(imports(await parseFixture('go', 'main.go'))).toEqual([
        ['fmt', 4],
        ['os', 5],
        ['example.com/shelf/store', 7],
      ]);
      expect(imports(await parseFixture('go', 'store/store.go'))).toEqual([
        ['errors', 4],
        ['sync', 5],
      ]);
    });
  });
});
