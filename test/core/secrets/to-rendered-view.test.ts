import { describe, expect, it } from 'vitest';
import { escapeText } from '../../../src/core/render/markdown.js';
import { REDACTED, redactSecrets } from '../../../src/core/secrets/redact-secrets.js';
import { NO_ORIGIN, toRenderedView } from '../../../src/core/secrets/to-rendered-view.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();
const get = (name: string) => corpus.find((s) => s.name === name)!.value;
/** The families issue 27 names: pasted into a mention, they came back Markdown-escaped and intact. */
const PASTED = ['GitHub token ghp_', 'GitHub token ghs_', 'GitHub fine-grained token github_pat_', 'Stripe secret key', 'Google API key'];

/** Every `_` and `-` as a character reference, the way a model or an HTML renderer might write it. */
const asEntities = (text: string, entity: (c: string) => string) => text.replace(/[_-]/g, entity);

describe('toRenderedView', () => {
  it('reads text as GitHub renders it, and maps each character back to what wrote it', () => {
    const view = toRenderedView('a\\_b&#95;c&lowbar;d<!-- x -->e\u200bf')!;
    expect(view.text).toBe('a_b_c_def');
    expect([...view.starts]).toEqual([0, 1, 3, 4, 9, 10, 18, 29, 31]);
    expect([...view.ends]).toEqual([1, 3, 4, 9, 10, 18, 19, 30, 32]);
  });

  it('decodes an escaped escape too (`\\\\_` shows as `\\_`, read at a glance as `_`)', () => {
    expect(toRenderedView('ghp\\\\_x &amp;#95;')!.text).toBe('ghp_x _');
  });

  it('leaves text that renders as written, and unknown entities, alone', () => {
    expect(toRenderedView('const a = b_c - d; // plain')).toBeUndefined();
    expect(toRenderedView('&notAnEntity; &#xZZ;')).toBeUndefined();
  });

  it('keeps only the lines that render differently, joined by breaks of no origin', () => {
    const view = toRenderedView('plain\nwith \\_ escape\nplain again\n&#95;\nand <!-- a comment\nover two lines --> here')!;
    expect(view.text).toBe('with _ escape\n_\nand  here');
    expect(view.starts[view.text.indexOf('\n')]).toBe(NO_ORIGIN);
    expect(view.starts[view.text.indexOf('_\n') + 1]).toBe(38); // the break after &#95;: the original's own
  });
});

describe('redactSecrets on the forms a renderer writes', () => {
  describe.each(PASTED)('a pasted %s', (name) => {
    const value = get(name);
    it.each([
      ['Markdown-escaped (escapeText)', escapeText(`rotate ${value} now`)],
      ['every punctuation backslash-escaped', `rotate ${value.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)} now`],
      ['with decimal references', asEntities(`rotate ${value} now`, (c) => `&#${c.charCodeAt(0)};`)],
      ['with hex references', asEntities(`rotate ${value} now`, (c) => `&#x${c.charCodeAt(0).toString(16)};`)],
      ['with named references', asEntities(`rotate ${value} now`, (c) => (c === '_' ? '&lowbar;' : '&hyphen;'))],
      ['in an escaped code span', `rotate \`${escapeText(value)}\` now`],
      ['split by an HTML comment', `rotate ${value.slice(0, 12)}<!-- -->${value.slice(12)} now`],
      ['split by a zero-width space', `rotate ${value.slice(0, 12)}\u200b${value.slice(12)} now`],
      ['escaped twice', `rotate ${escapeText(escapeText(value))} now`],
    ])('is redacted %s, and nothing around it', async (_form, text) => {
      expect(await redactSecrets(text)).toBe(`rotate ${text.startsWith('rotate `') ? `\`${REDACTED}\`` : REDACTED} now`);
    });

    it('is redacted when cut short, as a clipped title cuts it', async () => {
      const cut = `${value.slice(0, /^(?:gh[a-z]_|github_pat_|sk_live_|AIza)/.exec(value)![0].length + 10)}…`;
      expect(await redactSecrets(escapeText(`Plan: rotate ${cut}`))).toBe(`Plan: rotate ${REDACTED}…`);
    });
  });

  it('keeps placeholders and words that only start like a token', async () => {
    const text = 'set ghp_xxxxxxxxxxxxxxxx or sk\\_live\\_XXXXXXXXXXXX; task_live_updates and ghs_abcdef12345678 stay';
    expect(await redactSecrets(text)).toBe(text);
  });
});
