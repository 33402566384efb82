import type { z } from 'zod';

/** A place in a settings file: the keys and indexes from its root. */
export type ConfigPath = readonly PropertyKey[];

/** One thing wrong with a settings file: where (path and line), what, and how to fix it. */
export type ConfigProblem = { path: string; message: string; fix: string; line?: number };

/**
 * Zod issues in a person's words. `knownKeys` lists the keys allowed at a
 * path, so a misspelt key gets a "did you mean".
 */
export function toConfigProblems(
  issues: readonly z.core.$ZodIssue[],
  lineOf: (path: ConfigPath) => number | undefined,
  knownKeys: (path: ConfigPath) => string[] = () => [],
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        const known = knownKeys(issue.path);
        const near = findNearest(key, known);
        problems.push(
          at(path, lineOf, {
            message: `unknown setting ${JSON.stringify(key)}`,
            fix:
              near !== undefined
                ? `did you mean "${near}"? (keys are case-sensitive)`
                : known.length > 0
                  ? `remove it; the settings here are ${known.map((k) => `"${k}"`).join(', ')}`
                  : 'remove it',
          }),
        );
      }
      continue;
    }
    problems.push(at(issue.path, lineOf, describeIssue(issue)));
  }
  return problems;
}

function at(
  path: readonly PropertyKey[],
  lineOf: (path: ConfigPath) => number | undefined,
  text: { message: string; fix: string },
): ConfigProblem {
  const line = lineOf(path);
  return { path: formatPath(path), ...text, ...(line !== undefined ? { line } : {}) };
}

/** `['review', 'include', 2]` -> `review.include[2]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out === '' ? String(part) : `${out}.${String(part)}`),
    '',
  );
}

function describeIssue(issue: z.core.$ZodIssue): { message: string; fix: string } {
  const got = 'input' in issue ? describeValue(issue.input) : 'something else';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'boolean')
        return {
          message: `expected true or false, got ${got}`,
          fix: 'write true or false, without quotes (yes/no/on/off are read as text)',
        };
      if (issue.expected === 'array')
        return { message: `expected a list, got ${got}`, fix: 'write a list: one "- pattern" line per item, or [a, b] on one line' };
      if (issue.expected === 'object')
        return { message: `expected a group of settings, got ${got}`, fix: 'indent the settings under this key as "key: value" lines' };
      if (issue.expected === 'int')
        return { message: `expected a whole number, got ${got}`, fix: 'write a whole number without quotes or units' };
      return {
        message: `expected ${article(issue.expected)}, got ${got}`,
        fix: `write ${article(issue.expected)}${issue.expected === 'number' ? ' without quotes or units' : ''}`,
      };
    case 'too_small':
      if (issue.origin === 'array') return { message: 'the list is empty', fix: 'list at least one pattern ("**" means every file)' };
      if (issue.origin === 'string') return { message: 'the text is empty', fix: 'write a pattern, or delete the item' };
      return { message: `${got} is below the minimum ${String(issue.minimum)}`, fix: `use a number from ${String(issue.minimum)} up` };
    case 'too_big':
      return { message: `${got} is above the maximum ${String(issue.maximum)}`, fix: `use at most ${String(issue.maximum)}` };
    case 'invalid_value':
      return {
        message: `${got} is not one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`,
        fix: 'use one of the listed values',
      };
    default:
      return { message: issue.message, fix: 'see schema/nanodex.schema.json for what this setting accepts' };
  }
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a group of settings';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The known key a misspelling most likely meant: same letters ignoring case, `_` and `-`, or two edits away. */
function findNearest(key: string, known: string[]): string | undefined {
  const squash = (s: string): string => s.toLowerCase().replace(/[-_]/g, '');
  const exact = known.find((k) => squash(k) === squash(key));
  if (exact !== undefined) return exact;
  const scored = known.map((k) => ({ k, d: editDistance(squash(k), squash(key)) })).sort((a, b) => a.d - b.d);
  return scored[0] !== undefined && scored[0].d <= 2 ? scored[0].k : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
