import type { LanguageId } from '../code-index/languages.js';

/** One added line as the rules see it. */
export interface RuleLine {
  path: string;
  language: LanguageId | undefined;
  /** The line as written. */
  raw: string;
  /** Strings emptied, comments removed (see split-code-line.ts). */
  code: string;
  comment: string;
  /** The line holds a secret (src/core/secrets found one among the file's added lines). */
  hasSecret: boolean;
  /** The next added line in the same hunk, for two-line patterns (`except:` then `pass`). */
  next?: { raw: string; code: string };
}

export interface RiskRule {
  id: string;
  severity: 'info' | 'warning' | 'error';
  /** Languages the rule applies to; undefined for every file. */
  languages?: readonly LanguageId[];
  /** Not reported in test files, where the pattern is normal. */
  sourceOnly?: boolean;
  /** Why it is risky and what to do instead. */
  message: string;
  /** Whether it fires, and on how many lines (1, or 2 with `next`). */
  test(line: RuleLine): boolean | 2;
  /** A replacement for the quoted (trimmed) line, only where one is mechanically correct. */
  suggest?(line: RuleLine): string | undefined;
}

const JS: LanguageId[] = ['javascript', 'typescript', 'tsx'];
const C_LIKE: LanguageId[] = [...JS, 'java', 'csharp', 'php', 'c', 'cpp'];

/** Folders whose programs print on purpose: command-line tools and scripts. */
const PRINTING_FOLDER = /(^|\/)(bin|cli|scripts?|tools|examples?)\//;

// A value pasted into a string: `${}`, `+` next to a quote, f-strings, .format, `%` after a string.
const INTERPOLATED = /\$\{|["'`]\s*\+\s*[\w(]|[\w)\]]\s*\+\s*["'`]|\bf["'][^"']*\{|\.format\(|["']\s*%\s*[(\w]/;
/** child_process's exec: called bare or on the module, never a RegExp's `.exec` (`/re/.exec(\`${a}\`)` is not a shell). */
const SHELL_EXEC = /(?<![.\w$])exec(?:Sync)?\s*\(|\b(?:child_process|childProcess|cp)\.exec(?:Sync)?\s*\(/;
const SQL_IN_STRING = /["'`][^"'`]*\b(select\s[^"'`]*\bfrom|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i;
/** `x.get(k)!`, `list.find((a) => a.b)!`, `stack.pop()!`: one level of nested parentheses inside the call. */
const NULLABLE_CALL_ASSERTED =
  /\.(?:get|find|findLast|pop|shift|at|querySelector|getElementById|closest)\((?:[^()]|\([^()]*\))*\)!(?![=.]?=)/;
const LOOSE_EQUALITY = /[^=!<>]==(?!=)|!=(?!=)/;
const looseOperators = (text: string) => text.match(new RegExp(LOOSE_EQUALITY.source, 'g')) ?? [];

const balanced = (code: string) => [...code].filter((c) => c === '(').length === [...code].filter((c) => c === ')').length;

export const RISK_RULES: RiskRule[] = [
  {
    id: 'eval',
    severity: 'error',
    languages: [...JS, 'python', 'ruby', 'php'],
    message:
      'Runs a string as code: if any part of it can come from input, that is code injection, and it defeats static analysis. Parse the data instead (`JSON.parse`, `ast.literal_eval`) or dispatch on a fixed set of names.',
    test: (l) => /(?<![.\w$])eval\s*\(|\bnew\s+Function\s*\(/.test(l.code),
  },
  {
    id: 'shell-injection',
    severity: 'error',
    languages: [...JS, 'python'],
    message:
      'A shell command built with interpolated values: a value containing `;`, `$(...)` or a quote runs as shell. Pass the arguments as an array (`execFile`/`spawn`, or `subprocess.run([...])` without `shell=True`).',
    test: (l) =>
      (l.language === 'python' ? /\b(os\.system|os\.popen)\s*\(|\bshell\s*=\s*True\b/.test(l.code) : SHELL_EXEC.test(l.code)) &&
      INTERPOLATED.test(l.raw),
  },
  {
    id: 'html-injection',
    severity: 'warning',
    languages: JS,
    message:
      "Writes HTML from a value: if it can hold user data, that is cross-site scripting. Use `textContent` or the framework's escaping, or sanitise with a vetted sanitiser first.",
    test: (l) =>
      /\.(innerHTML|outerHTML)\s*\+?=(?!=)|\bdangerouslySetInnerHTML\b|\bdocument\.write(ln)?\s*\(|\.insertAdjacentHTML\s*\(/.test(
        l.code,
      ) && !/HTML\s*=\s*(["'`])\1\s*;?\s*$/.test(l.code),
  },
  {
    id: 'sql-injection',
    severity: 'error',
    message:
      "SQL built by pasting values into the query text: a value with a quote changes the query. Use placeholders and pass the values separately (`?`, `$1` or `%s` parameters, or the query builder's bindings).",
    test: (l) => l.code.trim() !== '' && SQL_IN_STRING.test(l.raw) && INTERPOLATED.test(l.raw),
  },
  {
    id: 'tls-disabled',
    severity: 'error',
    message:
      'Turns off TLS certificate checks: anyone on the network path can read and change the traffic. Trust the specific certificate authority instead (a `ca` option, `REQUESTS_CA_BUNDLE`, `RootCAs`).',
    test: (l) =>
      /\brejectUnauthorized\s*:\s*false\b|\bverify\s*=\s*False\b|\bcheck_hostname\s*=\s*False\b|\bInsecureSkipVerify\s*:\s*true\b|CURLOPT_SSL_VERIFY(PEER|HOST)\s*,\s*(false|0)\b/.test(
        l.code,
      ) || /NODE_TLS_REJECT_UNAUTHORIZED['"\]]*\s*=\s*['"]?0/.test(l.raw),
  },
  {
    id: 'debug-output',
    severity: 'info',
    languages: [...JS, 'python'],
    sourceOnly: true,
    message: "Debug output left in library code: it reaches every user's console. Remove it, or use the project's logger.",
    test: (l) =>
      !PRINTING_FOLDER.test(l.path) &&
      (l.language === 'python' ? /^\s*print\s*\(/ : /^\s*console\.(log|debug|trace|dir)\s*\(/).test(l.code),
    // Deleting the line is only safe when the call ends on it.
    suggest: (l) => (balanced(l.code) && /\)\s*;?\s*$/.test(l.code) ? '' : undefined),
  },
  {
    id: 'debugger',
    severity: 'warning',
    languages: [...JS, 'python'],
    message: 'A breakpoint left in: it stops the program wherever a debugger is attached (pdb waits for input). Remove it.',
    test: (l) => /^\s*debugger\s*;?\s*$|^\s*(import\s+i?pdb\s*;\s*)?i?pdb\.set_trace\(\)\s*;?\s*$|^\s*breakpoint\(\)\s*$/.test(l.code),
    suggest: () => '',
  },
  {
    id: 'empty-catch',
    severity: 'warning',
    languages: [...C_LIKE, 'python'],
    message:
      'Swallows every error silently: a failure here will look like success and be hard to trace. Catch the specific error you expect, or log it and rethrow.',
    test: (l) => {
      if (l.language !== 'python')
        return /\bcatch\s*(\([^)]*\))?\s*\{\s*\}|\.catch\(\s*\(\s*\w*\s*\)\s*=>\s*(\{\s*\}|undefined)\s*\)/.test(l.code);
      if (/^\s*except\b[^:]*:\s*pass\s*$/.test(l.code)) return true;
      return /^\s*except\b[^:]*:\s*$/.test(l.code) && /^\s*pass\s*$/.test(l.next?.code ?? '') ? 2 : false;
    },
  },
  {
    id: 'secret',
    severity: 'error',
    message:
      'Looks like a credential written into the code: anyone who can read the repository, and its history, can use it. Revoke it, then load it from the environment or a secret store.',
    test: (l) => l.hasSecret,
  },
  {
    id: 'todo',
    severity: 'info',
    message: 'A TODO added in this change: finish it here, or say what is left and link an issue so it is not forgotten.',
    test: (l) => l.language !== undefined && /\b(TODO|FIXME|XXX|HACK)\b/.test(l.comment),
  },
  {
    id: 'loose-equality',
    severity: 'warning',
    languages: JS,
    message: "`==` converts types before comparing (`'' == 0` is true). Use `===` (and `!==`), which compare without conversion.",
    test: (l) => LOOSE_EQUALITY.test(l.code) && !/(==|!=)\s*(null|undefined)\b|\b(null|undefined)\s*(==|!=)/.test(l.code),
    // Mechanical only when the raw line has the one operator the code has (none hiding in a string).
    suggest: (l) => {
      if (looseOperators(l.raw).length !== 1 || looseOperators(l.code).length !== 1) return undefined;
      return l.raw
        .trim()
        .replace(/([^=!<>])==(?!=)/, '$1===')
        .replace(/!=(?!=)/, '!==');
    },
  },
  {
    id: 'non-null-assertion',
    severity: 'info',
    languages: ['typescript', 'tsx'],
    sourceOnly: true,
    message:
      'A non-null assertion (`!`) on a call that returns undefined or null when nothing matches (`Map.get`, `find`, `pop`, `shift`, `at`, `querySelector`, `getElementById`, `closest`): a miss is hidden until a later line throws. Handle the missing case, or check first.',
    test: (l) => NULLABLE_CALL_ASSERTED.test(l.code) && !/\.has\(/.test(l.code),
  },
  {
    id: 'python-assert',
    severity: 'info',
    languages: ['python'],
    sourceOnly: true,
    message:
      '`assert` is stripped when Python runs with `-O`, so this check disappears in optimised runs. To validate input, raise an exception (`ValueError`, `TypeError`).',
    test: (l) => /^\s*assert\b/.test(l.code),
  },
  {
    id: 'unsafe-deserialization',
    severity: 'error',
    languages: ['python'],
    message:
      'Unpickling runs code chosen by whoever wrote the bytes. Use JSON or another data-only format for anything this process did not write itself.',
    test: (l) => /\b(c?pickle|dill|marshal)\.loads?\s*\(|\bshelve\.open\s*\(/.test(l.code),
  },
  {
    id: 'yaml-load',
    severity: 'error',
    languages: ['python'],
    message: '`yaml.load` without a safe loader can build arbitrary Python objects from the document. Use `yaml.safe_load`.',
    test: (l) => /\byaml\.load(_all)?\s*\(/.test(l.code) && !/Loader\s*=\s*(yaml\.)?C?SafeLoader\b/.test(l.code),
    // safe_load takes no Loader argument: with any other loader named, the fix is not mechanical.
    suggest: (l) => (/Loader\s*=/.test(l.code) ? undefined : l.raw.trim().replace(/\byaml\.load(_all)?\s*\(/g, 'yaml.safe_load$1(')),
  },
];
