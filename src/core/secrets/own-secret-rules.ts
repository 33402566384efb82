import type { SecretSpan } from './secret-span.js';

/**
 * Narrow rules for what secretlint's recommended preset (13.0.7) does not
 * report and the corpus (test/helpers/secret-corpus.ts) requires. Each says what the
 * preset misses; keep them narrow, a false redaction costs a reader a line.
 */
export interface OwnRule {
  id: string;
  find(text: string): SecretSpan[];
}

/**
 * The matches of `re` in `text`, looked for only on the lines where `hint` occurs: the same matches at
 * the same offsets as `text.matchAll(re)`, for a rule whose every match holds a `hint` match and no line
 * break (`\n`, `\r`, U+2028, U+2029; those also end `^`, `$` and `.` in JavaScript). Most files have
 * no such line, and the cheap hint scan replaces the rule's slow one (lookbehinds and name prefixes).
 */
export function matchOnHintedLines(text: string, re: RegExp, hint: RegExp): (RegExpMatchArray & { index: number })[] {
  const found: (RegExpMatchArray & { index: number })[] = [];
  hint.lastIndex = 0;
  for (let h = hint.exec(text); h !== null; h = hint.exec(text)) {
    let start = h.index;
    while (start > 0 && !isLineBreak(text.charCodeAt(start - 1))) start -= 1;
    LINE_BREAK.lastIndex = h.index;
    const end = LINE_BREAK.exec(text)?.index ?? text.length;
    for (const m of text.slice(start, end).matchAll(re)) found.push(Object.assign(m, { index: (m.index ?? 0) + start }));
    hint.lastIndex = Math.max(end, h.index + 1); // the next line: this one is done
  }
  return found;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;
const isLineBreak = (c: number): boolean => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

const spansOf = (id: string, re: RegExp, text: string, group = 0): SecretSpan[] =>
  [...text.matchAll(re)].flatMap((m) => {
    const value = m[group];
    if (value === undefined) return [];
    // The last occurrence: in `admin:admin@host` the password is the second `admin`.
    const start = m.index + (group === 0 ? 0 : m[0].lastIndexOf(value));
    return [{ start, end: start + value.length, rule: id }];
  });

// The preset's private key rule wants at least 100 base64 characters starting with `MI` (PKCS) or the
// OpenSSH magic, and a complete block: it misses PKCS#8 ed25519 (64 characters), SEC1 EC keys (`MH…`),
// PGP armour (headers, `lQ…`) and a key a model quotes only in part.
const KEY_BEGIN = /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----/g;
const KEY_END = /-----END ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----/g;
/** How far an END line is looked for: an 8192-bit RSA key in PEM is about 6.5 KB. */
const MAX_KEY_CHARS = 16_384;
/**
 * The next line of key material: a new line (real, or `\n` inside a string literal), perhaps quotes or
 * `+` of a concatenated literal, then base64 or a PGP armour header. Only its leading run counts, so a
 * key quoted mid-sentence ends where the base64 does.
 */
const KEY_LINE = /(?:[ \t"'`+,;]*(?:\r?\n|\\r?\\n))+[ \t"'`+,]*(?:([A-Za-z0-9+/=]{8,})|[A-Za-z-]+: [^\n\\]*)/y;

function findPrivateKeys(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  if (!text.includes('PRIVATE KEY')) return spans; // KEY_BEGIN holds it
  for (const begin of text.matchAll(KEY_BEGIN)) {
    const from = begin.index + begin[0].length;
    KEY_END.lastIndex = from;
    const end = KEY_END.exec(text);
    const between = end === null ? '' : text.slice(from, end.index);
    // Key material between the lines: two constants naming the markers (`BEGIN = "-----BEGIN…"`, then END) are not a key.
    if (end !== null && between.length <= MAX_KEY_CHARS && !between.includes('-----BEGIN') && /[A-Za-z0-9+/=]{16}/.test(between)) {
      spans.push({ start: begin.index, end: end.index + end[0].length, rule: 'private-key' });
      continue;
    }
    // No END line: a key cut short. Take the lines of key material that follow, if there are any.
    let at = from;
    let material = 0;
    for (;;) {
      KEY_LINE.lastIndex = at;
      const line = KEY_LINE.exec(text);
      if (line === null || line.index - from > MAX_KEY_CHARS) break;
      at = KEY_LINE.lastIndex;
      material += line[1]?.length ?? 0;
    }
    if (material >= 16) spans.push({ start: begin.index, end: at, rule: 'private-key' });
  }
  return spans;
}

// Not in the preset: Google API keys (its GCP rule finds service-account files only) and JWTs.
const GOOGLE_API_KEY = /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g;
// A header and a payload that are both JSON objects (`eyJ` is base64 for `{"`), and a signature.
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g;
// The preset's OpenAI and Anthropic rules want today's exact shapes; older `sk-` keys and other vendors' are missed.
const SK_KEY = /\bsk-(?:proj-|ant-(?:api\d\d-)?)?(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{20,}/g;

// Tokens whose prefix alone says what they are (GitHub, Stripe, Google, Slack). The full-length rules want
// the whole token; a token cut short (a pasted one in a title clipped to 80 characters, the first part of
// one split over two texts) or of another length is still one: its prefix and 8 more characters are redacted.
const TOKEN_PREFIX = String.raw`(?:gh[pousr]_|github_pat_|[rs]k_(?:live|test)_|AIza|xox[abeposr]-)`;
const PREFIXED_TOKEN = new RegExp(String.raw`(?<![A-Za-z0-9])${TOKEN_PREFIX}([A-Za-z0-9_-]{8,})`, 'g');
/** A placeholder (`xxxx`, one character repeated) or a made-up value in a test or a README (EXAMPLE). */
const TOKEN_PLACEHOLDER = /x{4}|X{4}|^(.)\1+$/;

// The preset's basic-auth rule covers http(s) and ftp, its connection-string rule a few databases:
// redis, amqp, smtp… URLs carry passwords the same way.
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:@/"'`]*:([^\s@/"'`<>]{3,200})@[A-Za-z0-9[]/g;

// Literal values given to a name that says it holds a secret: `password = "…"`, `"apiKey": "…"`,
// `DB_PASSWORD=…` in a .env file. The preset has no rule for these; they are the most common leak.
const SECRET_WORD = String.raw`(?:password|passwd|passphrase|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)`;
// On one line: a blank line between two strings (redact-strings.ts) must end every match.
const QUOTED_ASSIGNMENT = new RegExp(
  String.raw`(?<![\w-])[\w.-]*${SECRET_WORD}\\?["'\x60]?[ \t]*(?::=|=>|[:=])[ \t]*(\\?["'\x60])([^"'\x60\s\\]{6,200})\1`,
  'gi',
);
// Upper-case names with `=` and no spaces: .env files, shell, Dockerfiles; also quoted in a comment or a log line.
const ENV_WORD = 'PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH_?KEY|CREDENTIALS?';
const ENV_LINE = new RegExp(
  String.raw`(?<![\w$.-])((?:[A-Z0-9]+_)*(?:${ENV_WORD})(?:_[A-Z0-9]+)*)=([^\s'"#\x60;,)]{6,200})(?=$|[\s'"\x60;,)])`,
  'gm',
);
// `name: value` and `name = value` lines of YAML, INI and properties files. A line that ends in `;` or `,`
// is code (`token: CSSToken,`, `privateKey: Uint8Array;`), where an unquoted value is a name.
const CONFIG_LINE = new RegExp(
  String.raw`^[ \t]*(?:(?:#|\/\/|--|;|\*)[ \t]*)?(?:-[ \t]+)?[\w.-]*${SECRET_WORD}[ \t]*[:=][ \t]*([^\s'"#;,]{8,200})[ \t]*(?:#.*)?$`,
  'gim',
);

/** What every match of the rules above holds: the lines to look at (matchOnHintedLines). */
const SECRET_WORD_HINT = new RegExp(SECRET_WORD, 'gi');
const ENV_WORD_HINT = new RegExp(ENV_WORD, 'g');

/** The rules scanned line by line, each with its hint (exported for the test that proves them equal to a whole scan). */
export const HINTED_RULES: readonly { re: RegExp; hint: RegExp }[] = [
  { re: QUOTED_ASSIGNMENT, hint: SECRET_WORD_HINT },
  { re: ENV_LINE, hint: ENV_WORD_HINT },
  { re: CONFIG_LINE, hint: SECRET_WORD_HINT },
];

/** Values that stand for a secret rather than being one; an ellipsis or a run of x or * elides one (`"sk-..."`). */
const PLACEHOLDER =
  /^(?:.*(?:\.\.\.|…|\*{3}|x{4}|X{4}).*|x+|\*+|\.+|<.*>|\[.*\]|\(.*\)|\{.*\}|\$.*|%.*|#\{.*|your[\w-]*|change[_-]?me|changeit|example[\w-]*|sample[\w-]*|dummy[\w-]*|fake[\w-]*|test[\w-]*|placeholder[\w-]*|redacted|secret|password|null|none|nil|undefined|true|false|string|required|optional|env|process\.env.*)$/i;
/** Made-up values in documentation: counting runs (`abc123xyz`, `1234567890abcdef`) or the kind's own word (`token123`). */
const EXAMPLE = /0123|1234|2345|3456|4567|5678|6789|abcd|bcde|cdef|wxyz|token|passw|secret/i;
/** `self.token`, `config.auth.key`, `os.environ`: a reference to a value, not the value. */
const REFERENCE = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->)[A-Za-z_$][\w$]*)+$/;
/** A path, a URL or a template. */
const NOT_A_VALUE = /^(?:\.{0,2}\/|~\/|[a-z]+:\/\/)|\$\{|\{\{|%\(|[()[\]{}<>]/;

function isSecretValue(value: string, options: { loose: boolean }): boolean {
  if (PLACEHOLDER.test(value) || REFERENCE.test(value) || NOT_A_VALUE.test(value)) return false;
  // Numbers and version ranges (`"js-tiktoken": "^1.0.12"` in a manifest): a secret has letters.
  if (!/[A-Za-z]/.test(value) || /^[~^<>=v]*\d+(?:\.[\dx*]+)+/.test(value)) return false;
  // In a .env line the value is data whatever its shape. Elsewhere a value without a digit is more often a
  // name (`CSSToken`, `"?InterpolationInTemplate"`; a random 24-character key has one 98% of the time),
  // and a counting run or the kind's own word marks an example in a README or a test.
  return options.loose || (/\d/.test(value) && !EXAMPLE.test(value));
}

function findAssignments(text: string): SecretSpan[] {
  const spans: SecretSpan[] = [];
  for (const m of matchOnHintedLines(text, QUOTED_ASSIGNMENT, SECRET_WORD_HINT)) {
    const value = m[2]!;
    if (!isSecretValue(value, { loose: false })) continue;
    const start = m.index + m[0].length - m[1]!.length - value.length;
    spans.push({ start, end: start + value.length, rule: 'secret-assignment' });
  }
  for (const [re, loose] of [
    [ENV_LINE, true],
    [CONFIG_LINE, false],
  ] as const) {
    for (const m of matchOnHintedLines(text, re, loose ? ENV_WORD_HINT : SECRET_WORD_HINT)) {
      const value = m[re === ENV_LINE ? 2 : 1]!;
      if (!isSecretValue(value, { loose }) || (loose && value.toUpperCase() === m[1])) continue;
      const start = m.index + m[0].lastIndexOf(value);
      spans.push({ start, end: start + value.length, rule: loose ? 'env-secret' : 'secret-assignment' });
    }
  }
  return spans;
}

function findUrlPasswords(text: string): SecretSpan[] {
  // As strict as a quoted value: `user:pass@`, `user:PASS@` and `:key_1234@` are how documentation writes URLs.
  if (!text.includes('://')) return [];
  return spansOf('url-password', URL_PASSWORD, text, 1).filter((s) => isSecretValue(text.slice(s.start, s.end), { loose: false }));
}

export const OWN_RULES: readonly OwnRule[] = [
  { id: 'private-key', find: findPrivateKeys },
  // Each literal below is in every match of its rule: a text without it is not scanned.
  { id: 'google-api-key', find: (text) => (text.includes('AIza') ? spansOf('google-api-key', GOOGLE_API_KEY, text) : []) },
  {
    id: 'prefixed-token',
    find: (text) =>
      [...text.matchAll(PREFIXED_TOKEN)]
        .filter((m) => !TOKEN_PLACEHOLDER.test(m[1]!) && !EXAMPLE.test(m[1]!))
        .map((m) => ({ start: m.index, end: m.index + m[0].length, rule: 'prefixed-token' })),
  },
  { id: 'jwt', find: (text) => (text.includes('eyJ') ? spansOf('jwt', JWT, text) : []) },
  { id: 'sk-api-key', find: (text) => (text.includes('sk-') ? spansOf('sk-api-key', SK_KEY, text) : []) },
  { id: 'url-password', find: findUrlPasswords },
  { id: 'secret-assignment', find: findAssignments },
];
