import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createParsePool, defaultParseThreads } from '../../../src/core/code-index/parse-pool.js';
import { makeTempDir } from '../../helpers/temp-repo.js';

describe('createParsePool', () => {
  it('answers "no parser workers left" for a file queued after its only worker died before any file came', async () => {
    const dir = makeTempDir();
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'export const a = 1;\n');
    let started: Worker | undefined;
    const pool = createParsePool(1, {
      spawn: () => (started = new Worker('throw new Error("the worker failed to start")', { eval: true })),
    });
    try {
      await new Promise((exited) => started!.on('exit', exited));
      const outcome = await pool.parse('a.ts', file);
      expect(outcome).toEqual({ file: undefined, bytes: 0, error: 'no parser workers left' });
    } finally {
      await pool.close();
    }
  });

  it('answers every file while it replaces each worker after every file it parses (recycling)', async () => {
    const dir = makeTempDir();
    const files = Array.from({ length: 24 }, (_, i) => {
      const file = path.join(dir, `m${i}.ts`);
      writeFileSync(file, `export function f${i}(x: number): number {\n  return x + ${i};\n}\n`);
      return { rel: `m${i}.ts`, file };
    });
    const pool = createParsePool(2, { recycleAfterBytes: 1 });
    try {
      const outcomes = await Promise.all(files.map((f) => pool.parse(f.rel, f.file)));
      expect(outcomes.map((o) => o.error)).toEqual(files.map(() => undefined));
      expect(outcomes.map((o) => o.file?.symbols[0]?.name)).toEqual(files.map((_, i) => `f${i}`));
    } finally {
      await pool.close();
    }
  });

  it('answers on a worker what a parse on this thread answers: symbols, references, imports, chunks and their terms', async () => {
    const dir = makeTempDir();
    const file = path.join(dir, 'shapes.py');
    writeFileSync(
      file,
      [
        'from .base import Shape',
        'import math',
        '',
        '',
        'class Circle(Shape):',
        '    """A round shape."""',
        '',
        '    def area(self, radius):',
        '        return math.pi * radius ** 2',
        '',
        '',
        'def unit_circle():',
        '    return Circle().area(1)',
        '',
      ].join('\n'),
    );
    const inline = createParsePool(0);
    const workers = createParsePool(1);
    try {
      const [here, there] = await Promise.all([inline.parse('shapes.py', file), workers.parse('shapes.py', file)]);
      expect(there.error).toBeUndefined();
      expect(there.file?.references.length).toBeGreaterThan(0);
      expect(there.file?.chunks.length).toBeGreaterThan(0);
      expect(there).toEqual(here);
    } finally {
      await Promise.all([inline.close(), workers.close()]);
    }
  });
});

describe('createParsePool with grammars to warm', () => {
  it('answers as a pool that loads its grammars with its first file, for the warmed language and another', async () => {
    const dir = makeTempDir();
    const py = path.join(dir, 'area.py');
    const ts = path.join(dir, 'area.ts');
    writeFileSync(py, 'def area(r):\n    return 3.14 * r * r\n');
    writeFileSync(ts, 'export function area(r: number): number {\n  return 3.14 * r * r;\n}\n');
    const cold = createParsePool(1);
    const warmed = createParsePool(1, { warm: ['python'] });
    try {
      const expected = await Promise.all([cold.parse('area.py', py), cold.parse('area.ts', ts)]);
      const got = await Promise.all([warmed.parse('area.py', py), warmed.parse('area.ts', ts)]);
      expect(got.map((o) => o.file?.symbols[0]?.name)).toEqual(['area', 'area']);
      expect(got).toEqual(expected);
    } finally {
      await Promise.all([cold.close(), warmed.close()]);
    }
  });
});

describe('defaultParseThreads', () => {
  it('parses on this thread beside one worker on two cores, on this thread alone on one, and on a worker per core above', () => {
    expect(defaultParseThreads(1)).toEqual({ workers: 0, inline: true });
    expect(defaultParseThreads(2)).toEqual({ workers: 1, inline: true });
    expect(defaultParseThreads(8)).toEqual({ workers: 8, inline: false });
  });

  it('answers every file when this thread parses beside a worker', async () => {
    const dir = makeTempDir();
    const files = Array.from({ length: 40 }, (_, i) => {
      const file = path.join(dir, `m${i}.py`);
      writeFileSync(file, `def f${i}(x):\n    return g${i}(x) + ${i}\n`);
      return { rel: `m${i}.py`, file };
    });
    const pool = createParsePool(1, { inline: true, recycleAfterBytes: 200 });
    try {
      const outcomes = await Promise.all([
        ...files.map((f) => pool.parse(f.rel, f.file)),
        pool.parse('gone.py', path.join(dir, 'gone.py')),
      ]);
      expect(outcomes.slice(0, -1).map((o) => [o.error, o.file?.symbols[0]?.name, o.file?.references[0]?.name])).toEqual(
        files.map((_, i) => [undefined, `f${i}`, `g${i}`]),
      );
      expect(outcomes.at(-1)?.error).toMatch(/ENOENT/);
    } finally {
      await pool.close();
    }
  });
});
