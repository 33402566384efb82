import type { Budget, BudgetLimit } from './budget.js';
import { LIMIT_WORDS } from './budget.js';

export interface BudgetWords {
  overrides: Partial<Budget>;
  focus: string[];
  /** The prompt with the budget words taken out. */
  prompt: string;
  /** Words that looked like budget words but could not be read, with why. */
  problems: string[];
}

// `key=value` with a known key; values like 30k, 520kb, 2m, 90s. A value is a plain word: `time="0.048"` (an
// attribute in pasted XML) or `files=[a, b]` is text that only looks alike.
const WORD = /(^|\s)(rounds|files|bytes|kb|budget|tokens|calls|time|memory|focus)=([^\s"'`<>()[\]{},;]+)(?=\s|$)/gi;

/**
 * Reads `budget=30k rounds=3 files=10 focus=src/auth` out of a prompt. Budget
 * words are the requester's own: they are read from the first line only (the
 * command line a mention or CLI call starts with), never from a bug report,
 * log or XML pasted below it, where `time=0.048` is part of the question.
 * Everything else stays in the prompt; a word whose value cannot be read
 * stays too, and is reported so the requester can fix it.
 */
export function parseBudgetWords(prompt: string): BudgetWords {
  const overrides: Partial<Budget> = {};
  const focus: string[] = [];
  const problems: string[] = [];
  const newline = prompt.indexOf('\n');
  const commandLine = newline === -1 ? prompt : prompt.slice(0, newline);
  const below = newline === -1 ? '' : prompt.slice(newline);
  const rest = commandLine.replace(WORD, (match, before: string, rawKey: string, value: string) => {
    const key = rawKey.toLowerCase();
    if (key === 'focus') {
      focus.push(...value.split(',').filter(Boolean));
      return before;
    }
    const limit = LIMIT_WORDS[key] as BudgetLimit;
    const amount = parseAmount(value, limit);
    if (amount === undefined) {
      problems.push(`${key}=${value} is not a positive amount (try ${key}=${example(limit)})`);
      return match;
    }
    overrides[limit] = amount;
    return before;
  });
  return { overrides, focus, prompt: keepShape(rest, below), problems };
}

/**
 * The question as written, but for the budget words: the command line's
 * spaces closed up, and the text below it kept line for line (trailing spaces
 * and blank runs trimmed), because a pasted traceback, log or code block is
 * read by its lines (frames, the innermost call, a title).
 */
export function keepShape(commandLine: string, below: string): string {
  const first = commandLine.replace(/\s+/g, ' ').trim();
  const lines = below
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''));
  const body = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
  if (first === '') return body;
  return body === '' ? first : `${first}\n${body}`;
}

function parseAmount(value: string, limit: BudgetLimit): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(k|kb|m|mb|s|ms)?$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  let amount: number;
  if (limit === 'wallMs') amount = unit === 'ms' ? n : unit === 'm' ? n * 60_000 : n * 1000;
  else if (limit === 'bytes')
    amount = unit === 'mb' || unit === 'm' ? n * 1024 * 1024 : n * 1024; // bytes are given in KB
  else amount = unit === 'k' || unit === 'kb' ? n * 1000 : unit === 'm' ? n * 1_000_000 : n;
  amount = Math.round(amount);
  return amount > 0 ? amount : undefined;
}

function example(limit: BudgetLimit): string {
  return { rounds: '3', files: '10', bytes: '256', contextTokens: '20k', modelCalls: '8', wallMs: '90s', memoryTokens: '2k' }[limit];
}
