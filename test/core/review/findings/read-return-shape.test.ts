import { describe, expect, it } from 'vitest';
import { readReturnShape } from '../../../../src/core/review/findings/read-return-shape.js';

describe('readReturnShape', () => {
  it.each([
    ['export async function f(a: number): Promise<string>', { async: true, type: 'string', collection: false, nullable: false }],
    ['export const g = async (x) =>', { async: true, type: undefined }],
    ['static async load(id: string)', { async: true }],
    ['find(q: Query<T>): User[] | null', { async: false, type: 'User[] | null', collection: false, nullable: true }],
    ['export function list(): Array<User>', { collection: true, nullable: false }],
    ['function* walk(node)', { generator: true }],
  ])('reads `%s` in TypeScript', (signature, expected) => {
    expect(readReturnShape(signature, 'typescript')).toMatchObject(expected);
  });

  it.each([
    ['async def fetch(self, url: str) -> Response', { async: true, type: 'Response' }],
    ['def split(text) -> tuple[str, str]', { async: false, collection: true }],
    ['def find(name: str) -> Optional[User]', { nullable: true }],
    ['def find(name: str) -> User | None', { nullable: true, collection: false }],
    ['def lines(self) -> Iterator[str]', { generator: true }],
  ])('reads `%s` in Python', (signature, expected) => {
    expect(readReturnShape(signature, 'python')).toMatchObject(expected);
  });

  it.each([
    ['func F() int', 1],
    ['func F()', 0],
    ['func (c *Context) Bind(obj any) (n int, err error)', 2],
    ['func Map[K comparable, V any](m map[K]V) (keys []K, values []V, ok bool)', 3],
    ['func Handler(fn func(int) (string, error)) func() error', 1],
  ])('counts the results of `%s` in Go', (signature, results) => {
    expect(readReturnShape(signature, 'go')?.results).toBe(results);
  });
});
