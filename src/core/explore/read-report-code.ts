/**
 * What a bug report's reproduction code and tool output point at, beside its
 * prose: the names the code calls, the modules its import lines name, and the
 * check, rule or option names (`unused-variable`) and codes (`W0612`) it
 * quotes. Reports pasted as questions are mostly code; these are the parts of
 * it that name the repository's own code.
 */

export interface ReportCode {
  /** Bare names the code calls (`simplify(x)`, `m.rank()` -> `simplify`, `rank`), first appearance first. */
  calls: string[];
  /** The subset of `calls` written in the first line (a report's title). */
  titleCalls: string[];
  /** Dotted modules its import lines name (`from pkg.sub.mod import x` -> `pkg.sub.mod`); top-level packages left out. */
  modules: string[];
  /** Hyphenated names (`unused-variable`, `--max-line-length` -> `max-line-length`) and codes (`W0612`) it quotes. */
  quotedNames: string[];
  /** The subset of `quotedNames` in the first line (a report's title). */
  titleNames: string[];
  /**
   * Capitalised words of the title's first sentence past its first word (`Subs in Subs returns incorrect results` ->
   * `Subs`): class names when the repository defines them so.
   */
  titleWords: string[];
}

/** Words that look like calls in code but are the language's own. */
const NOT_CALLS = new Set([
  'if',
  'elif',
  'while',
  'for',
  'return',
  'and',
  'or',
  'not',
  'in',
  'is',
  'print',
  'assert',
  'lambda',
  'yield',
  'await',
  'super',
  'len',
  'str',
  'int',
  'float',
  'list',
  'dict',
  'set',
  'tuple',
  'range',
  'type',
  'isinstance',
  'function',
  'typeof',
  'require',
  'catch',
  'switch',
]);

/** A line of code: in a fenced block, or an interactive prompt (`>>> `, `In [3]: `). */
const PROMPT_LINE = /^\s*(>>>|\.\.\.|In \[\d+\]:)\s?/;

/** Directives that switch checks off (`# pylint: disable=a-b`, `# noqa: E501`, `eslint-disable-next-line x`): what a report is not about. */
const DISABLE_DIRECTIVE = /\b(disable|enable|ignore|noqa)\b[\w-]*\s*[=:]?.*$/i;

/** A check or option name: lowercase words joined by hyphens, quoted, in parentheses or brackets, after `--`, or bare (three words or more). */
const HYPHENATED = /(^|[\s`'"([])(?:--)?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=$|[\s`'")\],.:;!?])/g;
/** A message or error code: one to three capitals and three or four digits (`W0612`, `E501`, `TS2345`). */
const CODE = /\b([A-Z]{1,3}\d{3,4})\b/g;

/**
 * A command typed at a shell prompt (`$ black --target-version py311 --diff file.py`): how the reporter ran the tool,
 * so the options on it are their setup, not what the report is about, unless the report names them elsewhere too.
 */
const SHELL_PROMPT = /^\s*\$\s+\S/;

/** Fenced blocks of configuration (```ini, ```toml, ...): the reporter's setup, not what the report is about. */
const CONFIG_FENCE = /^\s*(```|~~~)\s*(ini|toml|cfg|conf|yaml|yml|json|jsonc|properties|dotenv|env)\b/i;

export interface ReportLine {
  text: string;
  kind: 'prose' | 'code' | 'config';
}

/** The question's lines as prose, code (fenced or at an interactive prompt) or configuration; fence lines left out. */
export function splitReportLines(question: string): ReportLine[] {
  const lines: ReportLine[] = [];
  let fence: 'code' | 'config' | undefined;
  for (const text of question.split('\n')) {
    if (/^\s*(```|~~~)/.test(text)) {
      fence = fence ? undefined : CONFIG_FENCE.test(text) ? 'config' : 'code';
      continue;
    }
    if (fence) lines.push({ text, kind: fence });
    else if (PROMPT_LINE.test(text)) lines.push({ text: text.replace(PROMPT_LINE, ''), kind: 'code' });
    else lines.push({ text, kind: 'prose' });
  }
  return lines;
}

/** The lines of the question that are code (fenced or at a prompt), in order. */
export function findCodeLines(question: string): string[] {
  return splitReportLines(question)
    .filter((l) => l.kind === 'code')
    .map((l) => l.text);
}

/** Names written as calls in a line of code (`f(x).subs(x, 0)` -> `f`, `subs`), however nested. */
function findCalls(line: string): string[] {
  return [...line.matchAll(/(?<![\w$])([A-Za-z_$][\w$]*)\(/g)]
    .map((m) => m[1]!)
    .filter((name) => name.length > 2 && !NOT_CALLS.has(name) && !/^(def|class|function)$/.test(name));
}

export function readReportCode(question: string): ReportCode {
  const code = findCodeLines(question);
  const calls = new Set<string>();
  const defined = new Set<string>();
  const modules = new Set<string>();
  for (const line of code) {
    // Names the snippet defines itself (`def name1(`, `class A(`, `f = ...`) are the user's, not the repository's.
    for (const m of line.matchAll(/\b(?:def|class|function)\s+([A-Za-z_$][\w$]*)/g)) defined.add(m[1]!);
    for (const name of findCalls(line)) calls.add(name);
    const from = /^\s*from\s+([A-Za-z_][\w.]*)\s+import\s+(.+)$/.exec(line);
    const plain = /^\s*import\s+([A-Za-z_][\w.]*)/.exec(line);
    const module = from?.[1] ?? plain?.[1];
    if (module && module.includes('.') && !module.startsWith('.')) modules.add(module);
  }
  // A title is prose, but a call written in it (`limit(sign(x), x, 0)`) is what the report is about.
  const titleCalls = findCalls(question.split('\n', 1)[0] ?? '').filter((n) => !defined.has(n));
  for (const name of defined) calls.delete(name);

  const quoted = new Set<string>();
  const title = new Set<string>();
  // Bare names of three words or more (`dangerous-default-value`) only in a report with code: in a commit
  // message they are prose ("hop-by-hop").
  const bareToo = code.length > 0;
  for (const [i, line] of splitReportLines(question).entries()) {
    // A command line's options count only when another line (the title, the prose, the output) names them too.
    if (line.kind === 'config' || (i > 0 && SHELL_PROMPT.test(line.text))) continue;
    // A URL's path is not a name (`/pull/8674#issuecomment`).
    const text = line.text.replace(DISABLE_DIRECTIVE, '').replace(/\bhttps?:\/\/\S+/g, ' ');
    const found = [
      ...[...text.matchAll(HYPHENATED)]
        .filter((m) => /[`'"([]/.test(m[1]!) || m[0].includes('--') || (bareToo && m[2]!.split('-').length > 2))
        .map((m) => m[2]!),
      ...[...text.matchAll(CODE)].map((m) => m[1]!),
    ];
    for (const name of found) {
      quoted.add(name);
      if (i === 0) title.add(name);
    }
  }
  return {
    calls: [...new Set([...titleCalls, ...calls])],
    titleCalls,
    modules: [...modules],
    quotedNames: [...quoted],
    titleNames: [...title],
    titleWords: findTitleWords(question.split('\n', 1)[0] ?? ''),
  };
}

/** Capitalised words of a title's first sentence, its first word left out (every title starts with a capital). */
function findTitleWords(title: string): string[] {
  const sentence = title.split(/[.!?]\s/, 1)[0] ?? '';
  const words = [...sentence.matchAll(/(?<![\w.])([A-Z][a-z]{2,})\b/g)].filter((m) => m.index > 0).map((m) => m[1]!);
  return [...new Set(words)];
}

/** A Markdown heading or a bold label alone on its line (`### Steps to reproduce`, `**Expected behavior**`). */
const TEMPLATE_HEADING = /^\s{0,3}(#{1,6}\s+\S.*|\*\*[^*\n]{1,60}\*\*:?)\s*$/;
/** A line listing a tool's version (`pylint 2.15.6`, `Python 3.10.8 (main, ...)`, `numpy==1.26.0`). */
const VERSION_LINE =
  /^\s*(?:[-*]\s*)?[A-Za-z][\w.-]*(?:\s+version)?(?:\s*(?::|==)\s*|\s+)v?\d+\.\d+\.\d+|^\s*(?:[-*]\s*)?[A-Za-z][\w.-]*==\d/i;

/**
 * The question without what an issue template and the environment put in
 * every report (headings such as "Steps to reproduce" or "Expected
 * behavior", tool version lines): words each report of a project shares,
 * which pull the files about configuration and output to the top. The first
 * line (a report's title) is kept whatever it is.
 */
export function dropTemplateLines(question: string): string {
  const lines = question.split('\n');
  return [lines[0] ?? '', ...lines.slice(1).filter((l) => !TEMPLATE_HEADING.test(l) && !VERSION_LINE.test(l))].join('\n');
}

/** A Python traceback's frame line: `File "/site-packages/pkg/checkers/typecheck.py", line 876, in visit_attribute`. */
const FRAME_FILE = /^\s*File "([^"]+\.py)", line \d+/;

/**
 * The files of each pasted Python traceback's frames, innermost first, one list per trace (a report may paste
 * several: "During handling of the above exception, another exception occurred").
 */
export function findTraceFiles(question: string): string[][] {
  const traces: string[][] = [];
  let current: string[] | undefined;
  for (const line of question.split('\n')) {
    if (/Traceback \(most recent call last\)/.test(line)) {
      current = [];
      traces.push(current);
      continue;
    }
    const frame = FRAME_FILE.exec(line);
    if (!frame) continue;
    if (!current) {
      current = [];
      traces.push(current);
    }
    current.unshift(frame[1]!.replace(/\\/g, '/'));
  }
  return traces.filter((t) => t.length > 0);
}
