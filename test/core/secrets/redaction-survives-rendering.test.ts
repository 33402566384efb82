import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeComment } from '../../../src/core/render/compose-comment.js';
import { cutAtLine } from '../../../src/core/render/fit-comment.js';
import { cell, code, escapeText, fence } from '../../../src/core/render/markdown.js';
import { redactSecrets } from '../../../src/core/secrets/redact-secrets.js';
import { toReaderText } from '../../helpers/find-pasted-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const chars = (alphabet: string, length: number) => fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

/** A family whose prefix says what it is: `body` is the random part after the prefix. */
interface Family {
  name: string;
  prefix: string;
  body: fc.Arbitrary<string>;
}

/** The families issue 27 names, in their real shapes (GitHub's, Stripe's and Google's documented formats), and Slack's. */
const FAMILIES: Family[] = [
  ...['ghp', 'gho', 'ghu', 'ghs', 'ghr'].map((p) => ({ name: `GitHub ${p}_`, prefix: `${p}_`, body: chars(ALNUM, 36) })),
  {
    name: 'GitHub github_pat_',
    prefix: 'github_pat_',
    body: fc.tuple(chars(ALNUM.slice(26), 22), chars(ALNUM, 59)).map(([a, b]) => `${a}_${b}`),
  },
  { name: 'Stripe sk_live_', prefix: ['sk', '_live_'].join(''), body: chars(ALNUM, 24) },
  { name: 'Google AIza', prefix: ['AI', 'za'].join(''), body: chars(`${ALNUM}_-`, 35) },
  {
    name: 'Slack xoxb-',
    prefix: ['xo', 'xb-'].join(''),
    body: fc.tuple(chars('0123456789', 12), chars(ALNUM, 24)).map(([a, b]) => `${a}-${b}`),
  },
];

/**
 * Made-up values are not redacted on purpose (a counting run, the kind's own word, `xxxx` or one character
 * repeated: docs/secrets.md); a random body that happens to hold one is not what this property is about.
 */
const isExampleShaped = (body: string) => /0123|1234|2345|3456|4567|5678|6789|abcd|bcde|cdef|wxyz|token|passw|secret|(.)\1{3}/i.test(body);

const secretOf = fc
  .constantFrom(...FAMILIES)
  .chain(({ name, prefix, body }) =>
    body.filter((b) => !isExampleShaped(b)).map((random) => ({ name, prefix, value: `${prefix}${random}`, body: random })),
  );

/** The other one-line secrets of the corpus whose value alone says what they are (AWS ids, JWTs, Slack webhooks). */
const CORPUS = buildSecretCorpus().filter((s) => s.selfEvident && !s.value.includes('\n'));

/** Prose around the secret, ending and starting on a word boundary (a token glued to a word is another word). */
const prose = fc.string({ unit: fc.constantFrom(...'abcdefghij KLMNOP .,:;!?()\'"-\n'), maxLength: 40 });
const text = fc.tuple(prose, fc.constantFrom(' ', '\n', ' (', ': ', '"', '`'), fc.constantFrom(' ', '\n', ') ', '.', '"', '`'), prose);

type Transform = (text: string, at: number) => string;

/** What the renderer, a model or a repository's text does to a secret on its way to a comment, keeping all of it. */
const REPRESENTATIONS: Record<string, Transform> = {
  'Markdown escaping (escapeText)': (t) => escapeText(t),
  'every punctuation escaped': (t) => t.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`),
  'decimal references': (t, at) => t.replace(/[_\-a-z]/g, (c, i: number) => ((i + at) % 3 === 0 ? `&#${c.charCodeAt(0)};` : c)),
  'hex references': (t) => t.replace(/[_-]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`),
  'named references': (t) => t.replace(/_/g, '&lowbar;').replace(/-/g, '&hyphen;'),
  'an inline code span': (t) => code(t),
  'a fenced block': (t) => fence(t),
  'a table cell': (t) => `| a | b |\n| - | - |\n| ${cell(t)} | x |`,
  'a quote': (t) => t.replace(/^/gm, '> '),
  'a zero-width space inside': (t, at) => `${t.slice(0, at)}\u200b${t.slice(at)}`,
  'an HTML comment inside': (t, at) => `${t.slice(0, at)}<!-- -->${t.slice(at)}`,
  'word wrapping': (t, at) => wrapWords(t, 10 + (at % 60)),
};

/** Cut to `at` characters with an ellipsis, as titles, labels and signatures are clipped. Loses the tail. */
const truncate: Transform = (t, at) => (t.length > at ? `${t.slice(0, at)}…` : t);

/** Lines of at most `width` characters, broken at spaces; a word longer than that keeps its line (nanodex never breaks a word). */
function wrapWords(t: string, width: number): string {
  return t
    .split('\n')
    .map((line) => {
      const out: string[] = [];
      let current = '';
      for (const word of line.split(' ')) {
        if (current !== '' && current.length + 1 + word.length > width) {
          out.push(current);
          current = word;
        } else current = current === '' ? word : `${current} ${word}`;
      }
      return [...out, current].join('\n');
    })
    .join('\n');
}

const transforms = fc.array(fc.tuple(fc.constantFrom(...Object.keys(REPRESENTATIONS)), fc.nat({ max: 200 })), {
  minLength: 1,
  maxLength: 3,
});

/**
 * Whether `output` gives `secret` away, as written or as a reader makes it out (toReaderText): the whole
 * value, its prefix and 8 characters of its body (what the prefix rule redacts), or, with `windows`,
 * any 12 characters of its body in a row (a token cut or split after it was redacted shows none).
 */
function leaks(output: string, secret: { value: string; body: string; prefix?: string }, options: { windows: boolean }): boolean {
  const seen = [output, toReaderText(output)].map((s) => s.replace(/\s+/g, ' '));
  const needles = [secret.value];
  if (secret.prefix !== undefined) needles.push(`${secret.prefix}${secret.body.slice(0, 8)}`);
  for (let i = 0; options.windows && i + 12 <= secret.body.length; i += 1) needles.push(secret.body.slice(i, i + 12));
  return seen.some((s) => needles.some((n) => s.includes(n)));
}

const tree = { sha: undefined, htmlUrl: undefined, lineCount: () => 100 };
const RUNS = { numRuns: 200, seed: 20_261_128 };

describe('redaction against every transformation the renderer applies', () => {
  it('leaves no secret of any family in what is posted, whatever representations it went through', async () => {
    await fc.assert(
      fc.asyncProperty(secretOf, text, transforms, async (secret, [before, open, close, after], steps) => {
        let t = `${before}${open}${secret.value}${close}${after}`;
        for (const [name, at] of steps) t = REPRESENTATIONS[name]!(t, at);
        const { body } = await composeComment([{ title: 'answer', essential: true, text: t }], { tree, metrics: undefined });
        expect(leaks(body, secret, { windows: false }), body).toBe(false);
      }),
      RUNS,
    );
  });

  it('leaves no other self-evident corpus secret either', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CORPUS), text, transforms, async (secret, [before, open, close, after], steps) => {
        let t = `${before}${open}${secret.value}${close}${after}`;
        for (const [name, at] of steps) t = REPRESENTATIONS[name]!(t, at);
        const out = await redactSecrets(t);
        expect(leaks(out, { value: secret.value, body: secret.value.slice(4) }, { windows: false }), out).toBe(false);
      }),
      { ...RUNS, numRuns: 100 },
    );
  });

  it('leaves no prefix and 8 characters of a pasted token that was cut short before redaction (a clipped title)', async () => {
    await fc.assert(
      fc.asyncProperty(secretOf, text, fc.nat({ max: 120 }), transforms, async (secret, [before, open, close, after], at, steps) => {
        let t = truncate(`${before}${open}${secret.value}${close}${after}`, at);
        for (const [name, n] of steps) t = REPRESENTATIONS[name]!(t, n);
        // Windows are not asked for: markup may break the prefix itself (`g<!--<!-- --> -->hp_…` shows `g -->hp_…`),
        // and a body without its prefix is no token any rule can know. That is why run() redacts a request first.
        expect(leaks(await redactSecrets(t), secret, { windows: false })).toBe(false);
      }),
      RUNS,
    );
  });

  it('leaves none in any comment when a reply is fitted to a limit and split over several comments', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretOf,
        text,
        fc.integer({ min: 40, max: 400 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 3 }),
        async (secret, [before, open, close, after], limit, cuts) => {
          const t = escapeText(`${before}${open}${secret.value}${close}${after}`);
          const blocks = [
            { title: 'heading', essential: true, text: `## Plan: ${t}` },
            { title: 'details', text: fence(`${secret.value}\n${t}`) },
          ];
          const { body } = await composeComment(blocks, { tree, metrics: undefined, limit });
          const points = [0, ...cuts.map((c) => c % (body.length + 1)).sort((a, b) => a - b), body.length];
          const comments = points.slice(1).map((end, i) => body.slice(points[i], end));
          expect(leaks(cutAtLine(body, limit), secret, { windows: true })).toBe(false);
          for (const comment of comments) expect(leaks(await redactSecrets(comment), secret, { windows: true })).toBe(false);
        },
      ),
      RUNS,
    );
  });
});
