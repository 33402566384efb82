/** How much reviewing a change asks for, 1 (a glance) to 5 (set an afternoon aside), and why (estimateReviewEffort). */
export interface ReviewEffort {
  score: 1 | 2 | 3 | 4 | 5;
  /** Short phrases with their figures, biggest contribution first: `412 lines changed in 9 files across 4 folders`. */
  reasons: string[];
}
