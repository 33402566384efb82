/** Whether --repo names a GitHub repository by URL rather than a local folder. */
export function isRepoUrl(repo: string): boolean {
  return /^https?:\/\//i.test(repo) || /^github\.com\//i.test(repo);
}
