import { describe, expect, it } from 'vitest';
import type { FileToChange } from '../../../src/core/plan/find-files-to-change.js';
import { selectFilesToChange } from '../../../src/core/plan/select-files-to-change.js';

const file = (path: string, certainty: FileToChange['certainty']): FileToChange => ({
  path,
  symbols: [],
  ref: { path, startLine: 10, endLine: 20 },
  certainty,
  why: 'matches the question',
  role: 'related',
  tests: [],
});
const roles = (files: FileToChange[]) => files.map((f) => `${f.role} ${f.path}`);

describe('selectFilesToChange', () => {
  it('proposes the files the request names, and keeps the files its words matched as related, read first', () => {
    const picked = selectFilesToChange([file('recoverer.go', 'named'), file('mux.go', 'matched'), file('tree.go', 'matched')]);
    expect(roles(picked)).toEqual(['change recoverer.go', 'related mux.go', 'related tree.go']);
  });

  it('proposes no file when the request names none: the best-ranked matched file is the first candidate to read', () => {
    const picked = selectFilesToChange([
      file('lib/response.js', 'matched'),
      file('lib/request.js', 'matched'),
      file('lib/application.js', 'linked'),
    ]);
    expect(roles(picked)).toEqual(['related lib/response.js', 'related lib/request.js', 'related lib/application.js']);
  });

  it('proposes nothing when the graph alone linked the files (a subject like "Merge commit from fork")', () => {
    const picked = selectFilesToChange([file('lib/application.js', 'linked'), file('lib/context.js', 'linked')]);
    expect(picked.filter((f) => f.role === 'change')).toEqual([]);
    expect(picked.map((f) => f.path)).toEqual(['lib/application.js', 'lib/context.js']);
  });
});
