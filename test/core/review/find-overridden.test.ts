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

  it("does not count the override's own `super()` call of the base among the calls that may run it", async () => {
    // itsdangerous 3edfbbb: TimestampSigner.unsign calls super().unsign(…); that call runs Signer.unsign, never itself.
    const timed = DATETIME.replace('return parse(value)', 'return parse(super()._deserialize(value))');
    const repo = await makeReviewRepo(
      { 'pkg/base.py': BASE, 'pkg/fields.py': timed },
      { write: { 'pkg/fields.py': timed.replace('return parse(', 'return parse_strict(') } },
    );
    const files = parseDiff(repo.diff);
    const [radius] = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, {
      changedPaths: new Set(files.map((f) => f.path)),
    });
    expect(radius!.overrides?.base).toMatchObject({ scope: 'Field', name: '_deserialize' });
    expect(radius!.overrides?.callers.map((c) => [c.name, c.path, c.line])).toEqual([['deserialize', 'pkg/base.py', 3]]);
  });

  it('does not count a `super()` call in a sibling definition of the override (a typing.overload stub and its body)', async () => {
    // itsdangerous 69a3bca7: the changed `unsign` is an `@overload` stub; the body beside it calls super().unsign(…).
    const overloaded = DATETIME.replace(
      '    def _deserialize(self, value):\n        return parse(value)',
      [
        '    @typing.overload',
        '    def _deserialize(self, value: str) -> str: ...',
        '',
        '    def _deserialize(self, value):',
        '        return parse(super()._deserialize(value))',
      ].join('\n'),
    );
    const repo = await makeReviewRepo(
      { 'pkg/base.py': BASE, 'pkg/fields.py': overloaded },
      { write: { 'pkg/fields.py': overloaded.replace('value: str) -> str', 'value: bytes) -> str') } },
    );
    const files = parseDiff(repo.diff);
    const radii = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, {
      changedPaths: new Set(files.map((f) => f.path)),
    });
    const overrides = radii.map((r) => r.overrides).filter((o) => o !== undefined);
    expect(overrides.length).toBeGreaterThan(0);
    for (const o of overrides) expect(o.callers.map((c) => [c.name, c.path, c.line])).toEqual([['deserialize', 'pkg/base.py', 3]]);
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

describe('the base callers that may run an override', () => {
  it('leave out calls on an object the calling code builds as the base class itself', async () => {
    const { dropBaseInstances } = await import('../../../src/core/review/find-overridden.js');
    const texts: Record<string, string> = {
      'tests/test_base.py': [
        'from pkg.base import Field',
        '',
        'def test_plain():',
        '    field = Field()',
        '    assert field._deserialize(1) == 1',
        '',
        'def test_direct():',
        '    assert Field()._deserialize(2) == 2',
        '',
        'def test_given(field):',
        '    assert field._deserialize(3) == 3',
        '',
      ].join('\n'),
    };
    const caller = (line: number, name: string) => ({ depth: 1, symbolId: line, name, kind: 'function', path: 'tests/test_base.py', line });
    const base = {
      id: 1,
      name: '_deserialize',
      kind: 'method',
      scope: 'Field',
      signature: '',
      path: 'pkg/base.py',
      startLine: 5,
      endLine: 6,
    };
    const kept = await dropBaseInstances(
      { base, callers: [caller(5, 'test_plain'), caller(8, 'test_direct'), caller(11, 'test_given')] },
      async (path) => texts[path],
    );
    expect(kept.callers.map((c) => c.name)).toEqual(['test_given']);
  });
});

describe('a changed constructor', () => {
  it('overrides nothing whose callers could run it: building the base class never runs the subclass constructor', async () => {
    const errors =
      'class BadSignature(Exception):\n    def __init__(self, message):\n        self.message = message\n\n\nclass BadTimeSignature(BadSignature):\n    def __init__(self, message):\n        super().__init__(message)\n';
    const repo = await makeReviewRepo(
      { 'pkg/exc.py': errors, 'pkg/signer.py': 'from .exc import BadSignature\n\n\ndef check(v):\n    raise BadSignature(v)\n' },
      { write: { 'pkg/exc.py': errors.replace('super().__init__(message)', 'super().__init__(message)\n        self.date = None') } },
    );
    const files = parseDiff(repo.diff);
    const radius = buildBlastRadius(findChangedSymbols(files, repo.index), repo.index, { changedPaths: new Set(files.map((f) => f.path)) });
    expect(radius.find((r) => r.changed.symbol.scope === 'BadTimeSignature')?.overrides).toBeUndefined();
  });
});
