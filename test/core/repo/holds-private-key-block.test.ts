import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findContentSkipReason, holdsPrivateKeyBlock } from '../../../src/core/repo/skip-rules.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const keys = buildSecretCorpus().filter((s) => s.value.includes('PRIVATE KEY'));
const join = (...parts: string[]) => parts.join('');
const BEGIN_RSA = join('-----BEGIN RSA ', 'PRIVATE KEY-----');
const END_RSA = join('-----END RSA ', 'PRIVATE KEY-----');

describe('holdsPrivateKeyBlock', () => {
  describe('when a file holds a key block', () => {
    it.each(keys.map((k) => [k.name, k.value] as const))('finds a %s as a file of its own', (_name, key) => {
      expect(holdsPrivateKeyBlock(`${key}\n`)).toBe(true);
    });

    it.each(keys.map((k) => [k.name, k.value] as const))(
      'finds a %s in a template literal, a JSON string and concatenated literals',
      (_name, key) => {
        const lines = key.split('\n');
        expect(holdsPrivateKeyBlock(`export const KEY = \`${key}\`;\n`)).toBe(true);
        expect(holdsPrivateKeyBlock(JSON.stringify({ privateKey: key }))).toBe(true);
        expect(holdsPrivateKeyBlock(`const key =\n${lines.map((l) => `  '${l}\\n'`).join(' +\n')};\n`)).toBe(true);
      },
    );

    it('skips the file as private-key', () => {
      const key = keys[0]!.value;
      expect(findContentSkipReason(Buffer.from(key), key)).toBe('private-key');
    });
  });

  describe('when a file only names the markers', () => {
    it('keeps an error message that quotes the BEGIN line (src/app/read-app-env.ts)', () => {
      const text = readFileSync(new URL('../../../src/app/read-app-env.ts', import.meta.url), 'utf8');
      expect(text).toContain('BEGIN RSA PRIVATE KEY');
      expect(holdsPrivateKeyBlock(text)).toBe(false);
      expect(findContentSkipReason(Buffer.from(text), text)).toBeUndefined();
    });

    it('keeps two constants holding the markers, with code between them', () => {
      const text = `export const BEGIN = '${BEGIN_RSA}';\nexport function isKey(text: string): boolean {\n  return text.startsWith(BEGIN);\n}\nexport const END = '${END_RSA}';\n`;
      expect(holdsPrivateKeyBlock(text)).toBe(false);
    });

    it('keeps a block whose body is too short to be a key, or is not base64', () => {
      expect(holdsPrivateKeyBlock(`${BEGIN_RSA}\nabc\n${END_RSA}\n`)).toBe(false);
      expect(holdsPrivateKeyBlock(`'${BEGIN_RSA}\\n...\\n${END_RSA}\\n'`)).toBe(false);
      expect(holdsPrivateKeyBlock(`${BEGIN_RSA}\n(the key goes here, see the setup guide for how to make one)\n${END_RSA}\n`)).toBe(false);
    });

    it('keeps a BEGIN line of one type closed by the END line of another', () => {
      const body = keys[0]!.value.split('\n').slice(1, -1).join('\n');
      expect(holdsPrivateKeyBlock(`${BEGIN_RSA}\n${body}\n${join('-----END EC ', 'PRIVATE KEY-----')}\n`)).toBe(false);
    });
  });
});
