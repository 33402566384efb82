import { describe, expect, it } from 'vitest';
import { buildBlastRadius } from '../../../src/core/review/blast-radius.js';
import { findChangedSymbols } from '../../../src/core/review/find-changed-symbols.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { makeReviewRepo } from './review-repo.js';

const BASE = [
  'class Field:',
  '    def deserialize(self, value):',
  '        return self._deserialize(value)',
  '',
  '    def _deserialize(self, value):',
  '        return value',
  '',
].join('\n');

const DATETIME = [
  'from .base import Field',
  '',
  '',
  'class DateTime(Field):',
  '    def _deserialize(self, value):',
  '        return parse(value)',
  '',
].join('\n');

describe('a changed method that overrides its base class', () => {
  it('names the base method and its callers, which reach the override at run time, instead of "no callers"', async () => {
    const repo = await makeReviewRepo(
      { 'pkg/base.py': BASE, 'pkg/fields.py': DATETIME },
      {
        write: {
          'pkg/fields.py': DATETIME.replace(
            'return parse(value)',
            'if value is True:\n            raise ValueError(value)\n        return parse(value)',
          ),
        },
      },
    );
    const files = parseDiff(repo.diff);
    const [radius] = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, {
      changedPaths: new Set(files.map((f) => f.path)),
    });
    expect(radius!.changed.symbol.scope).toBe('DateTime');
    expect(radius!.total).toBe(0);
    expect(radius!.overrides?.base).toMatchObject({ scope: 'Field', name: '_deserialize', path: 'pkg/base.py' });
    expect(radius!.overrides?.callers.map((c) => [c.name, c.path, c.line])).toEqual([['deserialize', 'pkg/base.py', 3]]);
  });

  it('says nothing of an override for a method whose class names no base the index holds', async () => {
    const plain = DATETIME.replace('from .base import Field', 'from library import Field');
    const repo = await makeReviewRepo(
      { 'pkg/fields.py': plain },
      { write: { 'pkg/fields.py': plain.replace('return parse(value)', 'return parse(value, strict=True)') } },
    );
    const files = parseDiff(repo.diff);
    const [radius] = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, {
      changedPaths: new Set(files.map((f) => f.path)),
    });
    expect(radius!.overrides).toBeUndefined();
  });
});
