import type { CorpusSecret } from './secret-corpus.js';

/** Key material shorter than this could match ordinary text by chance; longer runs cannot. */
const MIN_KEY_LINE = 16;

/**
 * The corpus secrets that show up in `text`: a one-line secret by its value,
 * a key block by any line of its body (a quote of part of a key is a leak).
 * Checked raw and JSON-escaped, so `--json` output counts too.
 */
export function findLeaks(text: string, corpus: readonly CorpusSecret[]): string[] {
  const leaked: string[] = [];
  for (const secret of corpus) {
    const needles = secret.value.includes('\n')
      ? secret.value.split('\n').filter((line) => !line.startsWith('-----') && line.length >= MIN_KEY_LINE && !/^[A-Za-z-]+: /.test(line))
      : [secret.value, JSON.stringify(secret.value).slice(1, -1)];
    if (needles.some((n) => text.includes(n))) leaked.push(secret.name);
  }
  return leaked;
}
