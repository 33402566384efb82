import { describe, expect, it } from 'vitest';
import { dropTemplateLines, findTraceFiles, readReportCode, splitReportLines } from '../../../src/core/explore/read-report-code.js';

const fence = '```';

describe('readReportCode', () => {
  it('reads the names the code calls, nested or as methods, but not the ones the snippet defines', () => {
    const report = [
      'Wrong result',
      '',
      `${fence}python`,
      'def helper(x):',
      '    return x',
      'm = Matrix([1, 2])',
      'print(m.rank(simplify=True), helper(limit(sign(x), x, 0)))',
      fence,
    ].join('\n');
    const { calls } = readReportCode(report);
    expect(calls).toEqual(expect.arrayContaining(['Matrix', 'rank', 'limit', 'sign']));
    expect(calls).not.toContain('helper');
    expect(calls).not.toContain('print');
  });

  it('reads calls at an interactive prompt and in the title, and marks the title ones', () => {
    const report = 'integrate(1/x, (x, 1, 2)) is wrong\n\n>>> solveset(x**2, x)\nEmptySet';
    const { calls, titleCalls } = readReportCode(report);
    expect(calls).toEqual(expect.arrayContaining(['integrate', 'solveset']));
    expect(titleCalls).toEqual(['integrate']);
  });

  it('reads no calls from prose', () => {
    expect(readReportCode('The result (as shown in the docs) is wrong when simplify is used').calls).toEqual([]);
  });

  it('names the dotted modules of import lines, not top-level packages', () => {
    const report = `${fence}\nfrom pkg.sets.fancy import ImageSet\nimport pkg.core.numbers\nfrom pkg import *\nimport os\n${fence}`;
    expect(readReportCode(report).modules).toEqual(['pkg.sets.fancy', 'pkg.core.numbers']);
  });

  it('reads quoted check names and codes, marks those of the title, and skips disable directives and URLs', () => {
    const report = [
      'False positive `unused-variable` in comprehensions',
      '',
      `${fence}python`,
      '# pylint: disable=missing-module-docstring, too-few-public-methods',
      'x = 1',
      fence,
      'z.py:2:4: W0612: Unused variable (unused-variable)',
      'See https://example.org/pull/1#issue-comment-like-this',
    ].join('\n');
    const { quotedNames, titleNames } = readReportCode(report);
    expect(quotedNames).toEqual(['unused-variable', 'W0612']);
    expect(titleNames).toEqual(['unused-variable']);
  });

  it('does not read the options of a command typed at a shell prompt as quoted names, unless another line names them', () => {
    const report = [
      'Cannot parse a match statement',
      '',
      `${fence}sh`,
      '$ black --target-version py311 --line-length 80 --diff file.py',
      fence,
      'error: cannot format file.py: Cannot parse: 5:0 (also with `--line-length`)',
    ].join('\n');
    expect(readReportCode(report).quotedNames).toEqual(['line-length']);
  });

  it("reads the capitalised words of the title's first sentence, past its first word", () => {
    expect(readReportCode('Subs in Subs returns incorrect results. See Tests\n\nBody With Words').titleWords).toEqual(['Subs']);
    expect(readReportCode('Wrong result of `Integral.doit` with Piecewise').titleWords).toEqual(['Integral', 'Piecewise']);
  });

  it('reads bare three-word names only when the report has code, and never in configuration blocks', () => {
    expect(readReportCode('Do not forward hop-by-hop headers').quotedNames).toEqual([]);
    const report = `false negative with dangerous-default-value\n\n${fence}python\nx = 1\n${fence}\n${fence}ini\n[main]\nmax-line-length = 120\ndisable = "raw-checker-failed"\n${fence}`;
    expect(readReportCode(report).quotedNames).toEqual(['dangerous-default-value']);
  });
});

describe('splitReportLines', () => {
  it('tells prose, code and configuration apart and leaves the fences out', () => {
    const lines = splitReportLines(`title\n${fence}toml\n[tool]\n${fence}\n${fence}\nrun()\n${fence}\n>>> f(1)`);
    expect(lines.map((l) => l.kind)).toEqual(['prose', 'config', 'code', 'code']);
    expect(lines[3]!.text).toBe('f(1)');
  });
});

describe('dropTemplateLines', () => {
  it('drops template headings, bold labels and version lines, and keeps the title and the rest', () => {
    const report = [
      '### Crash on empty input',
      '### Steps to reproduce',
      'Run the parser on an empty file.',
      '**Expected behavior**',
      'No crash.',
      'pylint 2.15.6',
      'Python 3.10.8 (main, Oct 18 2022) [GCC 11.2.0]',
      'numpy==1.26.0',
      'x = 1.5',
    ].join('\n');
    expect(dropTemplateLines(report)).toBe(
      ['### Crash on empty input', 'Run the parser on an empty file.', 'No crash.', 'x = 1.5'].join('\n'),
    );
  });
});

describe('findTraceFiles', () => {
  it("lists each traceback's frame files innermost first, one list per trace", () => {
    const report = [
      'Crash',
      'Traceback (most recent call last):',
      ' File "/usr/lib/site-packages/pkg/checkers/typecheck.py", line 876, in visit_attribute',
      ' for n in owner.getattr(node.attrname)',
      ' File "C:\\py\\site-packages\\astroid\\nodes.py", line 3929, in getattr',
      'AttributeInferenceError: not found',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      ' File "/usr/bin/pkg", line 10, in <module>',
      ' File "/usr/lib/site-packages/pkg/__init__.py", line 20, in run',
    ].join('\n');
    expect(findTraceFiles(report)).toEqual([
      ['C:/py/site-packages/astroid/nodes.py', '/usr/lib/site-packages/pkg/checkers/typecheck.py'],
      ['/usr/lib/site-packages/pkg/__init__.py'],
    ]);
  });
});
