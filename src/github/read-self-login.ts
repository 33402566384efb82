import type { Logger } from '../core/index.js';
import type { GitHubClient } from './github-client.js';
import { statusOf } from './status-of.js';

/** Who comments made with the workflow's GITHUB_TOKEN are by. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';
/** Token prefixes of a person's tokens (classic and fine-grained PATs, OAuth and user-to-server tokens): they comment as that person. */
const USER_TOKEN = /^(ghp_|github_pat_|gho_|ghu_)/;

/**
 * The login nanodex's own comments carry, so it finds its earlier replies and
 * review state and never answers itself. A person's token comments as that
 * person (`GET /user`); the workflow's token (and anything that cannot be
 * asked) as github-actions[bot].
 */
export async function readSelfLogin(client: GitHubClient, token: string, logger: Logger): Promise<string> {
  if (!USER_TOKEN.test(token)) return ACTIONS_BOT_LOGIN;
  try {
    const { data } = await client.request('GET /user');
    return data.login;
  } catch (error) {
    logger.warn("could not read the token's user; taking nanodex's comments to be github-actions[bot]'s", {
      status: statusOf(error),
    });
    return ACTIONS_BOT_LOGIN;
  }
}
