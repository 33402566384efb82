import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldToUnits } from '../../../src/core/diagram/fold-to-units.js';
import { foldToUnitsReference } from './fold-to-units-reference.js';

/** A tree of files in a few shared folder names (so folders nest and repeat), some in a package language. */
const tree = fc
  .uniqueArray(
    fc.record({
      dirs: fc.array(fc.constantFrom('a', 'b', 'c', 'src', 'util'), { maxLength: 4 }),
      name: fc.constantFrom('x', 'y', 'z', 'w'),
      ext: fc.constantFrom('ts', 'go', 'py'),
      // Few distinct ranks: ties between folders happen, and the order must break them the same way.
      rank: fc.constantFrom(0, 0.1, 0.2, 0.3, 1 / 3),
    }),
    { selector: (f) => `${f.dirs.join('/')}/${f.name}.${f.ext}`, minLength: 1, maxLength: 60 },
  )
  .map((files) => files.map((f) => ({ ...f, path: [...f.dirs, `${f.name}.${f.ext}`].join('/') })));

describe('foldToUnits', () => {
  it('folds every tree exactly as the one-pass-per-fold reference does', () => {
    let folded = 0;
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 25 }), fc.constantFrom('', 'a', 'src'), (files, maxUnits, base) => {
        const inBase = files.filter((f) => base === '' || f.path.startsWith(`${base}/`));
        const rank = new Map(inBase.map((f) => [f.path, f.rank]));
        const options = {
          base,
          maxUnits,
          rank: (p: string) => rank.get(p) ?? 0,
          language: (p: string) => (p.endsWith('.go') ? 'go' : p.endsWith('.py') ? 'python' : 'typescript'),
        };
        const paths = inBase.map((f) => f.path);
        const expected = foldToUnitsReference(paths, options);
        if ([...expected].some(([file, unit]) => file !== unit)) folded += 1;
        expect([...foldToUnits(paths, options)]).toEqual([...expected]);
      }),
      { numRuns: 3000, seed: 15 },
    );
    expect(folded).toBeGreaterThan(500); // the trees do get folded
  });
});
