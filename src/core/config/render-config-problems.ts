import { code, escapeText, plural } from '../render/markdown.js';
import { sanitizeModelText } from '../render/sanitize-model-text.js';
import type { ConfigProblem } from './to-config-problems.js';

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
  for (const problem of problems) {
    const where = [problem.path === '' ? undefined : code(problem.path), problem.line === undefined ? undefined : `line ${problem.line}`]
      .filter((part) => part !== undefined).join(', ');
    lines.push(`- ${where === '' ? '' : `${where}: `}${safe(problem.message)}. Fix: ${safe(problem.fix)}.`);
  }
  lines.push('', '<sub>Every setting, its default and its range: `schema/nanodex.schema.json` in the nanodex repository.</sub>');
  return lines.join('\n');
}

function safe(text: string): string {
  return sanitizeModelText(escapeText(text.replace(/\.$/, ''))).text;
}
