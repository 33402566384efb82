import type { ReviewOutcome } from './review-pull-request.js';

/** The reply to `@nanodex review` on a pull request: the review itself is posted as a review; this points to it. */
export function renderReviewOutcome(reviewed: ReviewOutcome, headSha: string): string {
  switch (reviewed.outcome) {
    case 'reviewed':
      return `Review posted${reviewed.url ? `: ${reviewed.url}` : '.'}`;
    case 'up-to-date':
      return `This pull request is already reviewed up to \`${headSha.slice(0, 12)}\`; push new commits for another review.`;
    case 'skipped':
      return 'Nothing to review: no changed file matches the review paths in `.github/nanodex.yml`.';
    case 'failed':
      return `nanodex could not finish the review; the review summary comment says why${reviewed.url ? `: ${reviewed.url}` : '.'}`;
  }
}
