import escapeStringRegexp from 'escape-string-regexp';
import { findLanguage } from '../code-index/languages.js';
import { parseFile } from '../code-index/parse-file.js';
import { isTestFile } from '../repo/is-test-file.js';
import type { DiffFile } from './parse-diff.js';
import type { ReviewDraft } from './review-draft.js';
import { splitCodeLine } from './split-code-line.js';

const JS = new Set(['javascript', 'typescript', 'tsx']);

const EXIT_MESSAGE =
  '`__exit__` returns True on every path and never looks at the exception: every exception raised inside the `with` block is swallowed and lost. Return True only for the exceptions you mean to suppress (or record the exception), and let the rest propagate.';
const LISTENER_MESSAGE =
  'A listener added here is never removed in this file: each call adds another, and the target keeps the handler (and what it closes over) alive. Remove it when done (`removeEventListener` with the same function, `{ once: true }`, or an `AbortSignal` via `signal`).';
const TIMER_MESSAGE =
  'An interval started here is never cleared in this file: it runs until the process exits and keeps it alive. Keep the id and `clearInterval` it when the owner is done.';
const PROCESS_MESSAGE =
  'A `process` listener added here is never removed in this file: a library that adds one per call leaks listeners (Node warns past 10). Remove it when done, or use `process.once`.';

/**
 * Rules that need more than one line: the whole head file, or a function
 * parsed from it. Each fires only where the change added lines, and quotes
 * an added line so the comment can be placed.
 * - python `__exit__`/`__aexit__` that returns True on every path and never
 *   reads the exception (swallows every error);
 * - JS/TS `addEventListener` without `once` or `signal`, `setInterval`, or
 *   `process.on` added with no removal anywhere in the file.
 */
export async function findStructuralRisks(file: DiffFile, head: string): Promise<ReviewDraft[]> {
  const language = findLanguage(file.path);
  if (!language || isTestFile(file.path)) return [];
  const added = file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add'));
  if (added.length === 0) return [];
  if (language === 'python') return findSwallowingExit(file, head, new Set(added.map((l) => l.newLine!)));
  if (JS.has(language)) return findLeakedListeners(file, head, added);
  return [];
}

async function findSwallowingExit(file: DiffFile, head: string, addedLines: Set<number>): Promise<ReviewDraft[]> {
  if (!/__a?exit__/.test(head)) return [];
  const parsed = await parseFile(file.path, new TextEncoder().encode(head));
  const lines = head.split('\n');
  const drafts: ReviewDraft[] = [];
  for (const s of parsed.symbols) {
    if (s.kind !== 'method' || (s.name !== '__exit__' && s.name !== '__aexit__')) continue;
    const range = Array.from({ length: s.endLine - s.startLine + 1 }, (_, i) => s.startLine + i);
    if (!range.some((n) => addedLines.has(n))) continue;
    // The body: lines after the signature's closing `):` (a signature may span lines), code only.
    const bodyStart = range.findIndex((n) => /\)\s*(->[^:]*)?:\s*(#.*)?$/.test(lines[n - 1] ?? ''));
    if (bodyStart < 0) continue;
    const header = range
      .slice(0, bodyStart + 1)
      .map((n) => lines[n - 1] ?? '')
      .join(' ');
    const params = /\(([^)]*)\)/
      .exec(header)?.[1]
      ?.split(',')
      .map((p) => p.split(/[:=]/)[0]!.replace(/^\*+/, '').trim())
      .filter(Boolean);
    if (!params || params.length < 3) continue;
    const exceptionParams = params.slice(1);
    const body = range
      .slice(bodyStart + 1)
      .map((n) => ({ n, code: splitCodeLine(lines[n - 1] ?? '', file.path).code }))
      .filter((l) => l.code.trim() !== '');
    if (body.length === 0) continue;
    const returns = body.filter((l) => /^\s*return\b/.test(l.code));
    const last = body.at(-1)!;
    const indent = (text: string) => /^\s*/.exec(text)![0].length;
    const alwaysTrue =
      returns.length > 0 &&
      returns.every((l) => /^\s*return\s+True\s*$/.test(l.code)) &&
      /^\s*return\s+True\s*$/.test(last.code) &&
      indent(last.code) === indent(body[0]!.code);
    const readsException = body.some((l) => exceptionParams.some((p) => new RegExp(`\\b${escapeStringRegexp(p)}\\b`).test(l.code)));
    if (!alwaysTrue || readsException) continue;
    const quoteLine = addedLines.has(last.n) ? last.n : addedLines.has(s.startLine) ? s.startLine : range.find((n) => addedLines.has(n))!;
    drafts.push({
      path: file.path,
      quote: lines[quoteLine - 1]!.trim(),
      body: EXIT_MESSAGE,
      kind: 'risk:exit-swallows',
      severity: 'warning',
    });
  }
  return drafts;
}

function findLeakedListeners(file: DiffFile, head: string, added: { text: string }[]): ReviewDraft[] {
  const headCode = head
    .split('\n')
    .map((l) => splitCodeLine(l, file.path).code)
    .join('\n');
  const drafts: ReviewDraft[] = [];
  const seen = new Set<string>();
  for (const line of added) {
    const { code } = splitCodeLine(line.text, file.path);
    const push = (message: string, kind: string) => {
      const quote = line.text.trim();
      if (seen.has(quote)) return;
      seen.add(quote);
      drafts.push({ path: file.path, quote, body: message, kind, severity: 'warning' });
    };
    // splitCodeLine empties strings, so the event name is read from the raw line.
    const listener = /\baddEventListener\s*\(\s*(['"`])([\w:-]+)\1/.exec(line.text);
    if (listener && /\baddEventListener\s*\(/.test(code) && !/\bonce\s*:\s*true\b|\bsignal\s*[:,}]/.test(line.text)) {
      const event = listener[2]!;
      if (!new RegExp(`\\bremoveEventListener\\s*\\(\\s*(['"\`])${escapeStringRegexp(event)}\\1`).test(head))
        push(LISTENER_MESSAGE, 'risk:listener-leak');
    }
    if (/\bsetInterval\s*\(/.test(code) && !/\bclearInterval\s*\(/.test(headCode)) push(TIMER_MESSAGE, 'risk:listener-leak');
    if (/\bprocess\.(on|addListener)\s*\(/.test(code) && !/\bprocess\.(off|removeListener|removeAllListeners)\s*\(/.test(headCode)) {
      push(PROCESS_MESSAGE, 'risk:listener-leak');
    }
  }
  return drafts;
}
