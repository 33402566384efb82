import { OWN_RULES } from './own-secret-rules.js';
import { scanWithSecretlint } from './scan-with-secretlint.js';
import { mergeSpans, type SecretSpan } from './secret-span.js';
import { NO_ORIGIN, toRenderedViews } from './to-rendered-view.js';

/** Below this no rule finds a secret (the shortest, `PWD=` and a 6-character value, is 10): no scan, no secretlint load. */
const MIN_SECRET_TEXT = 8;

/**
 * Every secret in `text`, as written and as GitHub renders it: secretlint's
 * recommended rules, then nanodex's narrow rules for what they miss
 * (own-secret-rules.ts), over the text and over its rendered view
 * (to-rendered-view.ts: `ghp\_…`, `&#95;`, `\u002d`, a hidden character or
 * an HTML comment inside a token), merged. A span found in the view covers the characters that
 * render it.
 */
export async function findSecrets(text: string): Promise<SecretSpan[]> {
  if (text.length < MIN_SECRET_TEXT) return [];
  const found = await scanText(text);
  for (const view of toRenderedViews(text)) {
    for (const span of await scanText(view.text)) {
      // A span across two kept lines would join lines that are not next to each other in the text.
      if (view.starts.subarray(span.start, span.end).includes(NO_ORIGIN)) continue;
      found.push({ start: view.starts[span.start]!, end: view.ends[span.end - 1]!, rule: span.rule });
    }
  }
  return mergeSpans(found);
}

async function scanText(text: string): Promise<SecretSpan[]> {
  if (text.length < MIN_SECRET_TEXT) return [];
  const found = await scanWithSecretlint(text);
  for (const rule of OWN_RULES) found.push(...rule.find(text));
  return found;
}
