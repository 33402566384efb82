import { redactSecrets } from '../core/secrets/redact-secrets.js';
import type { GitHubClient, RepoCoords } from '../github/github-client.js';

/**
 * Opens the plan as its own issue (the draft's body carries the task list)
 * and links back to the conversation it came from. Title and body are
 * redacted here, the last step before they leave.
 */
export async function openTrackedIssue(
  client: GitHubClient,
  coords: RepoCoords,
  input: { title: string; body: string; fromIssue: number },
): Promise<{ number: number; url: string }> {
  const { data } = await client.request('POST /repos/{owner}/{repo}/issues', {
    owner: coords.owner,
    repo: coords.repo,
    title: await redactSecrets(input.title),
    body: await redactSecrets(`${input.body}\n\n---\nPlanned in #${input.fromIssue}.`),
  });
  return { number: data.number, url: data.html_url };
}
