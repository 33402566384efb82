import { describe, expect, it } from 'vitest';
import { buildWalkthrough } from '../../../src/core/review/build-walkthrough.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { reconstructBase } from '../../../src/core/review/reconstruct-base.js';
import { makeReviewRepo } from './review-repo.js';

const HELPERS = [
  'def _slug(text):',
  '    cleaned = text.strip().lower()',
  '    parts = cleaned.split(" ")',
  '    joined = "-".join(parts)',
  '    return joined',
  '',
].join('\n');

const BASE = {
  'pkg/app.py': [
    'def route(rule, methods):',
    '    return rule',
    '',
    'def _make(name):',
    '    return name',
    '',
    'def legacy(x):',
    '    return x',
    '',
    HELPERS,
    'def body_only(a):',
    '    return a + 1',
    '',
  ].join('\n'),
  'pkg/util.py': 'def other():\n    return 0\n',
  'web/client.ts': [
    'export function fetchIt(url: string): Promise<string> {',
    '  return Promise.resolve(url);',
    '}',
    'export function internalOnly() {',
    '  return 1;',
    '}',
    'export class Client {',
    '  public send(body: string): void {',
    '    console.log(body);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'go/cmd.go': 'package cmd\n\nfunc helper(a int) int {\n\treturn a\n}\n\nfunc Run() {\n\thelper(1)\n}\n',
};

async function walk(write: Record<string, string>) {
  const repo = await makeReviewRepo(BASE, { write });
  const files = parseDiff(repo.diff);
  return { repo, files, walkthrough: await buildWalkthrough(files, repo.readHead) };
}

describe('buildWalkthrough on a real git diff', () => {
  it('finds signature, visibility and removal changes from the parse at base and head, and the block that moved', async () => {
    const { walkthrough } = await walk({
      'pkg/app.py': [
        'def route(rule, methods, strict=False):',
        '    return rule',
        '',
        'def make(name):',
        '    return name',
        '',
        'def body_only(a):',
        '    return a + 2',
        '',
      ].join('\n'),
      'pkg/util.py': `def other():\n    return 0\n\n${HELPERS}`,
      'web/client.ts': [
        'export function fetchIt(url: string, timeout: number): Promise<string> {',
        '  return Promise.resolve(url);',
        '}',
        'function internalOnly() {',
        '  return 1;',
        '}',
        'export class Client {',
        '  private send(body: string): void {',
        '    console.log(body);',
        '  }',
        '}',
        '',
      ].join('\n'),
      'go/cmd.go': 'package cmd\n\nfunc Helper(a int) int {\n\treturn a\n}\n\nfunc Run() {\n\tHelper(1)\n}\n',
    });
    const changes = Object.fromEntries(
      walkthrough.files.map((f) => [f.path, f.symbolChanges.map((c) => `${c.kind} ${c.name}${'after' in c ? ` -> ${c.after}` : ''}`)]),
    );
    expect(changes).toEqual({
      'go/cmd.go': ['visibility Helper -> exported'],
      'pkg/app.py': ['signature route -> def route(rule, methods, strict=False)', 'visibility make -> public', 'removed legacy'],
      'pkg/util.py': [],
      'web/client.ts': [
        'signature fetchIt -> export function fetchIt(url: string, timeout: number): Promise<string>',
        'visibility internalOnly -> not exported',
        'visibility Client.send -> private',
      ],
    });
    expect(walkthrough.moved).toEqual([
      {
        from: { path: 'pkg/app.py', startLine: 10, endLine: 14 },
        to: { path: 'pkg/util.py', startLine: 4, endLine: 8 },
        lines: 5,
        reindented: false,
      },
    ]);
  });

  it('names the tests a change deletes, and nothing else of a test file (flask 2ac89889)', async () => {
    const repo = await makeReviewRepo(
      {
        'tests/test_reqctx.py': [
          'def test_session():',
          '    assert True',
          '',
          'def test_bad_environ_raises_bad_request():',
          '    assert 400 == 400',
          '',
          'def test_renamed(a):',
          '    assert a',
          '',
        ].join('\n'),
        'tests/data.json': '{"a": 1}\n',
      },
      {
        write: {
          'tests/test_reqctx.py': ['def test_session(client):', '    assert True', '', 'def test_renamed_now(a):', '    assert a', ''].join(
            '\n',
          ),
          'tests/data.json': '{"a": 2}\n',
        },
      },
    );
    const walkthrough = await buildWalkthrough(parseDiff(repo.diff), repo.readHead);
    const byPath = Object.fromEntries(walkthrough.files.map((f) => [f.path, f]));
    // The re-typed test_session is no signature change; the renamed test is paired as a rename, not removed.
    expect(byPath['tests/test_reqctx.py']!.symbolChanges.map((c) => `${c.kind} ${c.name}`)).toEqual([
      'removed test_bad_environ_raises_bad_request',
    ]);
    expect(byPath['tests/test_reqctx.py']!.notCompared).toBeUndefined();
    expect(byPath['tests/data.json']!.notCompared).toBeUndefined();
  });

  it('does not call a method removed when the head declares its name twice (got e5e645a7)', async () => {
    const { compareSymbols } = await import('../../../src/core/review/compare-symbols.js');
    const { parseFile } = await import('../../../src/core/code-index/parse-file.js');
    const parse = async (text: string) => (await parseFile('src/r.ts', new TextEncoder().encode(text))).symbols;
    const before = await parse('export class R {\n  async flush() {\n    return 1;\n  }\n}\n');
    // The head declares `flush` twice in the class (got's head had a second `flush` member): it cannot be paired, and is not "removed".
    const after = await parse(
      'export class R {\n  async flush() {\n    return 1;\n  }\n  async other() {}\n  async flush() {\n    return 2;\n  }\n}\n',
    );
    expect(after.filter((x) => x.name === 'flush')).toHaveLength(2);
    expect(compareSymbols('src/r.ts', before, after)).toEqual([]);
  });

  it("compares a type alias's one-line definition (got 20633bc1, cobra 8cb30f9), not an object type's body", async () => {
    const { compareSymbols } = await import('../../../src/core/review/compare-symbols.js');
    const { parseFile } = await import('../../../src/core/code-index/parse-file.js');
    const parse = async (path: string, text: string) => (await parseFile(path, new TextEncoder().encode(text))).symbols;
    const ts = (a: string, b: string) =>
      'export type StreamOptions = ' +
      a +
      ';\nexport type Shape = {\n  name: ' +
      b +
      ';\n};\ntype Skip =\n  ' +
      (b === 'string' ? "'a' |\n  'b'" : "| 'a'\n  | 'b'") +
      ';\n';
    const changes = compareSymbols(
      'src/t.ts',
      await parse('src/t.ts', ts('OptionsInit', 'string')),
      await parse('src/t.ts', ts('Except<OptionsInit>', 'number')),
    );
    expect(changes.map((c) => [c.kind, c.name, c.symbolKind])).toEqual([['signature', 'StreamOptions', 'type']]);
    const go = (r: string) => `package cobra\n\ntype CompletionFunc func(args []string) ([]${r}, error)\n`;
    expect(compareSymbols('c.go', await parse('c.go', go('string')), await parse('c.go', go('Completion'))).map((c) => c.name)).toEqual([
      'CompletionFunc',
    ]);
  });

  it('calls a public function whose name alone changed renamed, not removed (got 4d7e628b)', async () => {
    const { compareSymbols } = await import('../../../src/core/review/compare-symbols.js');
    const { parseFile } = await import('../../../src/core/code-index/parse-file.js');
    const parse = async (text: string) => (await parseFile('src/u.ts', new TextEncoder().encode(text))).symbols;
    const before = await parse('export default function isUnixSocketURL(url: URL) {\n  return 1;\n}\nexport function keep() {}\n');
    const after = await parse('export default function isUnixSocketUrl(url: URL) {\n  return 1;\n}\nexport function keep() {}\n');
    expect(compareSymbols('src/u.ts', before, after)).toEqual([
      { kind: 'renamed', name: 'isUnixSocketUrl', symbolKind: 'function', line: 1, renamedFrom: 'isUnixSocketURL' },
    ]);
    const changed = await parse('export default function isUnix(url: URL, strict: boolean) {\n  return 1;\n}\nexport function keep() {}\n');
    expect(compareSymbols('src/u.ts', before, changed).map((c) => c.kind)).toEqual(['removed']);
  });

  it('says nothing of a body-only change, and does not call a short repeated line a move', async () => {
    const { walkthrough } = await walk({
      'pkg/app.py': BASE['pkg/app.py'].replace('return a + 1', 'return a + 3').replace('    return x\n', '    return x + 0\n'),
      'pkg/util.py': 'def other():\n    return x\n',
    });
    expect(walkthrough.files.flatMap((f) => f.symbolChanges)).toEqual([]);
    expect(walkthrough.moved).toEqual([]);
  });

  it('reads a parameter added below the third line of a long header, and not a header only laid out anew', async () => {
    const header = (params: string[]) =>
      ['def stream(', ...params.map((p) => `    ${p},`), ') -> str:', '    return method', ''].join('\n');
    const params = ['method', 'url', '*', 'params=None', 'headers=None'];
    const repo = await makeReviewRepo(
      { 'pkg/api.py': header(params), 'pkg/other.py': header(params) },
      {
        write: {
          'pkg/api.py': header(['method', 'url', 'extra', '*', 'params=None', 'headers=None']),
          'pkg/other.py': `def stream(method, url, *, params=None, headers=None) -> str:\n    return method\n`,
        },
      },
    );
    const walkthrough = await buildWalkthrough(parseDiff(repo.diff), repo.readHead);
    const changes = walkthrough.files.flatMap((f) => f.symbolChanges.map((c) => `${f.path} ${c.kind} ${c.name}`));
    expect(changes).toEqual(['pkg/api.py signature stream']);
  });

  it('tells a re-indented block (wrapped in a new block) from a move', async () => {
    const wrapped = BASE['pkg/app.py'].replace(
      HELPERS,
      [
        'if True:',
        '    def _slug(text):',
        '        cleaned = text.strip().lower()',
        '        parts = cleaned.split(" ")',
        '        joined = "-".join(parts)',
        '        return joined',
        '',
      ].join('\n'),
    );
    const { walkthrough } = await walk({ 'pkg/app.py': wrapped });
    expect(walkthrough.moved).toEqual([
      expect.objectContaining({ reindented: true, lines: 5, to: { path: 'pkg/app.py', startLine: 11, endLine: 15 } }),
    ]);
  });

  it('does not compare declarations when the content read is not the head commit', async () => {
    const { files } = await walk({ 'pkg/app.py': BASE['pkg/app.py'].replace('def route(rule, methods)', 'def route(rule)') });
    const stale = await buildWalkthrough(files, () => Promise.resolve(BASE['pkg/app.py']));
    expect(stale.files[0]).toMatchObject({ path: 'pkg/app.py', symbolChanges: [], notCompared: 'head content differs from the diff' });
  });
});

describe('reconstructBase', () => {
  it('rebuilds the base from the head and the diff, at the top, middle and end of a file', async () => {
    const base = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const lines = base.split('\n');
    lines.splice(0, 1, 'first');
    lines.splice(20, 2);
    lines.splice(37, 0, 'added near the end');
    const head = lines.join('\n');
    const repo = await makeReviewRepo({ 'a.txt': base }, { write: { 'a.txt': head } });
    const [file] = parseDiff(repo.diff);
    expect(reconstructBase(file!, head)).toBe(base);
    expect(reconstructBase(file!, head.replace('line 19\n', 'edited\n'))).toBeUndefined();
  });
});

describe('renderWalkthrough', () => {
  it('sums a reorganised file on one line instead of listing every block', async () => {
    const { renderWalkthrough } = await import('../../../src/core/review/render-walkthrough.js');
    const move = (n: number) => ({
      from: { path: 'a.ts', startLine: n, endLine: n + 5 },
      to: { path: 'a.ts', startLine: 100 + n, endLine: 105 + n },
      lines: 6,
      reindented: false,
    });
    const text = renderWalkthrough(
      { files: [{ path: 'a.ts', status: 'modified', additions: 40, deletions: 40, symbolChanges: [] }], moved: [1, 10, 20, 30].map(move) },
      (ref) => `${ref.path}#L${ref.startLine}`,
    );
    expect(text).toBe('### Walkthrough\n- `a.ts` (+40 −40)\n- Moved or re-indented: 4 blocks (24 lines) within `a.ts`, whitespace aside');
  });
});
