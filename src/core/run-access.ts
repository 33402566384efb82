/**
 * What running one request needs at run time, loaded on first use through
 * `loadRunAccess` (lookups.ts): the CLI's output commands reach `run` without
 * `index.ts`, whose App flows and indexer would load with it.
 */
export { SqliteCodeIndex } from './code-index/code-index.js';
export { loadChatModel } from './llm/load-chat-model.js';
export { renderReply } from './render/render-reply.js';
export { gitChangeHistory } from './repo/git-change-history.js';
export { run } from './run.js';
