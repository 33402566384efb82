import { describe, expect, it } from 'vitest';
import { parseFile } from '../../../src/core/code-index/parse-file.js';
import { REDACTED, redactSecrets } from '../../../src/core/secrets/redact-secrets.js';
import { buildSecretCorpus, randomish } from '../../helpers/secret-corpus.js';

const password = `Sup3r${randomish('db-pass', 10)}9`;
/** Connection strings of the kinds secretlint reports as a whole URL, each with the password at `P`. */
const URLS = [
  'postgres://admin:P@db.internal.example.com:5432/app',
  'postgres://admin:P@host',
  'postgresql://app:P@db.internal/app?sslmode=require',
  'mysql://root:P@localhost/db',
  'jdbc:mysql://app:P@db.internal:3306/app',
  'mongodb+srv://user:P@cluster0.abc.mongodb.net/test',
  'https://deploy:P@registry.internal.example.com/v2',
  'redis://default:P@cache.internal:6379/0',
];
const QUOTES = ['"', "'", '`'];
const oneLine = buildSecretCorpus().filter((s) => s.selfEvident && !s.value.includes('\n'));

/** A string literal holding `value`, then the function the index must still find after it. */
const fileWith = (quote: string, value: string) =>
  `const url = ${quote}${value}${quote};\n\nexport function connectDatabase(): string {\n  return url;\n}\n`;

describe('redactSecrets, in place', () => {
  describe.each(QUOTES)('inside a %s string', (quote) => {
    it.each(URLS)('replaces only the password of %s, never the quote or the ; after it', async (url) => {
      const text = fileWith(quote, url.replace('P', password));
      expect(await redactSecrets(text)).toBe(fileWith(quote, url.replace('P', REDACTED)));
    });

    it.each(oneLine.map((s) => [s.name, s.value] as const))('replaces a %s and nothing around it', async (_name, value) => {
      expect(await redactSecrets(fileWith(quote, value))).toBe(fileWith(quote, REDACTED));
    });
  });

  it('leaves the parse of the file as it was: the function after the string is still a symbol', async () => {
    const text = fileWith('"', `postgres://admin:${password}@db.internal.example.com:5432/app`);
    const parsed = await parseFile('src/db.ts', Buffer.from(text));
    expect(parsed.status === 'ok' && parsed.symbols.map((s) => s.name)).toEqual(['url', 'connectDatabase']);
  });
});
