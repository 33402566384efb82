/** What indexing a checkout needs at run time, loaded on first use through `loadIndexing` (lookups.ts). */
export { indexRepository } from './code-index/index-repository.js';
