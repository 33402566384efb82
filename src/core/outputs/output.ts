import type { ChangeResult } from '../changes/apply-change.js';
import type { DiagramGraph } from '../diagram/diagram-graph.js';
import type { AnswerDoc } from '../answer/answer-doc.js';
import type { PlacedComments } from '../review/place-comments.js';
import type { OfflineReview } from '../review/review-offline.js';
import type { ReviewFinding } from '../review/findings/review-finding.js';
import type { ReviewComment } from '../review/render-review.js';
import type { PlanDoc } from '../plan/plan-doc.js';

export interface DiagramOutput {
  title: string;
  graph: DiagramGraph;
  mermaid: string;
  omitted: { nodes: number; edges: number; groups: number };
  source: 'model' | 'offline';
}

/** The structured result of a command, before it is rendered (what `--json` prints). */
export type Output =
  | { kind: 'answer'; doc: AnswerDoc }
  | { kind: 'plan'; doc: PlanDoc; issueDraft: { title: string; body: string } }
  | {
      kind: 'review';
      review: OfflineReview;
      placed: PlacedComments;
      modelSummary: string | undefined;
      /** With a model: its findings that passed verification (rule `model`), at most review.maxComments. */
      modelFindings?: ReviewFinding[];
    }
  | { kind: 'diagram'; diagrams: DiagramOutput[]; notes: string[] }
  | { kind: 'changes'; results: ChangeResult[]; problems: string[]; plan: PlanDoc | undefined }
  | { kind: 'lookup'; command: 'find' | 'refs' | 'map'; argument: string; hits: number }
  | { kind: 'help' };

/** What a front posts: the comment body, inline review comments, and an issue it may open. */
export interface PostableComment {
  body: string;
  reviewComments: ReviewComment[];
  issueDraft: { title: string; body: string } | undefined;
}
