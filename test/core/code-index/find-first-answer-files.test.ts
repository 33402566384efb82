import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFirstAnswerFiles, readFirstAnswerTerms } from '../../../src/core/code-index/find-first-answer-files.js';
import { scanTreeText } from '../../../src/core/code-index/scan-tree-text.js';
import { makeTempDir, makeTempRepo } from '../../helpers/temp-repo.js';

const LIMITS = { files: 3, bytes: 10_000 };

/** Files of 1 KB each unless sized. */
function tree(...paths: (string | [string, number])[]) {
  return paths.map((p) => (typeof p === 'string' ? { path: p, size: 1000 } : { path: p[0], size: p[1] }));
}

function matches(found: Record<string, string[]>) {
  return new Map(Object.entries(found).map(([term, files]) => [term, new Set(files)]));
}

describe('readFirstAnswerTerms', () => {
  it('puts code names first, whole and by their dotted parts, then the other words as written', () => {
    expect(readFirstAnswerTerms('why does Matrix.det_bareiss return zero for singular input').terms).toEqual([
      'Matrix.det_bareiss',
      'Matrix',
      'det_bareiss',
      'return',
      'zero',
      'singular',
      'input',
    ]);
  });

  it('scans for every term as written, and for a word also by its stem as the index stems it', () => {
    const { spellings } = readFirstAnswerTerms('why are failed fetches of GitHub blobs retried by fetchBlob');
    expect(Object.fromEntries(spellings)).toEqual({
      GitHub: ['github'],
      fetchBlob: ['fetchblob'],
      failed: ['failed'],
      fetches: ['fetches'],
      blobs: ['blobs'],
      retried: ['retried'],
      'failed*': ['fail'],
      'fetches*': ['fetch'],
      'blobs*': ['blob'],
      'retried*': ['retri', 'retry'],
    });
  });

  it("keeps the first line's words ahead of a pasted snippet's names, and takes the rest in turn (black#2313)", () => {
    const report = [
      'string processing crash on very long variable name',
      '',
      '```',
      'xxxxxx_xxx_xxxx = xxxx.xxxxxx.xxxxxxxxx.xxxxxxxxxxxxxxxxxxxx(',
      ' xx_xxxxxx={"x3_xxxxxxxx": f"{x3_xxxxx_xxxxxxxx}_xxxxxxx"},',
      ')',
      'error: cannot format espcrash.py: INTERNAL ERROR: hand-made leaf without parent',
      '```',
    ].join('\n');
    const { terms } = readFirstAnswerTerms(report);
    expect(terms.slice(0, 6)).toEqual(['string', 'processing', 'crash', 'very', 'long', 'variable']);
    expect(terms).toHaveLength(10);
    expect(terms.filter((t) => t.includes('xxx')).length).toBeLessThan(5);
  });

  it('leaves out what only looks like a code name: an abbreviation, a host, a snippet', () => {
    const { codeNames } = readFirstAnswerTerms('e.g. see tinyurl.com and `(base * pi / 180)` in TransformToSymPyExpr');
    expect([...codeNames]).toEqual(['TransformToSymPyExpr']);
  });
});

describe('findFirstAnswerFiles', () => {
  const files = tree('src/cache.py', 'src/retry.py', 'src/util.py', 'src/http.py', 'tests/test_cache.py', 'docs/cache.md');

  it('finds a file by another form of a word, below a file holding the word as written', () => {
    const found = matches({ determinant: ['src/http.py'], 'determinant*': ['src/http.py', 'src/cache.py', 'src/retry.py'] });
    const picked = findFirstAnswerFiles('where is the determinant', files, found, { files: 6, bytes: 10_000 }).paths;
    expect(picked[0]).toBe('src/http.py');
    expect(picked).toEqual(expect.arrayContaining(['src/cache.py', 'src/retry.py']));
  });

  it('ranks a file holding a rare word above files holding only a common one', () => {
    const found = matches({
      eviction: ['src/cache.py'],
      policy: ['src/cache.py', 'src/retry.py', 'src/util.py', 'src/http.py'],
    });
    expect(findFirstAnswerFiles('what is the eviction policy', files, found, LIMITS).paths[0]).toBe('src/cache.py');
  });

  it('counts a word in a file name even where the text scan found nothing', () => {
    expect(findFirstAnswerFiles('how does retry back off', files, new Map(), LIMITS).paths).toEqual(['src/retry.py']);
  });

  it('puts product code before its tests and docs that hold the same words', () => {
    const found = matches({ cache: ['src/cache.py', 'tests/test_cache.py', 'docs/cache.md'] });
    const [first, ...rest] = findFirstAnswerFiles('how is the cache filled', files, found, LIMITS).paths;
    expect(first).toBe('src/cache.py');
    expect(rest.sort()).toEqual(['docs/cache.md', 'tests/test_cache.py']);
  });

  it('takes the files a pasted traceback names first, by the end of their path', () => {
    const trace = 'it crashes:\nTraceback (most recent call last):\n  File "/home/me/proj/src/http.py", line 12, in send\nValueError: bad';
    const found = matches({ crashes: ['src/util.py'], valueerror: ['src/util.py'] });
    expect(findFirstAnswerFiles(trace, files, found, LIMITS).paths[0]).toBe('src/http.py');
  });

  it('passes over a file too big for what is left of the bytes for a smaller one', () => {
    const sized = tree(['src/cache.py', 9000], ['src/huge_cache.py', 50_000], ['src/cache_keys.py', 800]);
    const found = matches({ cache: ['src/cache.py', 'src/huge_cache.py', 'src/cache_keys.py'] });
    expect(findFirstAnswerFiles('cache', sized, found, LIMITS).paths).toEqual(['src/cache.py', 'src/cache_keys.py']);
  });

  describe('a word naming a module or folder few files are in', () => {
    // 36 big files that hold the question's other words, as a big tree's big files hold every word.
    const others = Array.from({ length: 36 }, (_, i) => `lib/misc/part${i}.py`);
    const named = ['lib/core/assumptions.py', 'lib/assumptions/ask.py', 'lib/assumptions/refine.py'];
    const big = tree(...others, ...named);
    const found = matches({
      display: others.slice(0, 10),
      variable: others.slice(0, 12),
      old: others.slice(0, 10),
      assumptions: [...others, ...named],
    });

    it('pulls in the file it names ahead of big files holding the other words', () => {
      const picked = findFirstAnswerFiles('Added a variable to display all old assumptions', big, found, { files: 1, bytes: 10_000 });
      expect(picked.paths).toEqual(['lib/core/assumptions.py']);
    });

    it('pulls in the files of the folder it names ahead of big files holding the other words', () => {
      const picked = findFirstAnswerFiles('Added a variable to display all old assumptions', big, found, { files: 3, bytes: 10_000 });
      expect(picked.paths.sort()).toEqual(named.sort());
    });
  });

  it('picks at most 40 files by default, however small', () => {
    const many = tree(...Array.from({ length: 100 }, (_, i) => [`src/cache${i}.py`, 100] as [string, number]));
    const found = matches({ cache: many.map((f) => f.path) });
    expect(findFirstAnswerFiles('how is the cache filled', many, found).paths).toHaveLength(40);
  });

  it('stops at the file limit and picks nothing when nothing matches', () => {
    const found = matches({ value: files.map((f) => f.path) });
    expect(findFirstAnswerFiles('value', files, found, LIMITS).paths).toHaveLength(3);
    expect(findFirstAnswerFiles('zebra', files, new Map(), LIMITS).paths).toEqual([]);
  });
});

describe('scanTreeText', () => {
  const files = { 'a.py': 'def Eviction():\n  pass\n', 'b.py': 'x = 1\n', 'c.md': 'the EVICTION policy\n' };

  it('finds each term case-insensitively with git grep in a work tree', async () => {
    const root = makeTempRepo(files, { git: true });
    const found = await scanTreeText(root, ['eviction', 'absent'], { timeoutMs: 60_000, paths: Object.keys(files), git: true });
    expect([...found.get('eviction')!].sort()).toEqual(['a.py', 'c.md']);
    expect([...found.get('absent')!]).toEqual([]);
  });

  it('greps a plain folder (an unpacked tarball) with git grep --no-index', async () => {
    const root = makeTempRepo(files);
    const found = await scanTreeText(root, ['eviction'], { timeoutMs: 60_000, paths: Object.keys(files), git: false });
    expect([...found.get('eviction')!].sort()).toEqual(['a.py', 'c.md']);
  });

  it('reads the listed files itself where git cannot run', async () => {
    const root = makeTempRepo(files);
    const saved = process.env.PATH;
    process.env.PATH = root; // no git on it
    try {
      const found = await scanTreeText(root, ['eviction'], { timeoutMs: 60_000, paths: Object.keys(files), git: false });
      expect([...found.get('eviction')!].sort()).toEqual(['a.py', 'c.md']);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('reads the tree once for every term: one git grep, whatever the number of terms', async () => {
    const root = makeTempRepo(files, { git: true });
    const bin = makeTempDir();
    const calls = path.join(bin, 'calls.log');
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${saved ?? ''}`;
    try {
      const found = await scanTreeText(root, ['eviction', 'pass', 'absent'], { timeoutMs: 60_000, paths: Object.keys(files), git: true });
      expect([...found.get('eviction')!].sort()).toEqual(['a.py', 'c.md']);
      expect([...found.get('pass')!]).toEqual(['a.py']);
      expect([...found.get('absent')!]).toEqual([]);
    } finally {
      process.env.PATH = saved;
    }
    expect(
      readFileSync(calls, 'utf8')
        .split('\n')
        .filter((line) => line.includes(' grep ')),
    ).toHaveLength(1);
  });

  it('finds terms only in the files it is given (the indexable ones)', async () => {
    const root = makeTempRepo(files, { git: true });
    const found = await scanTreeText(root, ['eviction'], { timeoutMs: 60_000, paths: ['a.py', 'b.py'], git: true });
    expect([...found.get('eviction')!]).toEqual(['a.py']);
  });

  it('finds a term by any of its spellings, in a work tree and in a plain folder', async () => {
    const spelled = { 'a.py': 'def retry():\n  pass\n', 'b.py': 'RETRIES = 2\n', 'c.py': 'x = 1\n' };
    const spellings = new Map([['retried', ['retri', 'retry']]]);
    for (const git of [true, false]) {
      const root = makeTempRepo(spelled, { git });
      const found = await scanTreeText(root, ['retried'], { timeoutMs: 60_000, paths: Object.keys(spelled), git, spellings });
      expect([...found.get('retried')!].sort()).toEqual(['a.py', 'b.py']);
    }
  });
});
