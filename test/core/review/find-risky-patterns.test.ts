import { describe, expect, it } from 'vitest';
import { findRiskyPatterns } from '../../../src/core/review/find-risky-patterns.js';
import type { DiffFile } from '../../../src/core/review/parse-diff.js';

/** A file whose hunk adds `lines` (a line starting with ' ' is kept as context instead). */
function added(path: string, lines: string[]): DiffFile {
  let n = 1;
  return {
    path,
    status: 'modified',
    binary: false,
    additions: lines.length,
    deletions: 0,
    hunks: [
      {
        oldStart: 1,
        oldLines: 0,
        newStart: 1,
        newLines: lines.length,
        header: '@@',
        lines: lines.map((text) =>
          text.startsWith(' ') && text.startsWith(' ~')
            ? { kind: 'context' as const, text: text.slice(2), oldLine: n, newLine: n++ }
            : { kind: 'add' as const, text, newLine: n++ },
        ),
      },
    ],
  };
}

const kinds = async (path: string, ...lines: string[]) => (await findRiskyPatterns([added(path, lines)])).map((d) => d.kind);
const only = async (path: string, line: string) => (await findRiskyPatterns([added(path, [line])]))[0];

describe('findRiskyPatterns', () => {
  it('flags eval and new Function, but not a method named eval or a mention in a comment or string', async () => {
    expect(await kinds('src/a.ts', 'const f = eval(code);')).toEqual(['risk:eval']);
    expect(await kinds('src/a.js', 'const f = new Function("a", body);')).toEqual(['risk:eval']);
    expect(await kinds('train.py', 'model.eval()', '# never eval(x) here', 'msg = "eval(x) is bad"')).toEqual([]);
  });

  it('flags shell commands built from interpolated strings, not fixed ones', async () => {
    expect(await kinds('src/run.ts', 'execSync(`git log ${ref}`);')).toEqual(['risk:shell-injection']);
    expect(await kinds('src/run.ts', "exec('rm -rf ' + dir);")).toEqual(['risk:shell-injection']);
    expect(await kinds('tools/run.py', 'os.system(f"convert {name}")')).toEqual(['risk:shell-injection']);
    expect(await kinds('src/run.ts', "execSync('git status');", 'regex.exec(text);')).toEqual([]);
    expect(await kinds('src/run.ts', 'child_process.exec(`ls ${dir}`);')).toEqual(['risk:shell-injection']);
    // A RegExp's exec on a template literal is not a shell (seen on got 4d7e628b).
    expect(
      await kinds('src/url.ts', 'return /^(?<p>[^:]+):/v.exec(`${url.pathname}${url.search}`)?.groups;', 'pattern.exec(`${a}`);'),
    ).toEqual([]);
  });

  it('flags HTML written from values, but not clearing an element', async () => {
    expect(await kinds('src/view.ts', 'el.innerHTML = message;')).toEqual(['risk:html-injection']);
    expect(await kinds('src/view.tsx', '<div dangerouslySetInnerHTML={{ __html: body }} />')).toEqual(['risk:html-injection']);
    expect(await kinds('src/view.ts', "el.innerHTML = '';", 'if (el.innerHTML === x) {}')).toEqual([]);
  });

  it('flags SQL with values pasted in, not parameterised queries', async () => {
    expect(await kinds('src/db.ts', 'db.query(`SELECT * FROM users WHERE id = ${id}`);')).toEqual(['risk:sql-injection']);
    expect(await kinds('app/db.py', 'cur.execute("DELETE FROM users WHERE id = " + user_id)')).toEqual(['risk:sql-injection']);
    expect(await kinds('app/db.py', 'cur.execute(f"SELECT name FROM t WHERE id = {i}")')).toEqual(['risk:sql-injection']);
    expect(await kinds('app/db.py', 'cur.execute("SELECT name FROM t WHERE id = %s", (i,))', '# SELECT x FROM t WHERE a = " + b')).toEqual(
      [],
    );
  });

  it('flags disabled TLS verification in several languages', async () => {
    expect(await kinds('src/http.ts', 'const agent = new Agent({ rejectUnauthorized: false });')).toEqual(['risk:tls-disabled']);
    expect(await kinds('app/http.py', 'requests.get(url, verify=False)')).toEqual(['risk:tls-disabled']);
    expect(await kinds('cmd/http.go', 'tls.Config{InsecureSkipVerify: true}')).toEqual(['risk:tls-disabled']);
    expect(await kinds('src/http.ts', 'const agent = new Agent({ rejectUnauthorized: true });')).toEqual([]);
  });

  it('flags debug output in library code, offering to delete a complete call, but not in tests or command-line tools', async () => {
    expect(await only('src/a.ts', '  console.log("here", x);')).toMatchObject({
      kind: 'risk:debug-output',
      severity: 'info',
      suggestion: '',
      quote: 'console.log("here", x);',
    });
    expect((await only('src/a.ts', 'console.log("start",'))?.suggestion).toBeUndefined();
    expect(await kinds('lib/a.py', 'print(result)')).toEqual(['risk:debug-output']);
    expect(await kinds('test/a.test.ts', 'console.log(x);')).toEqual([]);
    expect(await kinds('src/cli/main.ts', 'console.log(x);')).toEqual([]);
  });

  it('flags breakpoints left in, with a suggestion that removes them', async () => {
    expect(await only('src/a.ts', 'debugger;')).toMatchObject({ kind: 'risk:debugger', suggestion: '' });
    expect(await kinds('app/a.py', 'import pdb; pdb.set_trace()')).toEqual(['risk:debugger']);
    expect(await kinds('src/a.ts', 'const debuggerPort = 9229;')).toEqual([]);
  });

  it('flags empty catch blocks and bare except-pass, including the two-line form', async () => {
    expect(await kinds('src/a.ts', 'try { run(); } catch (e) {}')).toEqual(['risk:empty-catch']);
    expect(await kinds('src/a.ts', 'promise.catch(() => {});')).toEqual(['risk:empty-catch']);
    expect(await kinds('app/a.py', 'except Exception: pass')).toEqual(['risk:empty-catch']);
    const twoLines = await findRiskyPatterns([added('app/a.py', ['except ValueError:', '    pass'])]);
    expect(twoLines).toMatchObject([{ kind: 'risk:empty-catch', quote: 'except ValueError:\npass' }]);
    expect(await kinds('src/a.ts', '} catch (e) { log(e); }')).toEqual([]);
  });

  it('flags token-shaped strings and literal passwords, but not placeholders or environment reads', async () => {
    expect(await kinds('src/config.ts', 'const key = "AKIAABCDEFGHIJKLMNOP";')).toEqual(['risk:secret']);
    expect(await kinds('app/settings.py', 'DB_PASSWORD = "s3cr3t-pass"')).toEqual(['risk:secret']);
    expect(await kinds('app/settings.py', 'DB_PASSWORD = "changeme"', 'API_KEY = os.environ["API_KEY"]', 'token = "<your token>"')).toEqual(
      [],
    );
  });

  it('flags TODOs added in code comments, not the word elsewhere', async () => {
    expect(await kinds('src/a.ts', 'run(); // TODO: handle retries')).toEqual(['risk:todo']);
    expect(await kinds('app/a.py', '# FIXME this leaks')).toEqual(['risk:todo']);
    expect(await kinds('src/a.ts', 'const label = "TODO list";', 'function todoList() {}')).toEqual([]);
    expect(await kinds('docs/plan.md', '# TODO')).toEqual([]);
  });

  it('flags loose equality in JavaScript and suggests the strict form, leaving `== null` alone', async () => {
    expect(await only('src/a.ts', 'if (a == b) return;')).toMatchObject({
      kind: 'risk:loose-equality',
      suggestion: 'if (a === b) return;',
    });
    expect(await only('src/a.js', 'if (a != "==") go();')).toMatchObject({ kind: 'risk:loose-equality' });
    expect((await only('src/a.js', 'if (a != "==") go();'))!.suggestion).toBeUndefined();
    expect(await kinds('src/a.ts', 'if (a == null) return;', 'if (a === b) return;', 'const ok = a !== b;')).toEqual([]);
    expect(await kinds('app/a.py', 'if a == b: pass')).toEqual([]);
  });

  it('flags assert used for validation in Python source, not in tests', async () => {
    expect(await kinds('app/a.py', 'assert user is not None')).toEqual(['risk:python-assert']);
    expect(await kinds('tests/test_a.py', 'assert result == 3')).toEqual([]);
  });

  it('flags unpickling and unsafe yaml.load, suggesting safe_load only where it is a drop-in', async () => {
    expect(await kinds('app/a.py', 'data = pickle.loads(blob)')).toEqual(['risk:unsafe-deserialization']);
    expect(await only('app/a.py', '    cfg = yaml.load(stream)')).toMatchObject({
      kind: 'risk:yaml-load',
      suggestion: 'cfg = yaml.safe_load(stream)',
    });
    expect((await only('app/a.py', 'cfg = yaml.load(stream, Loader=yaml.FullLoader)'))!.suggestion).toBeUndefined();
    expect(await kinds('app/a.py', 'cfg = yaml.load(stream, Loader=yaml.SafeLoader)', 'cfg = yaml.safe_load(stream)')).toEqual([]);
  });

  it('reads only added lines, and skips deleted and binary files', async () => {
    expect(await kinds('src/a.ts', ' ~eval(kept);')).toEqual([]);
    const deleted: DiffFile = { ...added('src/b.ts', ['eval(x);']), status: 'deleted' };
    const binary: DiffFile = { ...added('src/c.ts', ['eval(x);']), binary: true };
    expect(await findRiskyPatterns([deleted, binary])).toEqual([]);
  });

  it('makes one draft for a line repeated in a file, which placement then sends to a person', async () => {
    expect(await kinds('src/a.ts', 'debugger;', 'debugger;')).toEqual(['risk:debugger']);
  });
});

describe('rules that read more than a line', () => {
  const file = (path: string, content: string, addedFrom = 1): { diff: DiffFile; read: (p: string) => Promise<string> } => {
    const lines = content.replace(/\n$/, '').split('\n');
    const diff: DiffFile = {
      path,
      status: 'modified',
      binary: false,
      additions: lines.length - addedFrom + 1,
      deletions: 0,
      hunks: [
        {
          oldStart: 1,
          oldLines: addedFrom - 1,
          newStart: 1,
          newLines: lines.length,
          header: '@@',
          lines: lines.map((text, i) =>
            i + 1 < addedFrom
              ? { kind: 'context' as const, text, oldLine: i + 1, newLine: i + 1 }
              : { kind: 'add' as const, text, newLine: i + 1 },
          ),
        },
      ],
    };
    return { diff, read: () => Promise.resolve(content) };
  };
  const run = async (path: string, content: string, addedFrom = 1) => {
    const { diff, read } = file(path, content, addedFrom);
    return (await findRiskyPatterns([diff], undefined, read)).map((d) => `${d.kind} ${d.quote}`);
  };

  it('flags an __exit__ that returns True on every path without reading the exception', async () => {
    const swallow = 'class Quiet:\n    def __exit__(self, exc_type, exc, tb):\n        self.close()\n        return True\n';
    expect(await run('pkg/quiet.py', swallow)).toEqual(['risk:exit-swallows return True']);
    expect(await run('pkg/quiet.py', swallow.replace('__exit__', '__aexit__').replace('    def', '    async def'))).toEqual([
      'risk:exit-swallows return True',
    ]);
  });

  it('reads a signature over several lines (flask style): flags it when the exception is ignored, not when it is recorded', async () => {
    const header =
      '    def __exit__(\n        self,\n        exc_type: type[BaseException] | None,\n        exc_val: BaseException | None,\n        exc_tb: TracebackType | None,\n    ) -> bool:\n';
    expect(await run('src/flask/helpers.py', `class C:\n${header}        self.closed = True\n        return True\n`)).toEqual([
      'risk:exit-swallows return True',
    ]);
    const flask = `class _CollectErrors:\n${header}        if exc_val is not None:\n            self.errors.append(exc_val)\n\n        return True\n`;
    expect(await run('src/flask/helpers.py', flask)).toEqual([]);
  });

  it('leaves an __exit__ that suppresses some exceptions, records them, returns None, or was not changed', async () => {
    const some = 'class S:\n    def __exit__(self, exc_type, exc, tb):\n        return exc_type is KeyError\n';
    const records =
      'class C:\n    def __exit__(self, et, ev, tb):\n        if ev is not None:\n            self.errors.append(ev)\n        return True\n';
    const conditional = 'class D:\n    def __exit__(self, *args):\n        if self.quiet:\n            return True\n';
    const plain = 'class P:\n    def __exit__(self, exc_type, exc, tb):\n        self.close()\n';
    const untouched = 'class U:\n    def __exit__(self, a, b, c):\n        return True\n\nx = 1\n';
    for (const content of [some, records, conditional, plain]) expect(await run('pkg/m.py', content)).toEqual([]);
    expect(await run('pkg/m.py', untouched, 5)).toEqual([]);
    expect(await run('tests/test_m.py', 'class Q:\n    def __exit__(self, a, b, c):\n        return True\n')).toEqual([]);
  });

  it('flags listeners, intervals and process handlers added with no removal in the file', async () => {
    expect(await run('src/a.ts', "window.addEventListener('resize', onResize);\n")).toEqual([
      "risk:listener-leak window.addEventListener('resize', onResize);",
    ]);
    expect(await run('src/a.js', 'const id = setInterval(tick, 1000);\n')).toEqual([
      'risk:listener-leak const id = setInterval(tick, 1000);',
    ]);
    expect(await run('src/a.ts', "process.on('exit', cleanup);\n")).toEqual(["risk:listener-leak process.on('exit', cleanup);"]);
  });

  it('leaves listeners that are removed, once, or tied to a signal, and the same code in another language', async () => {
    const removed = "el.addEventListener('click', onClick);\nfunction stop() {\n  el.removeEventListener('click', onClick);\n}\n";
    expect(await run('src/a.ts', removed)).toEqual([]);
    expect(await run('src/a.ts', "el.addEventListener('click', f, { once: true });\n")).toEqual([]);
    expect(await run('src/a.ts', "signal.addEventListener('abort', abort, { signal: controller.signal });\n")).toEqual([]);
    expect(await run('src/a.ts', 'const id = setInterval(tick, 5);\nexport const stop = () => clearInterval(id);\n')).toEqual([]);
    expect(await run('src/a.ts', "process.on('exit', f);\nprocess.off('exit', f);\n")).toEqual([]);
    expect(await run('src/a.py', 'el.addEventListener("x", f)\n')).toEqual([]);
  });

  it('is not run on content that is not the head (the quote would not be the commit code)', async () => {
    const { diff } = file('src/a.ts', "window.addEventListener('resize', onResize);\n");
    expect(await findRiskyPatterns([diff], undefined, () => Promise.resolve('something else\n'))).toEqual([]);
  });
});

describe('non-null assertions', () => {
  it('flags ! on calls that return undefined or null when nothing matches', async () => {
    expect(await kinds('src/a.ts', 'const v = cache.get(key)!;')).toEqual(['risk:non-null-assertion']);
    expect(await kinds('src/a.ts', 'const u = users.find((u) => u.id === id)!.name;')).toEqual(['risk:non-null-assertion']);
    expect(await kinds('src/a.tsx', "document.querySelector('#root')!.append(x);")).toEqual(['risk:non-null-assertion']);
  });

  it('leaves ! after a has() check, !== comparisons, other calls, JavaScript and tests', async () => {
    expect(await kinds('src/a.ts', 'const v = map.has(k) ? map.get(k)! : d;')).toEqual([]);
    expect(await kinds('src/a.ts', 'if (map.get(k) !== undefined) {}', 'const n = node.parent!;', 'const x = compute()!;')).toEqual([]);
    expect(await kinds('src/a.js', 'const v = cache.get(key);')).toEqual([]);
    expect(await kinds('test/a.test.ts', 'const v = cache.get(key)!;')).toEqual([]);
  });
});
