import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import type { EvidenceItem, RepoContext } from '../../../src/core/explore/types.js';
import { buildOfflinePlan } from '../../../src/core/plan/build-offline-plan.js';
import { findFilesToChange } from '../../../src/core/plan/find-files-to-change.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

const opened: IndexedRepo[] = [];
afterEach(() => {
  for (const repo of opened.splice(0)) repo.store.close();
});

// The first file matches the question's words in a run of small type declarations; the second holds the code
// to change, a long method whose matching lines are a window in its middle (as a focus window reads it).
const types = Array.from({ length: 10 }, (_, i) => `export type RetryHook${i} = (attempt: number) => void;`).join('\n');
const body = Array.from({ length: 60 }, (_, i) => `    const step${i} = attempt + ${i};`).join('\n');
const FILES = {
  'src/options.ts': `${types}\n`,
  'src/request.ts': `export class Request {\n  handleRetry(attempt: number): number {\n${body}\n    return attempt;\n  }\n}\n`,
};

function evidence(path: string, startLine: number, endLine: number, relevance: number): EvidenceItem {
  return { path, startLine, endLine, snippet: '', reason: 'matches the question', source: 'search', blobSha: '', round: 1, relevance };
}

/** The item with its lines as the exploration reads them. */
function read(repo: IndexedRepo, item: EvidenceItem): EvidenceItem {
  const text = readFileSync(path.join(repo.root, item.path), 'utf8');
  return {
    ...item,
    snippet: text
      .split('\n')
      .slice(item.startLine - 1, item.endLine)
      .join('\n'),
  };
}

/** The context a change question's exploration would hand the plan: only the evidence matters here. */
function contextOf(evidence: EvidenceItem[]): RepoContext {
  return {
    repo: 'local',
    headSha: undefined,
    intent: 'change',
    questions: [],
    summary: '',
    keyFindings: [],
    evidence,
    confidence: 'medium',
    confidenceReason: 'the evidence comes from text search',
    knownGaps: [],
    tokens: 0,
  };
}

describe('buildOfflinePlan > the symbols to read first', () => {
  it("names the method a window inside it points at before the first file's types", async () => {
    const repo = await indexSample(FILES);
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, evidence('src/options.ts', 1, 10, 2)), read(repo, evidence('src/request.ts', 20, 40, 1))];
    const context = contextOf(items);
    const prompt = 'retry each attempt with a longer wait';
    const candidates = items.map((e, i) => ({ path: e.path, reason: e.reason, priority: 2 - i }));
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    const plan = buildOfflinePlan({ prompt, context, index, flavour: 'plan', files });

    const names = plan.context.symbols.map((s) => s.name);
    expect(names.slice(0, 2)).toEqual(['Request.handleRetry', 'RetryHook0']);
    expect(names).toHaveLength(8); // the first file's types fill the rest of the list
    expect(plan.phases[0]!.tasks.slice(0, 2)).toEqual(['Read `Request.handleRetry` (method)', 'Read `RetryHook0` (type)']);
  });
});

describe('buildOfflinePlan > constants', () => {
  it('come after the functions and types of every file, also those only the evidence lies in', async () => {
    const repo = await indexSample({
      'src/defaults.py': 'DEFAULT_POOLSIZE = 10\nDEFAULT_TIMEOUT = 0\n',
      'src/sessions.py': [
        'class Session:',
        '    def __init__(self):',
        '        self.timeout = None',
        '',
        '    def request(self, method, url, timeout=None):',
        '        return send(method, url, timeout or self.timeout)',
        '',
      ].join('\n'),
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [
      read(repo, evidence('src/defaults.py', 1, 2, 2)),
      read(repo, evidence('src/sessions.py', 5, 6, 1)),
      read(repo, evidence('src/sessions.py', 1, 3, 0.5)),
    ];
    const context = contextOf(items);
    const prompt = 'a default timeout for every request of a session';
    const candidates = items.slice(0, 2).map((e, i) => ({ path: e.path, reason: e.reason, priority: 2 - i }));
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    const plan = buildOfflinePlan({ prompt, context, index, flavour: 'plan', files });

    // DEFAULT_POOLSIZE holds one of the request's words: no code to read for a request that names none.
    expect(plan.context.symbols.map((s) => s.name)).toEqual(['Session.request', 'Session.__init__', 'DEFAULT_TIMEOUT']);
  });
});

describe('buildOfflinePlan > the symbols of a file', () => {
  it("are those the request's words tie to, not a constant that shares the excerpt (NETRC_FILES beside default_user_agent)", async () => {
    const repo = await indexSample({
      'src/utils.py': 'NETRC_FILES = (".netrc", "_netrc")\n\n\ndef default_user_agent(name="python-requests"):\n    return name\n',
      'src/sessions.py': 'class Session:\n    def __init__(self):\n        self.timeout = None\n',
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, evidence('src/sessions.py', 1, 3, 2)), read(repo, evidence('src/utils.py', 1, 5, 1))];
    const prompt = 'add a timeout default to Session, and a default user agent';
    const candidates = items.map((e, i) => ({ path: e.path, reason: e.reason, priority: 2 - i }));
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    const plan = buildOfflinePlan({ prompt, context: contextOf(items), index, flavour: 'plan', files });

    expect(files.find((f) => f.path === 'src/utils.py')?.symbols).toEqual(['default_user_agent']);
    expect(plan.context.symbols.map((s) => s.name)).not.toContain('NETRC_FILES');
  });
});

describe('buildOfflinePlan > the symbols of a request that names no code', () => {
  it("are those holding two of its specific words, not a word most files hold (Go's `error`)", async () => {
    const filler = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`src/part${i}.py`, `def part${i}(x):\n    if x:\n        return error(x)\n    return x\n`]),
    );
    const repo = await indexSample({
      ...filler,
      'src/args.py':
        'def exact_args(n):\n    return error("accepts %d positional arguments" % n)\n\n\ndef gen_file(name):\n    return error(name)\n',
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [read(repo, evidence('src/args.py', 1, 6, 2))];
    const prompt = 'add a validator that returns an error when the same positional argument is given twice';
    const candidates = items.map((e, i) => ({ path: e.path, reason: e.reason, priority: 2 - i }));
    const files = findFilesToChange({ prompt, candidates, evidence: items, index });
    const plan = buildOfflinePlan({ prompt, context: contextOf(items), index, flavour: 'plan', files });

    expect(plan.context.symbols.map((s) => s.name)).toEqual(['exact_args']);
  });
});

describe('buildOfflinePlan > callers to keep working', () => {
  it('are those of the code to change, not of a related file read first', async () => {
    const repo = await indexSample({
      'src/parse.ts': 'export function parseLimit(text: string): number {\n  return Number(text);\n}\n',
      'src/route.ts': 'export function routeRequest(path: string): string {\n  return path;\n}\n',
      'src/server.ts':
        "import { parseLimit } from './parse.js';\nimport { routeRequest } from './route.js';\n\nexport const a = routeRequest('/');\nexport const b = routeRequest('/x');\nexport const c = parseLimit('1');\n",
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const file = (path: string, symbol: string, certainty: 'named' | 'matched') => ({
      path,
      symbols: [symbol],
      ref: { path, startLine: 1, endLine: 3 },
      certainty,
      why: 'matches the question',
      role: 'related' as const,
      tests: [],
    });
    const plan = buildOfflinePlan({
      prompt: 'cap parseLimit at 100 before routing',
      context: contextOf([evidence('src/parse.ts', 1, 3, 3), evidence('src/route.ts', 1, 3, 2)]),
      index,
      flavour: 'plan',
      files: [file('src/parse.ts', 'parseLimit', 'named'), file('src/route.ts', 'routeRequest', 'matched')],
    });
    expect(plan.phases.find((p) => p.name === 'Make the change')?.files).toEqual(['src/parse.ts']);
    const said = [...plan.acceptance, ...plan.risks.map((r) => r.risk)].join('\n');
    expect(said).toContain('`parseLimit`');
    expect(said).not.toContain('routeRequest');
  });
});

describe('buildOfflinePlan > a plan where no file is certain', () => {
  it("names the best candidate's test as that candidate's, and claims no file to change", async () => {
    const repo = await indexSample({ 'src/route.ts': 'export function routeRequest(path: string): string {\n  return path;\n}\n' });
    opened.push(repo);
    const plan = buildOfflinePlan({
      prompt: 'make routing faster',
      context: contextOf([evidence('src/route.ts', 1, 3, 2)]),
      index: new SqliteCodeIndex(repo.store),
      flavour: 'plan',
      files: [
        {
          path: 'src/route.ts',
          symbols: ['routeRequest'],
          ref: { path: 'src/route.ts', startLine: 1, endLine: 3 },
          certainty: 'matched',
          why: 'matches the question',
          role: 'related',
          tests: [{ path: 'test/route.test.ts', how: 'named like it' }],
        },
      ],
    });

    expect(plan.phases.find((p) => p.name === 'Make the change')?.files).toEqual([]);
    const testIt = plan.phases.find((p) => p.name === 'Test it');
    expect(testIt?.tasks).toEqual(['If the change goes in src/route.ts, extend test/route.test.ts (named like it)']);
    expect(testIt?.files).toEqual(['test/route.test.ts']);
  });
});

describe('buildOfflinePlan > call-site counts', () => {
  it('say a count past the cap as a floor ("200+"), never as the exact cap', async () => {
    // 210 callers in 3 files: more than the plan counts.
    const callers = (file: number) =>
      `import { parseLimit } from './parse.js';\n\n` +
      Array.from({ length: 70 }, (_, i) => `export function use${file}x${i}(): number {\n  return parseLimit('${i}');\n}\n`).join('\n');
    const repo = await indexSample({
      'src/parse.ts': 'export function parseLimit(text: string): number {\n  return Number(text);\n}\n',
      'src/a.ts': callers(1),
      'src/b.ts': callers(2),
      'src/c.ts': callers(3),
    });
    opened.push(repo);
    const plan = buildOfflinePlan({
      prompt: 'cap parseLimit at 100',
      context: contextOf([evidence('src/parse.ts', 1, 3, 3)]),
      index: new SqliteCodeIndex(repo.store),
      flavour: 'plan',
      files: [
        {
          path: 'src/parse.ts',
          symbols: ['parseLimit'],
          ref: { path: 'src/parse.ts', startLine: 1, endLine: 3 },
          certainty: 'named',
          why: 'matches the question',
          role: 'related',
          tests: [],
        },
      ],
    });
    const said = [...plan.acceptance, ...plan.risks.map((r) => r.risk), ...plan.phases.flatMap((p) => p.tasks)].join('\n');
    expect(said).toContain('`parseLimit` has 200+ call sites in 3+ files');
    expect(said).toContain('(200+ call sites) still works');
    expect(said).not.toMatch(/\b200 call sites/);
  });
});

describe('buildOfflinePlan > a function read whole with its callbacks', () => {
  it('is the code to change, not the handlers nested in it', async () => {
    const repo = await indexSample({
      'lib/response.js':
        'const res = {};\n\nres.redirect = function redirect(url) {\n  let status = 302;\n  this.format({\n' +
        "    text: function () {\n      return 'Redirecting to ' + url;\n    },\n" +
        "    html: function () {\n      return '<p>Redirecting</p>';\n    },\n  });\n  this.status(status);\n};\n\nmodule.exports = res;\n",
    });
    opened.push(repo);
    const index = new SqliteCodeIndex(repo.store);
    const items = [evidence('lib/response.js', 3, 14, 2)];
    const prompt = 'make res.redirect reject a status code outside 300-308';
    const files = findFilesToChange({
      prompt,
      candidates: [{ path: 'lib/response.js', reason: 'matches', priority: 1 }],
      evidence: items,
      index,
    });
    expect(files[0]?.symbols[0]).toBe('redirect');
    expect(files[0]?.symbols).not.toContain('redirect.text');
  });
});
