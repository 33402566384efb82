import fc from 'fast-check';
import { toMentionCommand } from '../../src/core/commands/to-mention-command.js';
import { parseMention } from '../../src/github/parse-mention.js';
import { hostileString, pieceText } from './hostile-text.js';
import type { FuzzTarget, Verdict } from './run-target.js';

/** GitHub refuses comments longer than this (65,536 characters): the largest body a handler ever parses. */
const MAX_COMMENT_CHARS = 65_536;

const PIECES = [
  '@nanodex',
  '@NanoDex',
  '@nanodex[bot]',
  '@nanodex-bot',
  'me@nanodex.dev',
  '@nanodex/team',
  ' ',
  '\n',
  '\n\n',
  '\r\n',
  '> ',
  '    ',
  '`',
  '``',
  '```',
  '```ts\n',
  '~~~',
  '--issue',
  ',',
  ':',
  'plan',
  'review',
  'map',
  'find',
  'refs',
  'help',
  'explain',
  'diagram',
  '/frobnicate',
  'budget=30k',
  'rounds=3',
  'rounds=99999999999999999999',
  'files=1e400',
  'time=2m',
  'bytes=0',
  'focus=../..,src',
  'tokens=1.5k',
];

/**
 * Code-span delimiters of distinct lengths, shuffled or ascending: ascending,
 * no run (nor the tail of one) is ever closed, the worst case of any
 * delimiter matcher that rescans from each opening.
 */
const backtickRuns: fc.Arbitrary<string> = fc
  .tuple(fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 360, size: 'max' }), fc.boolean())
  .map(([lengths, ascending]) => (ascending ? [...lengths].sort((a, b) => a - b) : lengths))
  .map((lengths) => `${lengths.map((n) => `${'`'.repeat(n)}a`).join('')} @nanodex plan it`.slice(0, MAX_COMMENT_CHARS));

const slug = fc.oneof(
  { arbitrary: fc.constant('nanodex'), weight: 6 },
  { arbitrary: fc.constantFrom('nanodex[bot]', 'nano-dex', 'a.b', 'x+y', '$', '(', '\\'), weight: 2 },
  { arbitrary: hostileString.filter((s) => s.length <= 39), weight: 1 },
);

export const mentionTarget: FuzzTarget<{ body: string; slug: string }> = {
  name: 'mention: parseMention + toMentionCommand',
  runs: 15_000,
  arbitrary: fc.record({
    body: fc.oneof(
      { arbitrary: pieceText(PIECES, 30), weight: 4 },
      // A comment that starts with the mention, as most do: what follows reaches toMentionCommand.
      { arbitrary: pieceText(PIECES, 12).map((rest) => `@nanodex ${rest}`), weight: 4 },
      { arbitrary: hostileString, weight: 2 },
      { arbitrary: backtickRuns, weight: 1 },
    ),
    slug,
  }),
  check: ({ body, slug: appSlug }): Verdict | undefined => {
    const mention = parseMention(body, appSlug);
    if (mention === undefined) {
      toMentionCommand(body);
      return undefined;
    }
    if (!body.includes('@')) return { violation: 'a mention found in a body without "@"' };
    if (typeof mention.text !== 'string' || typeof mention.openIssue !== 'boolean') return { violation: 'mention of the wrong shape' };
    const command = toMentionCommand(mention.text);
    if (command.kind === 'run' && typeof command.prompt !== 'string') return { violation: 'a run command without a prompt' };
    return { accepted: true };
  },
};
