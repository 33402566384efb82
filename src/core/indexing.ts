/** What indexing a checkout needs at run time, loaded on first use through `loadIndexing` (lookups.ts). */
export { indexRepository } from './code-index/index-repository.js';
/** A cold question's files only: the CLI's first answer loads this, not the whole core (index.ts). */
export { indexForFirstAnswer } from './code-index/index-for-first-answer.js';
