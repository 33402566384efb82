/** The contracts of the exploration pipeline (seed 004, adapted to nanodex). */

export type QuestionKind = 'definition' | 'usage' | 'flow' | 'change' | 'architecture';
export type DiagramType = 'architecture' | 'component' | 'dependency' | 'erd';

export type Operation =
  | { kind: 'head'; path: string; maxLines: number }
  /**
   * `optional`: a candidate's matching chunk, skipped (as a search hit is) when it does not fit the budget;
   * `focus`: the question, to keep only the part of a long chunk where its words are (find-focus-window.ts).
   */
  | {
      kind: 'chunk';
      path: string;
      startLine: number;
      endLine: number;
      reason?: string;
      relevance?: number;
      optional?: boolean;
      focus?: string;
      /** How many lines of a long chunk `focus` keeps (find-focus-window.ts's FOCUS_LINES when absent). */
      focusLines?: number;
      /** Read because a named definition leads here (its caller, its callee, a field's use): the answer's flow. */
      flow?: boolean;
    }
  | { kind: 'search'; query: string; scope?: string }
  /** `focus`: the question, to keep the part of a definition longer than a snippet where its words are. */
  | {
      kind: 'definition';
      symbol: string;
      focus?: string;
      /** A class whose methods a `matching-definitions` read picks: only its first lines (header, docstring). */
      headOnly?: boolean;
    }
  /**
   * A question that names no code: the definitions of these files whose bodies hold the most of its words
   * (find-matching-definitions.ts), read and followed as named ones, never said to be named; or, `within` a class
   * the question names, the methods its other words point at.
   */
  | {
      kind: 'matching-definitions';
      paths: string[];
      words: string[];
      focus: string;
      /** Only the methods of this class (named by the question), matched by its other words. */
      within?: string;
    }
  | { kind: 'references'; symbol: string }
  /**
   * What the definition at this place calls through an attribute (`self._hookexec(…)`): the definitions stored
   * there, where the index and the source can tell (find-stored-callees.ts), read as the flow.
   */
  | { kind: 'stored-callees'; symbol: string; path: string; startLine: number; focus?: string }
  | { kind: 'map'; focus?: string[]; tokens?: number };

export type OperationKind = Operation['kind'];

export interface Candidate {
  path: string;
  reason: string;
  priority: number;
  /** locate's score relative to the first candidate's (1 for the first; the offline planner's, to spend reads by). */
  strength?: number;
  /** Where in the file the question's words matched, best first (the offline planner's reads). */
  chunks?: { startLine: number; endLine: number; context: string; relevance: number }[];
}

export interface RepoExplorationPlan {
  intent: QuestionKind;
  diagramType: DiagramType | undefined;
  questions: string[];
  candidates: Candidate[];
  operations: Operation[];
  maxRounds: number;
}

export type PlanSource = 'planner' | 'heuristic';

export interface RepoBootstrapContext {
  /** Display name: owner/repo or the folder. */
  repo: string;
  headSha: string | undefined;
  branch: string | undefined;
  scope: string | undefined;
  /** Folders and files to depth 3, one per line, indented. */
  shallowTree: string;
  fileCountsByExt: Record<string, number>;
  manifests: string[];
  files: number;
}

export interface EvidenceItem {
  path: string;
  startLine: number;
  endLine: number;
  snippet: string;
  /** Why this is here, in words a reader can check. */
  reason: string;
  source: OperationKind;
  blobSha: string;
  round: number;
  /**
   * How strongly the item answers the question (higher first): a definition
   * the question names or a chunk that matched its words outranks a file's
   * head, which only shows its imports. Items are listed in this order.
   */
  relevance?: number;
  /** Read because a named definition leads here (its caller, its callee, a field's use): shown before mere matches. */
  flow?: boolean;
}

export type Confidence = 'high' | 'medium' | 'low';

/** A product file of the repository map (most used first) and its main top-level declarations. */
export interface MapModule {
  path: string;
  rank: number;
  declarations: { name: string; kind: string; startLine: number; endLine: number }[];
}

export interface RepoContext {
  repo: string;
  headSha: string | undefined;
  intent: QuestionKind;
  questions: string[];
  summary: string;
  keyFindings: string[];
  evidence: EvidenceItem[];
  confidence: Confidence;
  /** The rule that gave the confidence, so a reader can judge it. */
  confidenceReason: string;
  knownGaps: string[];
  tokens: number;
  /** When the exploration read the repository map: its product files, most used first (an overview's modules). */
  modules?: MapModule[];
}

/** Asks a model for a RepoExplorationPlan (raw: checked by plan-schema); the heuristic plans without one. */
export type ModelPlanner = (input: { prompt: string; bootstrap: RepoBootstrapContext }) => Promise<unknown>;
