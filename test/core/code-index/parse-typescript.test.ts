import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/core/code-index/parse-file.js';
import { definitions, enclosingOf, fields, imports, parseFixture, references, signatureOf } from './fixture.js';

describe('parseFile', () => {
  describe('on TypeScript', () => {
    it('finds type aliases, interfaces, enums and functions', async () => {
      const models = await parseFixture('typescript', 'src/models.ts');
      expect(definitions(models)).toEqual([
        ['TodoId', 'type', '', 1],
        ['Todo', 'interface', '', 3],
        ['Filter', 'enum', '', 9],
        ['matches', 'function', '', 17],
      ]);
      expect(references(models)).toEqual([
        ['TodoId', 'type', 4],
        ['Todo', 'type', 17],
        ['Filter', 'type', 17],
      ]);
      expect(imports(models)).toEqual([]);
    });

    it('finds class methods, interface method signatures and arrow functions', async () => {
      const store = await parseFixture('typescript', 'src/store.ts');
      expect(definitions(store)).toEqual([
        ['Store', 'interface', '', 4],
        ['list', 'method', 'Store', 5],
        ['TodoStore', 'class', '', 8],
        ['add', 'method', 'TodoStore', 11],
        ['list', 'method', 'TodoStore', 18],
        ['createStore', 'function', '', 23],
      ]);
      expect(signatureOf(store, 'TodoStore')).toBe('export class TodoStore extends EventEmitter implements Store<Todo>');
      expect(signatureOf(store, 'add')).toBe('add(title: string): Todo');
    });

    it('records extends and implements as inheritance, and imported names including type-only ones', async () => {
      const store = await parseFixture('typescript', 'src/store.ts');
      expect(references(store, 'inherit', 'import')).toEqual([
        ['EventEmitter', 'import', 1],
        ['matches', 'import', 2],
        ['Filter', 'import', 2],
        ['Todo', 'import', 2],
        ['EventEmitter', 'inherit', 8],
        ['Store', 'inherit', 8],
      ]);
    });

    it('records calls, new and type uses', async () => {
      const store = await parseFixture('typescript', 'src/store.ts');
      expect(references(store, 'call', 'new')).toEqual([
        ['Map', 'new', 9],
        ['randomUUID', 'call', 12],
        ['set', 'call', 13],
        ['emit', 'call', 14],
        ['values', 'call', 19],
        ['filter', 'call', 19],
        ['matches', 'call', 19],
        ['TodoStore', 'new', 23],
      ]);
      expect(references(store, 'type')).toEqual([
        ['T', 'type', 4],
        ['Filter', 'type', 5],
        ['T', 'type', 5],
        ['Store', 'type', 8],
        ['Todo', 'type', 8],
        ['Todo', 'type', 9],
        ['Todo', 'type', 11],
        ['Todo', 'type', 12],
        ['Filter', 'type', 18],
        ['Todo', 'type', 18],
        ['TodoStore', 'type', 23],
      ]);
      expect(enclosingOf(store, 'matches', 'call')).toBe('list');
    });

    it('parses .tsx with JSX: components, hooks and calls across files', async () => {
      const app = await parseFixture('typescript', 'src/App.tsx');
      expect(app.language).toBe('tsx');
      expect(definitions(app)).toEqual([
        ['store', 'constant', '', 5],
        ['AppProps', 'interface', '', 7],
        ['App', 'function', '', 11],
      ]);
      expect(references(app)).toEqual([
        ['useState', 'import', 1],
        ['DEFAULT_FILTER', 'import', 2],
        ['Filter', 'import', 2],
        ['createStore', 'import', 3],
        ['createStore', 'call', 5],
        ['AppProps', 'type', 11],
        ['useState', 'call', 12],
        ['Filter', 'type', 12],
        ['list', 'call', 13],
        ['setFilter', 'call', 17],
        ['map', 'call', 18],
      ]);
    });

    it("finds an object type's properties, an interface's and a class's private fields as fields", async () => {
      const text = [
        'export type Options = { readonly intervalCap?: number; interval: number };',
        'interface Task { id: string }',
        'class Queue {',
        '  readonly #cap: number = 1;',
        '}',
        '',
      ].join('\n');
      const parsed = await parseFile('src/queue.ts', new TextEncoder().encode(text));
      expect(fields(parsed)).toEqual(['Options.intervalCap', 'Options.interval', 'Task.id', 'Queue.#cap']);
    });

    it('reads module specifiers as imports', async () => {
      expect(imports(await parseFixture('typescript', 'src/App.tsx'))).toEqual([
        ['react', 1],
        ['./models', 2],
        ['./store', 3],
      ]);
      expect(imports(await parseFixture('typescript', 'src/store.ts'))).toEqual([
        ['node:events', 1],
        ['./models', 2],
      ]);
    });
  });
});
