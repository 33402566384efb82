import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

const fence = '```';

/** A checker package: each checker owns its messages in a table of strings; tests and doc examples repeat the names. */
const CHECKERS: Record<string, string> = {
  'lintkit/checkers/variables.py': [
    'MSGS = {',
    '    "W0612": ("Unused variable %r", "unused-variable", "A variable is defined but never used."),',
    '    "E0601": ("Using variable %r before assignment", "used-before-assignment", "Read before written."),',
    '}',
    '',
    'class VariablesChecker:',
    '    def visit_name(self, node):',
    '        return node',
    '',
  ].join('\n'),
  'lintkit/checkers/format.py': [
    'MSGS = {"C0301": ("Line too long", "line-too-long", "A line is longer than the limit.")}',
    '',
    'class FormatChecker:',
    '    def visit_module(self, node):',
    '        return node',
    '',
  ].join('\n'),
  'lintkit/reporters/text.py':
    'class TextReporter:\n    def display_messages(self, layout):\n        """Print the variable messages and the module output."""\n        return layout\n',
  'lintkit/config/options.py':
    'def read_options(configuration):\n    """Read the configuration: command used, output, version, environment."""\n    return configuration\n',
  'tests/functional/unused_variable.py':
    '# unused-variable unused-variable variable unused\ndef f():\n    unused = 1  # [unused-variable]\n',
  'doc/messages/unused-variable/bad.py': 'def f():\n    x = 1  # [unused-variable]\n',
};

describe('locateFiles on a bug report', () => {
  it('finds the file whose code holds the check name the report quotes, not its tests or doc examples', async () => {
    repo = await indexSample(CHECKERS);
    const report = [
      'False positive `unused-variable` for homonyms',
      '',
      '### Bug description',
      `${fence}python`,
      'def f():',
      '    project_id = []',
      fence,
      '### Command used',
      `${fence}shell\nlint z.py\n${fence}`,
      '### Output',
      `${fence}shell`,
      'z.py:2:4: W0612: Unused variable (unused-variable)',
      fence,
      '### Version',
      'lintkit 2.15.6',
    ].join('\n');
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    expect(files[0]!.path).toBe('lintkit/checkers/variables.py');
    expect(files[0]!.reason).toContain('holds unused-variable, which the report quotes');
  });

  it('resolves the names a reproduction script calls to their definitions, and the modules it imports', async () => {
    repo = await indexSample({
      'calc/functions/complexes.py': 'class sign:\n    def eval(cls, arg):\n        return arg\n',
      'calc/functions/trig.py': 'class sin:\n    def eval(cls, arg):\n        return arg\n',
      'calc/series/limits.py': 'def limit(e, z, z0, dir="+"):\n    """Compute the limit of an expression."""\n    return e\n',
      'calc/series/order.py': 'def order_of(e):\n    """The limit order of an expression."""\n    return e\n',
      'calc/examples/limits_demo.py': 'def demo():\n    """Print the limit of a sign, wrong or right."""\n    return 0\n',
    });
    const index = new SqliteCodeIndex(repo.store);
    const report = `limit(sign(sin(x)), x, 0) is wrong\n\nHere is the code:\n${fence}python\nfrom calc import *\nprint(limit(sign(sin(x)), x, 0))\n${fence}`;
    const top = locateFiles(index, report)
      .slice(0, 3)
      .map((f) => f.path);
    expect(top).toEqual(expect.arrayContaining(['calc/functions/complexes.py', 'calc/series/limits.py']));
    const ranked = locateFiles(index, report);
    expect(ranked.find((f) => f.path === 'calc/functions/complexes.py')!.reason).toContain("defines sign, which the report's code calls");
    const imported = locateFiles(index, `Wrong order\n\n${fence}\nfrom calc.series.order import order_of\nx = 1\n${fence}`);
    expect(imported[0]!.path).toBe('calc/series/order.py');
    expect(imported[0]!.reason).toContain('the module calc.series.order the report imports');
  });

  it('counts a name written several times once, and prefers its definitions spelled exactly as asked', async () => {
    repo = await indexSample({
      'pkg/matrices.py': 'class Matrix:\n    def rank(self):\n        return 1\n',
      'pkg/setup.py': 'def initRank():\n    return 0\n',
      'pkg/tensor.py':
        'class Tensor:\n    def rank(self):\n        return 2\n\n    def Rank(self):\n        return 3\n\n    def RANK(self):\n        return 4\n',
    });
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'wrong m1.rank\n\nm1.rank() and m2.rank() and m3.rank() differ');
    const score = (p: string): number => files.find((f) => f.path === p)!.score;
    // Both files define `rank` once in its exact spelling: the other spellings and the repeats add nothing.
    expect(score('pkg/tensor.py')).toBeCloseTo(score('pkg/matrices.py'), 1);
    // A name spelled in no definition's case finds the others (a rename by case: `InitRank` was `initRank`).
    const renamed = locateFiles(new SqliteCodeIndex(repo.store), 'make InitRank public');
    expect(renamed[0]).toMatchObject({ path: 'pkg/setup.py' });
    expect(renamed[0]!.reason).toContain('defines initRank');
  });

  it('counts a class the title names by a capitalised word, when few files define it', async () => {
    repo = await indexSample({
      'calc/core/function.py': 'class Subs:\n    def doit(self):\n        return self\n',
      'calc/core/basic.py':
        "class Basic:\n    def subs(self, old, new):\n        'Substitute old for new in an expression.'\n        return self\n",
      'calc/core/results.py': 'class Results:\n    pass\n',
      'calc/other/results.py': 'class Results:\n    pass\n',
      'calc/more/results.py': 'class Results:\n    pass\n',
    });
    const report = `Subs in Subs returns incorrect Results\n\n${fence}\n>>> f(x).diff(x).subs(x, 0).subs(x, y)\n${fence}`;
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    expect(files[0]).toMatchObject({ path: 'calc/core/function.py' });
    expect(files[0]!.reason).toContain('defines Subs, which the title names');
    // A word three files define as a class is too common to say where.
    expect(files.find((f) => f.path === 'calc/core/results.py')?.reason ?? '').not.toContain('which the title names');
  });

  it('reads a dotted name that spells a module as that module, not as a definition of its last part', async () => {
    repo = await indexSample({
      'calc/abc.py': 'x, y = 1, 2\n',
      'calc/solvers/ode.py': 'def abc(eq):\n    return eq\n',
      'calc/printing/latex.py': 'def latex(expr):\n    return str(expr)\n',
    });
    const report = `Missing parentheses in LaTeX\n\n${fence}\n>>> from calc.abc import x\n>>> calc.latex(x)\n${fence}`;
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    expect(files.find((f) => f.path === 'calc/solvers/ode.py')?.reason ?? '').not.toContain('defines abc');
    expect(files[0]).toMatchObject({ path: 'calc/printing/latex.py' });
  });

  it("counts a long report's body words in file paths for less than its title's", async () => {
    repo = await indexSample({
      'calc/series/limits.py': 'def compute(e):\n    return e\n',
      'calc/interactive/session_printing.py': 'def start(banner):\n    return banner\n',
    });
    const body = 'I started an interactive session with printing on, as the session banner says, and asked for it. '.repeat(4);
    const report = `Limits of alternating terms are wrong\n\n${body}\n${fence}\n>>> compute(x)\n${fence}`;
    const top = locateFiles(new SqliteCodeIndex(repo.store), report).map((f) => f.path);
    expect(top.indexOf('calc/series/limits.py')).toBeLessThan(top.indexOf('calc/interactive/session_printing.py'));
  });

  it('reads a dotted name a library the report imports heads as that library, not as a definition of its last part', async () => {
    repo = await indexSample({
      'calc/mechanics/system.py': 'def loads(forces):\n    return forces\n',
      'calc/core/numbers.py': 'class Half:\n    def __reduce__(self):\n        return (Half, ())\n',
    });
    const report = `Unpickling Half fails\n\n${fence}\nimport pickle\npickle.loads(data)\n${fence}`;
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    expect(files.find((f) => f.path === 'calc/mechanics/system.py')?.reason ?? '').not.toContain('defines loads');
  });

  it("does not take a library's call the report makes for a method or field of the same name in the repository", async () => {
    repo = await indexSample({
      'netkit/util/retry.py': 'class Retry:\n    def sleep(self, response=None):\n        return response\n',
      'netkit/contrib/tls.py': 'class WrappedSocket:\n    def __init__(self, socket):\n        self.socket = socket\n',
    });
    const report = `No retry for TLS errors\n\n${fence}python\nimport time\nimport socket\ns = socket.socket()\ntime.sleep(0.5)\n${fence}`;
    const reasons = locateFiles(new SqliteCodeIndex(repo.store), report).map((f) => f.reason);
    expect(reasons.join('; ')).not.toMatch(/defines (sleep|socket)/);
  });

  it('counts a quoted name for the code that holds its words side by side, not for files that hold them apart or for docs', async () => {
    repo = await indexSample({
      'lintkit/checkers/variables.py': 'MSGS = {"E0601": "used-before-assignment"}\n',
      'lintkit/checkers/typecheck.py': 'def visit_assign(node):\n    # a name used before, in an assignment\n    return node\n',
      'lintkit/checkers/classes.py': 'def visit_class(node):\n    # the assignment of a name used before\n    return node\n',
      '.github/ISSUE_TEMPLATE.md': 'Name the check (used-before-assignment) and paste the output.\n',
    });
    const report = `[used-before-assignment] Functions defined in a guard are not flagged\n\n${fence}python\nx = 1\n${fence}`;
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    const holders = files.filter((f) => f.reason.includes('holds used-before-assignment')).map((f) => f.path);
    expect(holders).toEqual(['lintkit/checkers/variables.py']);
  });

  it('counts each further name one file defines for less than the one before', async () => {
    repo = await indexSample({
      'lintkit/lint/driver.py':
        'def check_files(a):\n    return a\n\ndef check_file(a):\n    return a\n\ndef get_ast(a):\n    return a\n\ndef walk_module(a):\n    return a\n',
    });
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'Crash in `check_files`, `check_file`, `get_ast` and `walk_module`');
    expect(files[0]!.reason).toContain('defines walk_module');
    // Four definitions at 3 each would be 12; with the decay they are 3 * (1 + 0.7 + 0.49 + 0.343) = 7.6, plus the text.
    expect(files[0]!.score).toBeLessThan(10);
  });

  it("counts the innermost frame of a pasted traceback that lies in the repository, past other libraries' frames", async () => {
    repo = await indexSample({
      'src/lintkit/checkers/typecheck.py': 'class TypeChecker:\n    def visit_attribute(self, node):\n        return node\n',
      'src/lintkit/lint/runner.py':
        'def run_checks(modules):\n    """Run every checker over the modules and report a crash."""\n    return modules\n',
    });
    const report = [
      'Crash on a conditional slice',
      '',
      'Traceback (most recent call last):',
      ' File "/home/u/.local/lib/python3.7/site-packages/lintkit/checkers/typecheck.py", line 876, in visit_attribute',
      ' for n in owner.getattr(node.attrname)',
      ' File "/home/u/.local/lib/python3.7/site-packages/othertool/nodes.py", line 3929, in getattr',
      'othertool.exceptions.InferenceError: crash',
    ].join('\n');
    const files = locateFiles(new SqliteCodeIndex(repo.store), report);
    expect(files[0]!.path).toBe('src/lintkit/checkers/typecheck.py');
    expect(files[0]!.reason).toContain('the innermost frame of a pasted traceback in this repository');
  });
});
