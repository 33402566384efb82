/** What opening an index needs at run time, loaded on first use through `loadIndexAccess` (lookups.ts). */
export { IndexStore } from './code-index/index-store.js';
export { LocalRepoSource } from './repo/local-repo-source.js';
