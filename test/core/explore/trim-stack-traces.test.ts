import { describe, expect, it } from 'vitest';
import { trimStackTraces } from '../../../src/core/explore/trim-stack-traces.js';

describe('trimStackTraces', () => {
  it('keeps the innermost frames of a Python traceback and its error line', () => {
    const report = [
      'pylint crashed with the following stacktrace:',
      'Traceback (most recent call last):',
      '  File "/venv/lib/pylint/lint/pylinter.py", line 788, in _lint_file',
      '    check_astroid_module(module)',
      '  File "/venv/lib/pylint/utils/ast_walker.py", line 94, in walk',
      '    self.walk(child)',
      '  [Previous line repeated 1 more time]',
      '  File "/venv/lib/pylint/checkers/method_args.py", line 72, in visit_call',
      '    and inferred.qname() in self.linter.config.timeout_methods',
      "AttributeError: 'Slice' object has no attribute 'qname'",
    ].join('\n');
    const trimmed = trimStackTraces(report);
    expect(trimmed).not.toContain('pylinter.py');
    expect(trimmed).toContain('ast_walker.py');
    expect(trimmed).toContain('method_args.py');
    expect(trimmed).toContain('inferred.qname()');
    expect(trimmed).toContain("AttributeError: 'Slice'");
    expect(trimmed.startsWith('pylint crashed')).toBe(true);
  });

  it('reads a Python traceback whose indentation was lost', () => {
    const report = [
      'Traceback (most recent call last):',
      ' File "/venv/pylint/lint/pylinter.py", line 788, in _lint_file',
      ' check_astroid_module(module)',
      ' File "/venv/pylint/utils/ast_walker.py", line 94, in walk',
      ' self.walk(child)',
      ' File "/venv/pylint/checkers/variables.py", line 1573, in visit_name',
      ' self._undefined_and_used_before_checker(node, stmt)',
      ' File "/venv/pylint/checkers/variables.py", line 1611, in _undefined_and_used_before_checker',
      'AttributeError: boom',
    ].join('\n');
    const trimmed = trimStackTraces(report);
    expect(trimmed).not.toContain('pylinter.py');
    expect(trimmed).not.toContain('ast_walker.py');
    expect(trimmed).toContain('visit_name');
    expect(trimmed).toContain('AttributeError: boom');
  });

  it('keeps the first frames of a JavaScript or Java trace', () => {
    const trace = [
      'TypeError: x is undefined',
      '    at parseOptions (src/options.ts:12:3)',
      '    at Request.init (src/request.ts:40:9)',
      '    at main (src/cli.ts:5:1)',
      '    at Object.<anonymous> (node:internal/main:1:1)',
    ].join('\n');
    const trimmed = trimStackTraces(trace);
    expect(trimmed).toContain('options.ts');
    expect(trimmed).toContain('request.ts');
    expect(trimmed).not.toContain('cli.ts');
  });

  it('keeps the innermost frames of an IPython traceback', () => {
    const trace = [
      '<ipython-input-5-c33036198c2b> in <module>()',
      '----> 1 l(1, 2, 3)',
      '',
      '/home/u/.local/lib/sympy/utilities/lambdify.py in <lambda>(_Dummy_18)',
      '',
      '/home/u/.local/lib/numpy/core/fromnumeric.py in amin(a, axis, out)',
      '-> 2342             amin = a.min',
      '',
      'TypeError: only length-1 arrays',
    ].join('\n');
    const trimmed = trimStackTraces(trace);
    expect(trimmed).not.toContain('ipython-input');
    expect(trimmed).toContain('lambdify.py');
    expect(trimmed).toContain('fromnumeric.py');
    expect(trimmed).toContain('TypeError');
  });

  it('leaves text without traces unchanged', () => {
    const text = 'Fix `File "a"` handling\n  at the start of the line';
    expect(trimStackTraces(text)).toBe(text);
  });
});
