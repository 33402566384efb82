import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on C', () => {
    it('finds macros, structs, typedefs and prototypes in a header behind an include guard', async () => {
      const header = await parseFixture('c', 'src/list.h');
      expect(header.language).toBe('c');
      expect(definitions(header)).toEqual([
        ['LIST_INITIAL_CAPACITY', 'constant', '', 6],
        ['LIST_AT', 'macro', '', 7],
        ['list', 'struct', '', 9],
        ['list_t', 'type', '', 13],
        ['list_visit_fn', 'type', '', 15],
        ['list_new', 'function', '', 17],
        ['list_push', 'function', '', 18],
        ['list_each', 'function', '', 19],
        ['list_free', 'function', '', 20],
      ]);
    });

    it('does not take an include guard for a constant', async () => {
      const header = await parseFixture('c', 'src/list.h');
      expect(header.symbols.map((s) => s.name)).not.toContain('LIST_H');
    });

    it('keeps a typedef of a named struct apart from the struct', async () => {
      const header = await parseFixture('c', 'src/list.h');
      const [struct, alias] = header.symbols.filter((s) => s.name === 'list' || s.name === 'list_t');
      expect(struct?.parent).toBeUndefined();
      expect(alias?.parent).toBeUndefined();
      expect(signatureOf(header, 'list')).toBe('struct list');
      expect(signatureOf(header, 'list_visit_fn')).toBe('typedef int (*list_visit_fn)(int value, void *ctx);');
    });

    it('finds function definitions, pointer-returning ones included, and file-level constants', async () => {
      const source = await parseFixture('c', 'src/list.c');
      expect(definitions(source)).toEqual([
        ['GROWTH', 'constant', '', 4],
        ['grow', 'function', '', 6],
        ['list_new', 'function', '', 15],
        ['list_push', 'function', '', 19],
        ['list_each', 'function', '', 25],
        ['list_free', 'function', '', 29],
      ]);
      expect(signatureOf(source, 'list_new')).toBe('list_t *list_new(void)');
    });

    it('records calls, macro calls and typedef uses', async () => {
      const source = await parseFixture('c', 'src/list.c');
      expect(references(source)).toEqual([
        ['list_t', 'type', 6],
        ['realloc', 'call', 8],
        ['list_t', 'type', 15],
        ['calloc', 'call', 16],
        ['list_t', 'type', 19],
        ['grow', 'call', 20],
        ['list_t', 'type', 25],
        ['list_visit_fn', 'type', 25],
        ['visit', 'call', 26],
        ['LIST_AT', 'call', 26],
        ['list_t', 'type', 29],
        ['free', 'call', 30],
        ['free', 'call', 31],
      ]);
    });

    it('records calls into functions declared in another file', async () => {
      const main = await parseFixture('c', 'src/main.c');
      expect(definitions(main)).toEqual([
        ['totals', 'struct', '', 4],
        ['add_value', 'function', '', 9],
        ['main', 'function', '', 16],
      ]);
      expect(references(main)).toEqual([
        ['totals', 'type', 10],
        ['list_t', 'type', 17],
        ['list_new', 'call', 17],
        ['totals', 'type', 18],
        ['list_push', 'call', 19],
        ['list_each', 'call', 20],
        ['printf', 'call', 21],
        ['list_free', 'call', 22],
      ]);
      expect(enclosingOf(main, 'list_each', 'call')).toBe('main');
    });

    it('reads quoted and angle-bracket #include paths as imports', async () => {
      expect(imports(await parseFixture('c', 'src/main.c'))).toEqual([
        ['stdio.h', 1],
        ['list.h', 2],
      ]);
      expect(imports(await parseFixture('c', 'src/list.h'))).toEqual([['stddef.h', 4]]);
    });
  });
});
