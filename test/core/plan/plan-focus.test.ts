import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import type { EvidenceItem, RepoContext } from '../../../src/core/explore/types.js';
import { buildOfflinePlan } from '../../../src/core/plan/build-offline-plan.js';
import { findFilesToChange } from '../../../src/core/plan/find-files-to-change.js';
import { readNamedTexts } from '../../../src/core/plan/read-named-texts.js';
import { isBenchmarkName } from '../../../src/core/repo/non-product-folders.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

const opened: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of opened.splice(0)) repo.store.close();
});

/** The item with its lines as the exploration reads them. */
function read(repo: IndexedRepo, file: string, startLine: number, endLine: number, relevance: number): EvidenceItem {
  const text = readFileSync(path.join(repo.root, file), 'utf8');
  return {
    path: file,
    startLine,
    endLine,
    snippet: text
      .split('\n')
      .slice(startLine - 1, endLine)
      .join('\n'),
    reason: 'matches the question',
    source: 'search',
    blobSha: '',
    round: 1,
    relevance,
  };
}

function contextOf(evidence: EvidenceItem[]): RepoContext {
  return {
    repo: 'local',
    headSha: undefined,
    intent: 'change',
    questions: [],
    summary: '',
    keyFindings: [],
    evidence,
    confidence: 'high',
    confidenceReason: 'the request names code the index defines',
    knownGaps: [],
    tokens: 0,
  };
}

/** Product files that hold none of the requests' words, so that a word in one or two files is not a common one. */
const FILLER = Object.fromEntries(
  ['colors', 'paths', 'hooks', 'registry'].map((name) => [`pkg/${name}.py`, `def ${name}_of(item):\n    return item\n`]),
);

/** A marshmallow-like field module: the change goes at the top of `DateTime._deserialize`. */
const FIELDS = {
  ...FILLER,
  'pkg/fields.py': [
    'from .utils import from_timestamp',
    '',
    '',
    'class DateTime:',
    '    def __init__(self, format=None):',
    '        self.format = format',
    '',
    '    def _serialize(self, value):',
    '        return value.strftime(self.format)',
    '',
    '    def _deserialize(self, value):',
    '        if self.format == "timestamp":',
    '            return from_timestamp(value)',
    '        raise ValueError("invalid")',
    '',
    '    def copy(self):',
    '        return DateTime()',
    '',
    '',
    'class NaiveDateTime(DateTime):',
    '    def _deserialize(self, value):',
    '        return DateTime._deserialize(self, value)',
    '',
  ].join('\n'),
  'pkg/utils.py': [
    'def from_timestamp(value):',
    '    return value',
    '',
    '',
    'def timestamp_ms(value):',
    '    return value * 1000',
    '',
  ].join('\n'),
  'pkg/validate.py': 'def check_format(text):\n    return text.format()\n',
  'pkg/aware.py': 'from .fields import DateTime\n\n\nclass AwareDateTime(DateTime):\n    zone = None\n',
  'performance/benchmark.py':
    'from pkg.fields import DateTime\n\n\ndef run():\n    return DateTime(format="timestamp")._deserialize(True) or False\n',
};

const REQUEST = 'DateTime field should reject True and False when the format is timestamp';

async function fieldsPlan() {
  const repo = await indexSample(FIELDS);
  opened.push(repo);
  const index = new SqliteCodeIndex(repo.store);
  const items = [
    read(repo, 'pkg/fields.py', 4, 22, 4),
    read(repo, 'pkg/utils.py', 1, 6, 3),
    read(repo, 'pkg/validate.py', 1, 2, 2),
    read(repo, 'performance/benchmark.py', 4, 5, 1),
    read(repo, 'pkg/aware.py', 4, 5, 0.5),
  ];
  const candidates = items.map((e, i) => ({ path: e.path, reason: 'matches the question', priority: 5 - i }));
  const files = findFilesToChange({ prompt: REQUEST, candidates, evidence: items, index });
  const texts = await readNamedTexts(repo.source, files);
  return { files, plan: buildOfflinePlan({ prompt: REQUEST, context: contextOf(items), index, flavour: 'plan', files, texts }) };
}

describe('plan > related files, read first', () => {
  it('are only files with evidence for this request: what the named code calls, never a benchmark or a one-word match', async () => {
    const { files, plan } = await fieldsPlan();
    // utils.py defines what DateTime._deserialize calls; aware.py extends DateTime.
    expect(files.map((f) => `${f.certainty} ${f.path}`)).toEqual(['named pkg/fields.py', 'matched pkg/utils.py', 'matched pkg/aware.py']);
    // Nor do the files left out come back as code to follow.
    expect(plan.context.patterns).toEqual([]);
  });

  it('keep the best candidate when the request names no file, and drop a file linked through the graph alone', async () => {
    const repo = await indexSample({
      ...FILLER,
      'pkg/config.py': 'def get_float_slice(key):\n    return float_slice(key)\n\n\ndef float_slice(key):\n    return [key]\n',
      'pkg/remote.py': 'def watch(key):\n    return key\n',
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, 'pkg/config.py', 1, 6, 2)];
    const candidates = [
      { path: 'pkg/config.py', reason: 'matches the question', priority: 2 },
      { path: 'pkg/remote.py', reason: 'linked to pkg/config.py (call)', priority: 1 },
    ];
    const files = findFilesToChange({ prompt: 'Add support for float slice flags', candidates, evidence: items, index });
    expect(files.map((f) => f.path)).toEqual(['pkg/config.py']);
  });
});

describe('plan > related files, when the request names no file alone', () => {
  it('keep a file that defines a name the request spells, or that is named after one of its words', async () => {
    const repo = await indexSample({
      ...FILLER,
      'pkg/fields.py': 'class Field:\n    def _deserialize(self, value):\n        return value\n',
      'pkg/schema.py': 'class Schema:\n    def _deserialize(self, data):\n        return data\n',
      'pkg/args.py': 'def exact_count(n):\n    return n\n',
      'pkg/remote.py': 'def watch(hints):\n    return hints\n',
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const definition = (file: string): EvidenceItem => ({ ...read(repo, file, 2, 3, 3), source: 'definition' });
    const items = [definition('pkg/fields.py'), definition('pkg/schema.py'), read(repo, 'pkg/remote.py', 1, 2, 1)];
    const candidates = ['pkg/fields.py', 'pkg/schema.py', 'pkg/args.py', 'pkg/remote.py'].map((p, i) => ({
      path: p,
      reason: 'matches the question',
      priority: 4 - i,
    }));
    const files = findFilesToChange({ prompt: 'Fix `_deserialize` type hints for unique args', candidates, evidence: items, index });
    expect(files.map((f) => f.path)).toEqual(['pkg/fields.py', 'pkg/schema.py', 'pkg/args.py']);
  });

  it('count a benchmark as code to change when the request is about a benchmark', async () => {
    const repo = await indexSample({ ...FILLER, 'performance/benchmark.py': 'def run_dump(count):\n    return count\n' });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, 'performance/benchmark.py', 1, 2, 1)];
    const candidates = [{ path: 'performance/benchmark.py', reason: 'matches the question', priority: 1 }];
    const asked = findFilesToChange({ prompt: 'Normalize benchmark per dump for object count', candidates, evidence: items, index });
    expect(asked.map((f) => f.path)).toEqual(['performance/benchmark.py']);
    const other = findFilesToChange({ prompt: 'Normalize the dump count', candidates, evidence: items, index });
    expect(other).toEqual([]);
  });
});

describe('plan > the symbols of a named class', () => {
  it("are its methods whose bodies hold the request's words, the one that already rejects input first", async () => {
    const { plan } = await fieldsPlan();
    const names = plan.context.symbols.map((s) => s.name);
    expect(names[0]).toBe('DateTime._deserialize');
    expect(names).toEqual(expect.arrayContaining(['DateTime.__init__', 'DateTime._serialize']));
    // A method of the class with none of the words, a subclass's method and another file's one-word match are not read.
    expect(names).not.toContain('DateTime.copy');
    expect(names).not.toContain('NaiveDateTime._deserialize');
    expect(names).not.toContain('timestamp_ms');
    expect(plan.phases[0]!.tasks[0]).toMatch(/^Read `DateTime._deserialize` \(method\)/);
  });
});

/** A p-queue-like queue: `add` is named; `clear` shares "clear" and "timeout" with the request, nothing more. */
const QUEUE = {
  ...Object.fromEntries(['colors', 'paths', 'hooks', 'registry'].map((name) => [`source/${name}.ts`, `export const ${name} = 1;\n`])),
  'source/index.ts': [
    'export class Queue {',
    '  #timeoutId: number | undefined;',
    '',
    '  add(task: () => void, options: { timeout?: number } = {}): void {',
    '    if (options.timeout) setTimeout(task, options.timeout);',
    '    else task();',
    '  }',
    '',
    '  clear(): void {',
    '    clearTimeout(this.#timeoutId);',
    '    this.#timeoutId = undefined;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'test/advanced.ts': [
    "import { Queue } from '../source/index.js';",
    '',
    "test('runs tasks in order', () => {",
    '  const queue = new Queue();',
    '  queue.add(() => {}, { timeout: 10 });',
    '  queue.clear();',
    '});',
    '',
  ].join('\n'),
  'test/validation.ts': [
    "import { Queue } from '../source/index.js';",
    '',
    "test('a negative timeout throws', () => {",
    '  const queue = new Queue();',
    '  expect(() => queue.add(() => {}, { timeout: -1 })).toThrow(TypeError);',
    '});',
    '',
  ].join('\n'),
};

describe('plan > a named method', () => {
  const prompt = 'add() should reject a per-task timeout of 0 or a negative timeout with a clear error';

  it('is read without the methods of its file that only share a word with the request', async () => {
    const repo = await indexSample(QUEUE);
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, 'source/index.ts', 1, 13, 2)];
    const candidates = [{ path: 'source/index.ts', reason: 'matches the question', priority: 2 }];
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    const plan = buildOfflinePlan({ prompt, context: contextOf(items), index, flavour: 'plan', files });
    expect(plan.context.symbols.map((s) => s.name)).toEqual(['Queue.add']);
  });

  it("is tested where the test whose name and code best match the request's words is, among those that call it", async () => {
    const repo = await indexSample(QUEUE);
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, 'source/index.ts', 1, 13, 2)];
    const candidates = [{ path: 'source/index.ts', reason: 'matches the question', priority: 2 }];
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    expect(files[0]?.tests.map((t) => t.path)).toEqual(['test/validation.ts', 'test/advanced.ts']);
    expect(files[0]?.tests[0]?.how).toContain('calls add');
  });
});

describe('isBenchmarkName', () => {
  it('reads a benchmark from its own name outside a benchmark folder, not a word that only starts like one', () => {
    for (const p of ['bench.ts', 'performance/benchmark.py', 'benchmarks.js', 'lib/parse_bench.py', 'src/sort.bench.ts', 'bench_parse.py'])
      expect(isBenchmarkName(p), p).toBe(true);
    for (const p of ['src/bench-press.ts', 'src/benchmarking/run.go', 'lib/workbench.js', 'src/bencher.py'])
      expect(isBenchmarkName(p), p).toBe(false);
  });
});
