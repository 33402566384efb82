import type { CodeIndex, IndexedFile } from '../code-index/code-index.js';
import type { Budget } from '../budget/budget.js';
import { locateFiles } from './locate-files.js';
import { readPrompt } from './read-prompt.js';
import type { Operation, RepoBootstrapContext, RepoExplorationPlan } from './types.js';

/** Lines read from the head of a file when only its shape is wanted. */
const HEAD_LINES = 60;
const MAX_CANDIDATES = 8;

/**
 * The offline planner: classifies the question, then plans the operations
 * that answer that kind of question from the index (seed 003's query
 * analyzer). It is the fallback for a model planner and the whole planner
 * when there is no model.
 */
export function planHeuristically(
  prompt: string,
  index: CodeIndex,
  bootstrap: RepoBootstrapContext,
  budget: Budget,
  focus: string[] = [],
  files?: IndexedFile[],
): RepoExplorationPlan {
  const reading = readPrompt(prompt);
  const scope = focus[0] ?? bootstrap.scope;
  const located = locateFiles(index, prompt, { limit: MAX_CANDIDATES, pathPrefix: scope, files });
  const candidates = located.map((f, i) => ({ path: f.path, reason: f.reason, priority: Math.max(1, 10 - i) }));
  const names = reading.identifiers.slice(0, 4);
  const operations: Operation[] = [];
  const questions: string[] = [];
  const search: Operation = { kind: 'search', query: prompt, ...(scope ? { scope } : {}) };

  switch (reading.kind) {
    case 'definition':
      for (const name of names) {
        operations.push({ kind: 'definition', symbol: name });
        questions.push(`Where is ${name} defined?`);
      }
      if (names.length === 0) operations.push(search);
      break;
    case 'usage':
      for (const name of names) {
        operations.push({ kind: 'definition', symbol: name }, { kind: 'references', symbol: name });
        questions.push(`Where is ${name} used?`);
      }
      if (names.length === 0) operations.push(search);
      break;
    case 'architecture':
      operations.push({ kind: 'map', focus: scope ? [scope] : focus, tokens: 1500 });
      for (const manifest of bootstrap.manifests.slice(0, 3)) operations.push({ kind: 'head', path: manifest, maxLines: 40 });
      questions.push('What are the main modules and how do they depend on each other?');
      break;
    case 'change':
      for (const name of names) operations.push({ kind: 'definition', symbol: name });
      operations.push(search, { kind: 'map', focus: located.slice(0, 3).map((f) => f.path), tokens: 800 });
      questions.push('Which files and symbols would the change touch?', 'Which existing patterns should it follow?');
      break;
    default:
      for (const name of names) operations.push({ kind: 'definition', symbol: name });
      operations.push(search);
      questions.push('Which code carries out what the question asks about, and in what order?');
  }
  // Read the strongest candidates' heads when nothing more specific was planned for them
  // (a question about named symbols is answered by their definitions and uses instead).
  const namedQuestion = (reading.kind === 'definition' || reading.kind === 'usage') && names.length > 0;
  for (const candidate of namedQuestion ? [] : candidates.slice(0, reading.kind === 'architecture' ? 4 : 2)) {
    if (!operations.some((op) => 'path' in op && op.path === candidate.path)) {
      operations.push({ kind: 'head', path: candidate.path, maxLines: HEAD_LINES });
    }
  }
  if (questions.length === 0) questions.push(`What in the repository answers: ${prompt.slice(0, 200)}`);
  return {
    intent: reading.kind,
    diagramType: reading.diagramType,
    questions,
    candidates,
    operations,
    maxRounds: Math.min(budget.rounds, 3),
  };
}
