import { describe, expect, it } from 'vitest';
import { readParameterNames } from '../../../src/core/code-index/read-parameter-names.js';

describe('readParameterNames', () => {
  it.each([
    [
      'python',
      'unsign',
      'def unsign( self, signed_value: str | bytes, max_age: int | None = None, return_timestamp: bool = False, ) -> bytes:',
      ['signed_value', 'max_age', 'return_timestamp'],
    ],
    ['python', 'f', 'def f(*args, key: dict[str, int] = {}, **kwargs):', ['args', 'key', 'kwargs']],
    ['go', 'Find', 'func (c *Command) Find(args []string) (*Command, []string, error)', ['args']],
    ['go', 'Between', 'func Between(x, y int, names ...string) error', ['x', 'y', 'names']],
    ['typescript', 'add', 'async add<T>(function_: Task<T>, options: Partial<Options> = {}): Promise<T>', ['function_', 'options']],
    ['typescript', 'constructor', 'constructor(private readonly store: Store, { a, b }: Opts, ...rest: string[])', ['store', 'rest']],
    [
      'javascript',
      'option',
      'option(flags, description, parseArg = (x) => x, defaultValue)',
      ['flags', 'description', 'parseArg', 'defaultValue'],
    ],
    ['java', 'join', 'public static String join(final String sep, int... counts)', ['sep', 'counts']],
    ['rust', 'read', 'fn read(&mut self, buf: &mut [u8], n: usize) -> Result<usize>', ['buf', 'n']],
    ['ruby', 'initialize', 'def initialize(name, age = 3, key:, **opts)', ['name', 'age', 'key', 'opts']],
    ['cpp', 'copy', 'void copy(const std::string& from, std::vector<int> to)', ['from', 'to']],
  ] as const)('%s: %s', (language, name, header, expected) => {
    expect(readParameterNames(header, name, language)).toEqual(expected);
  });

  it('reads the parameters of the named callable, not a type before it', () => {
    expect(readParameterNames('func (c *Command) Find(args []string) error', 'Find', 'go')).not.toContain('c');
  });
});
