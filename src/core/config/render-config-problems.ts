import { code, escapeText, plural } from '../render/markdown.js';
import { sanitizeModelText } from '../render/sanitize-model-text.js';
import type { ConfigProblem } from './to-config-problems.js';

/**
 * Problems listed in one reply: enough to fix a file in one pass, and with
 * MAX_FIELD_CHARS per field far under GitHub's 65,536-character comment
 * limit (a file of a thousand unknown keys once rendered past it, found by
 * npm run fuzz, and the reply could not be posted).
 */
const MAX_SHOWN_PROBLEMS = 30;
/** Paths and messages quote keys and values from the file, which may be any length. */
const MAX_FIELD_CHARS = 300;

/**
 * The reply a front posts when a repository's settings do not parse: every
 * problem with where it is, what is wrong and how to fix it. Values quoted
 * from the file are escaped and cannot mention anyone.
 */
export function renderConfigProblems(problems: ConfigProblem[], file: string): string {
  const lines = [
    `**nanodex cannot use ${code(file)}**: ${plural(problems.length, 'problem')} to fix. Nothing was run; fix the file on the default branch and ask again.`,
    '',
  ];
  for (const problem of problems.slice(0, MAX_SHOWN_PROBLEMS)) {
    const where = [
      problem.path === '' ? undefined : code(clip(problem.path)),
      problem.line === undefined ? undefined : `line ${problem.line}`,
    ]
      .filter((part) => part !== undefined)
      .join(', ');
    lines.push(`- ${where === '' ? '' : `${where}: `}${safe(problem.message)}. Fix: ${safe(problem.fix)}.`);
  }
  const more = problems.length - MAX_SHOWN_PROBLEMS;
  if (more > 0) lines.push(`- …and ${plural(more, 'more problem')}; fix these and ask again to see them.`);
  lines.push('', '<sub>Every setting, its default and its range: `schema/nanodex.schema.json` in the nanodex repository.</sub>');
  return lines.join('\n');
}

function safe(text: string): string {
  return sanitizeModelText(escapeText(clip(text).replace(/\.$/, ''))).text;
}

function clip(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS - 1)}…` : text;
}
