import { describe, expect, it } from 'vitest';
import { definitions, enclosingOf, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on Python', () => {
    it('finds decorated classes, their methods and upper-case module constants', async () => {
      const models = await parseFixture('python', 'inventory/models.py');
      expect(definitions(models)).toEqual([
        ['MAX_QUANTITY', 'constant', '', 4],
        ['Item', 'class', '', 8],
        ['restock', 'method', 'Item', 13],
        ['Perishable', 'class', '', 18],
        ['is_expired', 'method', 'Perishable', 21],
      ]);
      expect(signatureOf(models, 'Perishable')).toBe('class Perishable(Item)');
      expect(signatureOf(models, 'restock')).toBe('def restock(self, amount: int) -> None');
    });

    it('records base classes as inheritance, calls and annotated types', async () => {
      const models = await parseFixture('python', 'inventory/models.py');
      expect(references(models)).toEqual([
        ['dataclass', 'import', 1],
        ['field', 'import', 1],
        ['date', 'import', 2],
        ['str', 'type', 9],
        ['int', 'type', 10],
        ['str', 'type', 11],
        ['field', 'call', 11],
        ['int', 'type', 13],
        ['min', 'call', 14],
        ['Item', 'inherit', 18],
        ['date', 'type', 19],
        ['date', 'type', 21],
        ['bool', 'type', 21],
      ]);
    });

    it('records calls into another module and the names imported from it, aliased or not', async () => {
      const warehouse = await parseFixture('python', 'inventory/warehouse.py');
      expect(definitions(warehouse)).toEqual([
        ['Warehouse', 'class', '', 9],
        ['__init__', 'method', 'Warehouse', 10],
        ['receive', 'method', 'Warehouse', 13],
        ['discard_expired', 'method', 'Warehouse', 19],
      ]);
      expect(references(warehouse, 'import', 'call')).toEqual([
        ['date', 'import', 2],
        ['Item', 'import', 4],
        ['Perishable', 'import', 4],
        ['getLogger', 'call', 6],
        ['setdefault', 'call', 14],
        ['Item', 'call', 14],
        ['restock', 'call', 15],
        ['info', 'call', 16],
        ['items', 'call', 20],
        ['isinstance', 'call', 20],
        ['is_expired', 'call', 20],
      ]);
      expect(enclosingOf(warehouse, 'restock', 'call')).toBe('receive');
    });

    it('reads absolute and relative module names as imports', async () => {
      expect(imports(await parseFixture('python', 'inventory/warehouse.py'))).toEqual([
        ['logging', 1],
        ['datetime', 2],
        ['.models', 4],
      ]);
      const init = await parseFixture('python', 'inventory/__init__.py');
      expect(definitions(init)).toEqual([]);
      expect(imports(init)).toEqual([
        ['.models', 1],
        ['.warehouse', 2],
      ]);
    });
  });
});

describe('parseFile on `from . import` (flask)', () => {
  it('reads one import per name, aliased or parenthesised, so each resolves to its own module', async () => {
    const { parseFile } = await import('../../../src/core/code-index/parse-file.js');
    const parsed = await parseFile(
      'src/flask/app.py',
      new TextEncoder().encode(
        'from . import cli\nfrom . import json as j, typing as ft\nfrom .. import (a,\n  b)\nfrom .ctx import AppContext\n',
      ),
    );
    expect(parsed.imports.map((i) => [i.source, i.line])).toEqual([
      ['. import cli', 1],
      ['. import json', 2],
      ['. import typing', 2],
      ['.. import a', 3],
      ['.. import b', 3],
      ['.ctx', 5],
    ]);
  });
});
