import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findConfigSizeProblem, parseRepoConfig, REPO_CONFIG_FILE, type ParsedRepoConfig } from '../core/index.js';

/** The config in the working tree, as the App would read it from the default branch. */
export function readLocalConfig(root: string): ParsedRepoConfig {
  const file = path.join(root, REPO_CONFIG_FILE);
  if (!existsSync(file)) return parseRepoConfig(undefined);
  const tooLarge = findConfigSizeProblem(REPO_CONFIG_FILE, statSync(file).size, {});
  return tooLarge === undefined ? parseRepoConfig(readFileSync(file, 'utf8')) : { ok: false, problems: [tooLarge] };
}

/** Each problem on its own line, for a terminal: where, what, and the fix. */
export function renderLocalConfigProblems(problems: Extract<ParsedRepoConfig, { ok: false }>['problems']): string {
  return problems
    .map(
      (p) =>
        `${REPO_CONFIG_FILE}${p.line !== undefined ? ` line ${p.line}` : ''}${p.path ? ` (${p.path})` : ''}: ${p.message}. Fix: ${p.fix}\n`,
    )
    .join('');
}
