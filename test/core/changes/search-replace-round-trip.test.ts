import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChanges } from '../../../src/core/changes/apply-change.js';
import { parsed } from './change-fixtures.js';

/** Lines drawn without "§", so a replacement carrying it occurs exactly once and the inverse finds it. */
const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '(', ')', '{', '}', ';', '=', '\t'), minLength: 1, maxLength: 12 });

describe('search_replace', () => {
  it('round-trips: replacing an existing line, then the replacement with the line, gives the file back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.string({ maxLength: 10 }),
        async (lines, pick, tail) => {
          const original = `${lines.join('\n')}\n`;
          const target = lines[pick % lines.length] ?? '';
          const replacement = `§${tail.replace(/§/g, '')}`;
          const edit = (search: string, replace: string) =>
            parsed([
              {
                kind: 'patch',
                title: 'edit',
                rationale: 'property',
                risk: 0,
                path: 'f.txt',
                format: 'search_replace',
                blocks: [{ search, replace }],
              },
            ]);
          const [forward] = await applyChanges(edit(target, replacement), async () => original);
          if (!forward?.ok || forward.after === undefined) throw new Error('forward edit failed');
          const [back] = await applyChanges(edit(replacement, target), async () => forward.after);
          expect(back?.ok && back.after).toBe(original);
        },
      ),
      { numRuns: 200 },
    );
  });
});
