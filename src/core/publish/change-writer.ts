/**
 * Where approved changes are written: a new branch with one commit, and a
 * pull request from it. The front provides it (the GitHub App or the Action,
 * through the Git Data API); nothing ever writes to the default branch.
 */
export interface ChangeWriter {
  /** The default branch and the commit it points at now. */
  readDefaultBranch(): Promise<{ name: string; sha: string }>;
  /** A file's text at a commit; undefined when the path holds no file there. */
  readFile(path: string, commitSha: string): Promise<string | undefined>;
  /** The open pull request from `branch`, if there is one: an apply that runs again points to it. */
  findPullRequest(branch: string): Promise<{ number: number; url: string } | undefined>;
  /**
   * Creates `branch` (always under `nanodex/`) at one new commit whose parent is `baseSha`:
   * each file written with its content, or deleted (null). Fails when the branch exists.
   */
  commitToNewBranch(input: {
    branch: string;
    baseSha: string;
    message: string;
    files: { path: string; content: string | null }[];
  }): Promise<{ commitSha: string }>;
  openPullRequest(input: { branch: string; base: string; title: string; body: string }): Promise<{ number: number; url: string }>;
}
