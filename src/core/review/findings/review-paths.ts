import ignore, { type Ignore } from 'ignore';
import type { ReviewSettings } from '../../config/repo-config.js';

type PathEntry = ReviewSettings['paths'][number];

const matchers = new WeakMap<PathEntry, Ignore>();

/** Whether a `review.paths[]` entry's gitignore-style pattern matches a repository path. */
function matchesEntry(entry: PathEntry, path: string): boolean {
  let matcher = matchers.get(entry);
  if (!matcher) {
    matcher = ignore().add(entry.path);
    matchers.set(entry, matcher);
  }
  return matcher.ignores(path);
}

/** A rule as config names it: `no-debugger` and `rule:no-debugger` are the same rule. */
function sameRule(listed: string, id: string): boolean {
  return listed === id || listed === `rule:${id}` || `rule:${listed}` === id;
}

/**
 * Whether a rule runs on a file: its default, then `review.rules`, then
 * each `review.paths[]` entry whose pattern matches the file, in order (a
 * later entry wins); within one list, `disable` wins over `enable`. Rule ids
 * are the finding's `rule` with or without its `rule:` prefix.
 */
export function isRuleOn(id: string, path: string, settings: ReviewSettings | undefined, offByDefault = false): boolean {
  let on = !offByDefault;
  const apply = (switches: ReviewSettings['rules']) => {
    if (switches.enable.some((listed) => sameRule(listed, id))) on = true;
    if (switches.disable.some((listed) => sameRule(listed, id))) on = false;
  };
  if (settings === undefined) return on;
  apply(settings.rules);
  for (const entry of settings.paths) if (matchesEntry(entry, path)) apply(entry.rules);
  return on;
}

/** The `review.paths[].instructions` for a file, in the order the entries are written. */
export function findPathInstructions(path: string, settings: ReviewSettings | undefined): string[] {
  if (settings === undefined) return [];
  return settings.paths
    .filter((entry) => entry.instructions !== undefined && entry.instructions.trim() !== '' && matchesEntry(entry, path))
    .map((entry) => entry.instructions!.trim());
}
