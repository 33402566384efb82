import type { Budget, BudgetLimit } from './budget/budget.js';
import type { IndexState } from './code-index/index-state.js';
import type { LocatedFile } from './explore/locate-files.js';
import type { FileToChange } from './plan/find-files-to-change.js';
import type { Citation } from './tools/phase-tools.js';
import type { RefusedCall } from './tools/tool-gate.js';
import type { DiagramType, EvidenceItem, QuestionKind, RepoContext } from './explore/types.js';

import type { Command as OutputCommand } from './commands/command-table.js';
import type { Output, PostableComment } from './outputs/output.js';
import type { CommentCheck } from './render/comment-check.js';
import type { ThreadMemory } from './memory/thread-memory.js';
import type { ReviewSettings } from './config/repo-config.js';

export type { OutputCommand };
/**
 * `ask`/`locate` explore and return evidence or ranked files; the output
 * commands (plan, review, explain, diagram, debug, refactor, work, map, find,
 * refs, help) produce a verified comment; `auto` routes free text to one.
 */
export type Command = 'ask' | 'locate' | OutputCommand | 'auto';

export type RepoRef =
  | { kind: 'local'; root: string; scope?: string }
  | { kind: 'github'; owner: string; repo: string; ref?: string; scope?: string; url: string };

/** What every front builds and hands to run(). */
export interface Request {
  command: Command;
  prompt: string;
  /** Absent when the request names no repository: then no repository tool exists for it. */
  repo?: RepoRef;
  issue?: { number: number; title: string; body: string };
  pullRequest?: { number: number; title: string; body: string; baseSha: string; headSha: string };
  actor?: { login: string; kind: 'user' | 'bot' };
  /** Limits the front already knows (flags, config); budget words in the prompt come on top. */
  budget?: Partial<Budget>;
  /** Set when the front found a repository URL in the prompt. */
  urlDetected?: boolean;
  /** A unified diff (base..head) for a review or a pull request's diagram; the front reads it (git, or the GitHub API). */
  diff?: string;
  /** Where citations link: the repository's GitHub page and the commit the index holds. Absent: repo-relative links. */
  links?: { htmlUrl: string; sha: string };
  /** A review's settings from `.github/nanodex.yml` (rules, path instructions, model comment cap); defaults when absent. */
  review?: ReviewSettings;
  /** What earlier requests in the same thread found (a follow-up mention); checked against the tree before use. */
  memory?: ThreadMemory;
}

/** The skill a run used, and whether the repository's own replaced a built-in one. */
export interface SkillUse {
  name: string;
  source: 'built-in' | 'repository';
  path: string;
  /** How the command was chosen from free text: an explicit word, a score, or the fallback. */
  routedBy: 'command' | 'scored' | 'fallback';
  overrides: string | undefined;
}

/** What each run records: returned in the result, logged as one JSON line. */
export interface RunMetrics {
  command: Command;
  urlDetected: boolean;
  intent: QuestionKind | undefined;
  diagramType: DiagramType | undefined;
  repoToolsExposed: boolean;
  planPath: 'none' | 'planner' | 'heuristic';
  plannerProblems: string[];
  rounds: number;
  filesTouched: number;
  bytesFetched: number;
  tokensInContext: number;
  modelCalls: number;
  refusedToolCalls: number;
  evidenceDropped: number;
  budget: Budget;
  /** What the run carried over from earlier requests in its thread (after checking it against the tree). */
  memory?: { requests: number; files: string[]; symbols: string[]; dropped: number };
  /** Whether the index the run read was whole (absent when it read none); a partial one is said in the reply. */
  index?: IndexState;
  /** totalMs includes indexMs: the index opened and brought up to date before the run (absent when none was). */
  latency: { indexMs?: number; metadataTreeMs: number; planningMs: number; retrievalMs: number; generationMs: number; totalMs: number };
}

export type RunResult =
  | {
      kind: 'done';
      command: 'ask';
      context: RepoContext;
      /** The model's answer (absent offline); citations that no evidence backs were removed and counted. */
      answer: { text: string; citations: Citation[]; removedCitations: number } | undefined;
      /** Tool calls a model made outside its phase: refused, never run. */
      refusedToolCalls: RefusedCall[];
      metrics: RunMetrics;
    }
  | { kind: 'done'; command: 'locate'; files: LocatedFile[]; metrics: RunMetrics }
  | {
      kind: 'done';
      command: OutputCommand;
      skill: SkillUse | undefined;
      output: Output;
      /** The comment a front posts, already verified: citations resolved, text sanitised, within GitHub's size. */
      comment: PostableComment;
      check: CommentCheck;
      refusedToolCalls: RefusedCall[];
      /** Problems worth knowing (rejected model output, skill files that did not load, a fallback taken). */
      notes: string[];
      /** plan/refactor: the files to change, most certain first, each with its symbols and its tests (findTestsFor), or why none is named. */
      files?: FileToChange[];
      metrics: RunMetrics;
    }
  | {
      kind: 'budget-exceeded';
      limit: BudgetLimit;
      used: number;
      allowed: number;
      /** What was gathered before the limit: shown, never presented as a complete answer. */
      gathered: EvidenceItem[];
      howToRaise: string;
      metrics: RunMetrics;
    }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; message: string; referenceId: string };
