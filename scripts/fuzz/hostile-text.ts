import fc from 'fast-check';

/** Planted in inputs; a message that contains it has echoed input back. */
export const SECRET = 'ghs_FUZZ0SECRET0TOKEN';

/** Sizes around the limits the code under test sets (4 KB paths, 64 KB skills, 1 MB contents) and one past a webhook's usual size. */
const HUGE_SIZES = [257, 4097, 65_537, 300_000];

/** A long string that starts with the secret, so an echo of any prefix of it is caught. */
export const hugeString: fc.Arbitrary<string> = fc.constantFrom(...HUGE_SIZES).map((n) => `${SECRET}${'x'.repeat(n)}`);

/** Text from every corner: binary (lone surrogates, NUL), graphemes, ASCII, and huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 60 }), weight: 3 },
  {
    arbitrary: fc.constantFrom('', ' ', '\0', '\u202e', '\uFEFF', '\ud800', 'ﬀ', 'İ', '\r\n', '\\', '..', '__proto__', 'constructor'),
    weight: 2,
  },
  { arbitrary: hugeString, weight: 1 },
);

/** Text assembled from pieces that mean something to the parser under test, mixed with hostile text. */
export function pieceText(pieces: readonly string[], maxPieces = 12): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof({ arbitrary: fc.constantFrom(...pieces), weight: 4 }, { arbitrary: hostileString, weight: 1 }), {
      maxLength: maxPieces,
    })
    .map((parts) => parts.join(''));
}

/** Any JSON value, including the huge and hostile strings above. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true }),
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor', 'toString')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Path segments that have broken path validators somewhere: traversal, look-alikes, separators, devices, the links of the hostile tree. */
const SEGMENTS = [
  '..',
  '.',
  '',
  'a',
  'src',
  'b.ts',
  'a.txt',
  'link-out',
  'link-in',
  'link-parent',
  'loop-a',
  'dangling',
  'sibling',
  'self',
  'abs-in',
  '~',
  'C:',
  'c:',
  '%2e%2e',
  '\u2025',
  '．．',
  '..\\..',
  '\\',
  '\0',
  '\n',
  'é',
  'e\u0301',
  'ﬀ',
  ' ',
  '...',
  '.git',
  'con',
  'x'.repeat(300),
];

/** Paths joined from those segments with every separator, some with an absolute prefix, and hostile text. */
export const hostilePath: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom('', '', '', '/', '\\', 'C:\\', 'c:/', '\\\\server\\share\\', '//', 'file:///'),
        fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('/', '/', '\\', '//', '/./'),
      )
      .map(([prefix, segments, separator]) => `${prefix}${segments.join(separator)}`),
    weight: 5,
  },
  { arbitrary: hostileString, weight: 1 },
);
