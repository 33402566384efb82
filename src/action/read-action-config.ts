import { readFileSync } from 'node:fs';
import { parseRepoConfig, renderConfigProblems, type RepoConfig } from '../core/config/repo-config.js';
import { NanodexError } from '../core/errors.js';
import { resolveInsideRoot } from '../core/repo/repo-path.js';

/**
 * The repository's config from the checkout (`config-path`), parsed once.
 * An absent file means the defaults; an invalid one stops the run with
 * every problem listed, as the App would reply with them.
 */
export function readActionConfig(workspace: string, configPath: string): RepoConfig {
  const file = resolveInsideRoot(workspace, configPath).absolute;
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (!isNotFound(error)) throw new NanodexError('config-unreadable', `could not read ${configPath}`, { cause: error });
    text = undefined;
  }
  const parsed = parseRepoConfig(text, configPath);
  if (!parsed.ok) {
    throw new NanodexError('config-invalid', renderConfigProblems(parsed.problems, configPath), {
      hint: `correct ${configPath} (the problems are listed above) and run again`,
    });
  }
  return parsed.config;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
