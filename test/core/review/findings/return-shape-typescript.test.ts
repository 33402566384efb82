import { describe, expect, it } from 'vitest';
import { findReturnShapeChanges } from '../../../../src/core/review/findings/find-return-shape-changes.js';
import { lines, runRule, toSites } from './review-findings.js';

const LOAD_SYNC = lines('export function loadUser(id: string): { name: string } {', '  return { name: id };', '}');
const LOAD_ASYNC = lines('export async function loadUser(id: string): Promise<{ name: string }> {', '  return { name: id };', '}');

describe('return-shape-changed in TypeScript', () => {
  describe('when a function becomes async', () => {
    it('flags the callers that use the result without await, and not those that await, return or then it', async () => {
      const caller = lines(
        "import { loadUser } from './user.js';",
        '',
        'export function greet(id: string): string {',
        '  const user = loadUser(id);',
        '  return user.name;',
        '}',
        '',
        'export function title(id: string): string {',
        '  return loadUser(id).name.toUpperCase();',
        '}',
        '',
        'export async function awaited(id: string) {',
        '  const user = await loadUser(id);',
        '  return user.name;',
        '}',
        '',
        'export async function passed(id: string) {',
        '  return loadUser(id);',
        '}',
        '',
        'export function chained(id: string) {',
        '  loadUser(id).then((u) => u.name);',
        '}',
        '',
        'export function passedOn(id: string) {',
        '  return loadUser(id);',
        '}',
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': LOAD_SYNC, 'src/greet.ts': caller },
        { write: { 'src/user.ts': LOAD_ASYNC } },
      );
      expect(toSites(findings)).toEqual(['src/greet.ts:26 warning', 'src/greet.ts:4 error', 'src/greet.ts:9 error']);
      expect(findings.find((f) => f.line === 26)!.message).toContain('returns the result from a function that is not async');
      expect(findings[0]!.rule).toBe('return-shape-changed');
      expect(findings.find((f) => f.line === 9)!.message).toBe(
        '`loadUser` is now async (it returns a Promise), but this call reads `.name` of the result without `await` (a Promise has none).',
      );
      expect(findings[0]!.evidence.map((e) => [e.label, e.path, e.startLine, e.side ?? 'head'])).toEqual([
        ['definition before', 'src/user.ts', 1, 'base'],
        ['definition after', 'src/user.ts', 1, 'head'],
        ['call site', 'src/greet.ts', findings[0]!.line, 'head'],
      ]);
    });

    it('flags every call in callbacks at the top level of a test file, not only the first', async () => {
      const test = lines(
        "import { loadUser } from '../src/user.js';",
        'const run = (title: string, body: () => void) => body();',
        "run('one', () => {",
        "  console.log(loadUser('a').name);",
        '});',
        "run('two', () => {",
        "  console.log(loadUser('b').name);",
        '});',
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': LOAD_SYNC, 'test/user.test.ts': test },
        { write: { 'src/user.ts': LOAD_ASYNC } },
      );
      expect(toSites(findings)).toEqual(['test/user.test.ts:4 error', 'test/user.test.ts:7 error']);
    });

    it('sees through a non-null assertion: `f()!` is still a Promise', async () => {
      const caller = lines(
        "import { loadUser } from './user.js';",
        'export function store(id: string) {',
        '  return { user: loadUser(id)! };',
        '}',
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': LOAD_SYNC, 'src/store.ts': caller },
        { write: { 'src/user.ts': LOAD_ASYNC } },
      );
      expect(toSites(findings)).toEqual(['src/store.ts:3 warning']);
    });

    it('says nothing when the function becomes sync again (awaiting a value still works)', async () => {
      const caller = lines(
        "import { loadUser } from './user.js';",
        'export async function f() {',
        "  return (await loadUser('a')).name;",
        '}',
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': LOAD_ASYNC, 'src/greet.ts': caller },
        { write: { 'src/user.ts': LOAD_SYNC } },
      );
      expect(findings).toEqual([]);
    });
  });

  describe('when a value becomes an array', () => {
    it('warns where a caller destructures it as an object or reads a member of it', async () => {
      const caller = lines(
        "import { findUser } from './user.js';",
        "const { name } = findUser('a');",
        "const user = findUser('b');",
        'console.log(name, user.name);',
        "findUser('c').length;",
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': lines('export function findUser(q: string): User {', '  return load(q);', '}'), 'src/list.ts': caller },
        { write: { 'src/user.ts': lines('export function findUser(q: string): User[] {', '  return [load(q)];', '}') } },
      );
      expect(toSites(findings)).toEqual(['src/list.ts:2 warning', 'src/list.ts:3 warning']);
    });
  });

  describe('when the result may now be null', () => {
    it('asks about a caller that dereferences it unchecked, and not one that checks it', async () => {
      const caller = lines(
        "import { findUser } from './user.js';",
        'export function a(q: string) {',
        '  return findUser(q).name;',
        '}',
        'export function b(q: string) {',
        '  const user = findUser(q);',
        '  if (!user) return undefined;',
        '  return user.name;',
        '}',
        'export function c(q: string) {',
        '  return findUser(q)?.name;',
        '}',
        'export function d(q: string) {',
        '  return findUser(q)!.name;',
        '}',
      );
      const findings = await runRule(
        findReturnShapeChanges,
        { 'src/user.ts': lines('export function findUser(q: string): User {', '  return load(q);', '}'), 'src/use.ts': caller },
        { write: { 'src/user.ts': lines('export function findUser(q: string): User | null {', '  return load(q);', '}') } },
      );
      expect(toSites(findings)).toEqual(['src/use.ts:3 check']);
    });
  });
});
