import type { SecretLintCoreConfig } from '@secretlint/types';
import { hasPresetHint } from './has-preset-hint.js';
import type { SecretSpan } from './secret-span.js';

const PRESET_ID = '@secretlint/secretlint-rule-preset-recommend';

interface Scanner {
  lintSource: typeof import('@secretlint/core').lintSource;
  config: SecretLintCoreConfig;
}

let loading: Promise<Scanner> | undefined;

/**
 * secretlint and its recommended rules, imported on first use: about 35 ms
 * and 230 KB of rules that a CLI command printing nothing never pays for.
 */
function loadScanner(): Promise<Scanner> {
  loading ??= (async () => {
    const [{ lintSource }, { creator }, { secretLintProfiler }] = await Promise.all([
      import('@secretlint/core'),
      import('@secretlint/secretlint-rule-preset-recommend'),
      import('@secretlint/profiler'),
    ]);
    // The profiler is on by default and keeps every performance mark it makes (60 a scan): a server that
    // redacts for weeks would grow without bound (Node warns past a million marks).
    secretLintProfiler.setEnabled(false);
    const config: SecretLintCoreConfig = {
      rules: [
        {
          id: PRESET_ID,
          rule: creator,
          // Access key ids (AKIA…) are reported only with the ID scan on; an id next to its secret is half a credential.
          rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
        },
      ],
    };
    return { lintSource, config };
  })();
  return loading;
}

/*
 * A `secretlint-disable` comment switches the preset's rules off for the text
 * after it, and the preset ignores `disabled` on that rule (13.0.7 checks it
 * for top-level rules only). Text nanodex posts may come from a model or from
 * a repository that wants a secret through, so the directive is defused in
 * the copy that is scanned: same length, so every offset still holds.
 */
const DIRECTIVE = /secretlint-(?=disable|enable)/gi;

/**
 * Spans secretlint's recommended preset reports. A scanner failure redacts
 * the whole text: posting nothing useful is better than posting a secret.
 */
export async function scanWithSecretlint(text: string): Promise<SecretSpan[]> {
  // Most texts (source files above all) hold nothing any preset rule reports: the cheap sniff skips the scan.
  if (!hasPresetHint(text)) return [];
  const { lintSource, config } = await loadScanner();
  let result;
  try {
    result = await lintSource({
      source: { content: text.replace(DIRECTIVE, 'secretlint_'), filePath: 'text', contentType: 'text' },
      options: { config, noPhysicFilePath: true },
    });
  } catch {
    return [{ start: 0, end: text.length, rule: 'secretlint-failed' }];
  }
  const spans: SecretSpan[] = [];
  for (const message of result.messages) {
    const [start, end] = message.range;
    // The AWS secret key rule takes any 40 letters after `secret_access_key:`, a type name included
    // (`SandboxesSandboxAwsMountStaticAuthConfig.SecretAccessKey`). A real key has a digit, `/` or `+`
    // (all 40 characters without one: about 1 key in 1,000).
    const key = (message.data as { KEY?: unknown } | undefined)?.KEY;
    if (message.messageId === 'AWSSecretAccessKey' && typeof key === 'string' && !/[\d/+]/.test(key)) continue;
    // The secret as the rule names it, where it lies in the reported range. The AWS secret key rule
    // reports the match's start with the key's length (13.0.7): `aws_secret_access_key = ` and half
    // the key. The named value is exact there, and the same as the range for the other rules.
    const named = Object.values(message.data ?? {}).flatMap((value) => {
      if (typeof value !== 'string' || value.length < 8 || /\s/.test(value)) return [];
      const at = text.indexOf(value, start);
      return at !== -1 && at <= end ? [{ start: at, end: at + value.length, rule: message.ruleId }] : [];
    });
    spans.push(...(named.length > 0 ? named : [{ start, end, rule: message.ruleId }]).map((span) => narrowToPassword(text, span)));
  }
  return spans;
}

/** A URL with a password in it: `scheme://user:password@`. */
const URL_WITH_PASSWORD = /^[a-z][a-z0-9+.:-]*:\/\/[^:/\s]*:([^@/\s]+)@/i;

/**
 * The connection-string and basic-auth rules report a whole URL, and the
 * connection-string one runs on past it: in `"postgres://u:p@host";` its
 * database part takes the closing `";` too, and redacting that turns the
 * rest of a file into one string (the next function is lost to the index).
 * Only the password is the secret; the URL around it stays as written.
 */
function narrowToPassword(text: string, span: SecretSpan): SecretSpan {
  const url = URL_WITH_PASSWORD.exec(text.slice(span.start, span.end));
  if (url === null) return span;
  const start = span.start + url[0].length - 1 - url[1]!.length;
  return { start, end: start + url[1]!.length, rule: span.rule };
}
