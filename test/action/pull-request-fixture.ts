import type { PullRequestPayload } from '../../src/action/read-action-event.js';
import { makeTempRepo } from '../helpers/temp-repo.js';
import { examplePayload, OWNER, REPO, SAMPLE_FILES } from './action-harness.js';
import { FakeGitHub } from './fake-github.js';

/** What the pull requests in these tests change: src/greet.ts gains a guard. */
export const CHANGED_GREET =
  "export function greet(name: string): string {\n  if (name === '') {\n    throw new Error('no name');\n  }\n  return `hello ${name}`;\n}\n";
export const DIFF = [
  'diff --git a/src/greet.ts b/src/greet.ts',
  'index 3b18e51..9c2f0a1 100644',
  '--- a/src/greet.ts',
  '+++ b/src/greet.ts',
  '@@ -1,3 +1,6 @@',
  ' export function greet(name: string): string {',
  "+  if (name === '') {",
  "+    throw new Error('no name');",
  '+  }',
  '   return `hello ${name}`;',
  ' }',
  '',
].join('\n');

/** The route the default branch's config and skills are read through. */
export const CONTENTS = 'GET /repos/{owner}/{repo}/contents/{path}';

export function pullRequestPayload(edit: (payload: PullRequestPayload) => void = () => undefined): PullRequestPayload {
  return examplePayload<PullRequestPayload>('pull_request', 'opened', edit);
}

/** The checkout a pull_request run gets: the change applied, plus whatever else the pull request brings. */
export const prCheckout = (extra: Record<string, string> = {}) =>
  makeTempRepo({ ...SAMPLE_FILES, 'src/greet.ts': CHANGED_GREET, ...extra }, { git: true });

/** GitHub with the pull request's diff, and the pull request itself for `GET /pulls/{n}` in JSON. */
export function githubWithDiff(): FakeGitHub {
  const github = new FakeGitHub({ owner: OWNER, repo: REPO });
  github.diff = DIFF;
  const { pull_request: pr } = pullRequestPayload();
  github.pulls.set(pr.number, pr);
  return github;
}
