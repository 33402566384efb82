import type { RepoContext } from '../explore/types.js';
import type { Citation } from '../tools/phase-tools.js';

/** An explanation or a debugging lead: the question, its evidence, and a model's answer when there is one. */
export interface AnswerDoc {
  flavour: 'explain' | 'debug';
  question: string;
  context: RepoContext;
  /** The model's answer (sanitised text, citations backed by evidence); absent offline. */
  answer: { text: string; citations: Citation[] } | undefined;
}
