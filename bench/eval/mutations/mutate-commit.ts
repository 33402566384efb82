import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setGoModule } from './bindings-go.js';
import { parseChangedLines } from './changed-lines.js';
import { checkout, git } from './git.js';
import { injectMutation, type Mutation, type MutationKind } from './inject-mutation.js';
import { RepoScan } from './repo-scan.js';
import { readSourceFiles, type Language } from './source-file.js';

/** A break committed on top of a real commit, and the checks that it is what the benchmark says it is. */
export interface MutatedHead {
  mutation: Omit<Mutation, 'text'>;
  head: string;
  checks: {
    /** The reviewed diff (parent..head) shows the break: the changed signature added, or the definition removed. */
    breakInDiff: boolean;
    /** Every expected site names the definition at the head (`path:line` of those that do not). */
    sitesMissing: string[];
  };
}

export interface MutatedCommit {
  heads: MutatedHead[];
  skipped: Array<{ kind: MutationKind; reason: string }>;
}

/**
 * For each kind, one break injected on top of `sha` in the clone `dir` and
 * committed (fixed author and date), chosen from the commit's own files with
 * `seed`. Sites on lines the reviewed diff adds are not required (the rule
 * looks at callers outside the diff). Leaves `sha` checked out.
 */
export function mutateCommit(
  dir: string,
  sha: string,
  language: Language,
  options: { seed: string; kinds: readonly MutationKind[] },
): MutatedCommit {
  checkout(dir, sha);
  const files = git(dir, 'ls-files', '-z').split('\0').filter(Boolean);
  const scan = new RepoScan(readSourceFiles(dir, files, language));
  if (language === 'go')
    setGoModule(scan, existsSync(path.join(dir, 'go.mod')) ? readFileSync(path.join(dir, 'go.mod'), 'utf8') : undefined);
  const { touched } = parseChangedLines(git(dir, 'diff', '-U0', '--no-color', '--no-renames', `${sha}^`, sha));
  const result: MutatedCommit = { heads: [], skipped: [] };
  for (const kind of options.kinds) {
    const injected = injectMutation(scan, kind, { seed: `${options.seed}:${sha}`, changed: touched });
    if ('skipped' in injected) {
      result.skipped.push({ kind, reason: injected.skipped });
      continue;
    }
    const { text, ...mutation } = injected;
    writeFileSync(path.join(dir, mutation.path), text);
    git(dir, 'commit', '--quiet', '--all', '--no-verify', '-m', `eval: ${kind} ${mutation.name} (${mutation.path})`);
    const head = git(dir, 'rev-parse', 'HEAD').trim();
    const { added } = parseChangedLines(git(dir, 'diff', '-U0', '--no-color', '--no-renames', `${sha}^`, head));
    for (const site of mutation.expected) {
      if (site.required && site.lines.every((l) => added.get(site.path)?.has(l))) {
        site.required = false;
        site.what += ', on a line the diff adds';
      }
    }
    result.heads.push({ mutation, head, checks: checkMutation(dir, sha, head, mutation, scan.byPath.get(mutation.path)!.text) });
    checkout(dir, sha);
  }
  return result;
}

function checkMutation(dir: string, sha: string, head: string, mutation: Omit<Mutation, 'text'>, before: string): MutatedHead['checks'] {
  const reviewed = git(dir, 'diff', '--no-color', '--no-renames', `${sha}^`, head).split('\n');
  const definitionLine = before.split('\n')[mutation.line - 1]!;
  const breakInDiff =
    mutation.breakLine === undefined
      ? git(dir, 'diff', '--no-color', sha, head).split('\n').includes(`-${definitionLine}`) && reviewed.includes(`-${definitionLine}`)
      : reviewed.includes(`+${mutation.breakLine}`);
  const sitesMissing: string[] = [];
  const texts = new Map<string, string[]>();
  for (const site of mutation.expected) {
    if (!texts.has(site.path)) texts.set(site.path, git(dir, 'show', `${head}:${site.path}`).split('\n'));
    const lines = texts.get(site.path)!;
    if (!site.lines.some((l) => lines[l - 1]?.includes(mutation.name))) sitesMissing.push(`${site.path}:${site.lines.join(',')}`);
  }
  return { breakInDiff, sitesMissing };
}
