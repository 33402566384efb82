import { describe, expect, it } from 'vitest';
import { splitCodeLine } from '../../../src/core/review/split-code-line.js';

describe('splitCodeLine', () => {
  it('empties strings and sets comments apart in C-like files', () => {
    expect(splitCodeLine('run("a // b", \'c\'); // eval(x)', 'src/a.ts')).toEqual({ code: 'run("", \'\'); ', comment: ' eval(x)' });
    expect(splitCodeLine('a /* eval(x) */ b', 'src/a.java')).toEqual({ code: 'a   b', comment: '' });
  });

  it('reads the middle of a doc block as a comment', () => {
    expect(splitCodeLine('   * eval(code) is never called', 'src/a.ts')).toEqual({ code: '', comment: '* eval(code) is never called' });
  });

  it('uses # comments in Python and keeps escaped quotes inside strings', () => {
    expect(splitCodeLine('x = "a \\" # b"  # eval', 'app/a.py')).toEqual({ code: 'x = ""  ', comment: ' eval' });
  });

  it('does not read a Rust lifetime as the start of a string', () => {
    expect(splitCodeLine("fn f<'a>(x: &'a str) { eval(x) }", 'src/lib.rs').code).toContain('eval(x)');
  });
});
