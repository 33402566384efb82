import type { ActionEvent } from './read-action-event.js';

/**
 * The ref the config and the repository's skills must come from when the
 * checkout cannot be trusted with them: the default branch, for a pull
 * request's events (`pull_request` checks out the merge commit, and a
 * `pull_request_target` or comment workflow may check out the head), since
 * a pull request could otherwise turn off its own review, widen access, or
 * bring the skill that reviews it. Undefined for `workflow_dispatch`,
 * `schedule`, `push` and a comment on an issue: their checkout is the
 * workflow's own ref, which someone with write access chose.
 */
export function findTrustedRef(event: ActionEvent): string | undefined {
  switch (event.name) {
    case 'pull_request':
    case 'pull_request_target':
      return event.payload.repository.default_branch;
    case 'issue_comment':
      return event.payload.issue.pull_request ? event.payload.repository.default_branch : undefined;
    default:
      return undefined;
  }
}
