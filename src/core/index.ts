/**
 * The core's public surface. Fronts (src/app, src/action, src/cli) and adapters
 * (src/github) import the core only from here or from its light subset,
 * `lookups.ts` (re-exported here whole); `npm run lint` enforces it.
 */
export * from './lookups.js';
export { IndexStore, LocalRepoSource } from './index-access.js';
export { gitChangeHistory } from './repo/git-change-history.js';
export type { ChangeHistory } from './review/change-history.js';
export { PERMISSIONS } from './access/decide-access.js';
export type { Permission } from './access/decide-access.js';
export type { Budget } from './budget/budget.js';
export { parseBudgetWords } from './budget/parse-budget-words.js';
export { SqliteCodeIndex } from './code-index/code-index.js';
export { buildRepoMap } from './code-index/repo-map.js';
export { indexRepository, isResolutionInput } from './code-index/index-repository.js';
export { indexForFirstAnswer, FIRST_ANSWER_MIN_TREE_BYTES, type FirstAnswerIndex } from './code-index/index-for-first-answer.js';
export type { IndexProgress, IndexRunStats, ParseJob } from './code-index/index-repository.js';
export { openRepoIndex } from './code-index/open-repo-index.js';
export {
  DEFAULT_MAX_TARBALL_BYTES,
  DEFAULT_REPO_CONFIG,
  REPO_CONFIG_FILE,
  findConfigSizeProblem,
  parseRepoConfig,
  renderConfigProblems,
} from './config/repo-config.js';
export type { ParsedRepoConfig, RepoConfig } from './config/repo-config.js';
export { newReferenceId } from './failure/to-failure.js';
export { RetryLaterError, throwIfRetryable, type IsRetryable } from './failure/retry-later.js';
export { startMention } from './flows/answer-mention.js';
export { reviewChange } from './flows/review-change.js';
export type { ReviewOutcome } from './flows/review-change.js';
export { runInWorkspace } from './flows/workspace.js';
export type { FlowPorts, Workspace } from './flows/workspace.js';
export type { ChatMessage, ChatModel, ChatReply, ChatToolCall, ChatToolSpec } from './llm/chat-model.js';
export { MODEL_PROVIDERS, ModelConfigError, parseModelConfig } from './llm/model-config.js';
export type { ModelConfig } from './llm/model-config.js';
export { redactCredentials } from './llm/redact.js';
export { fetchWithTimeout } from './net/fetch-with-timeout.js';
export type { LineRange, RemoteRepoFiles, RepoFile, RepoListing, SkippedFile, UnpackedFile } from './ports.js';
export type { PullRequestFacts, PullRequestThread, Reaction, ReviewToPost, StickyReply, ThreadComment } from './publish/publisher.js';
export type { ChangeWriter } from './publish/change-writer.js';
export { CHECK_RUN_NAME } from './publish/check-run.js';
export type { CheckAnnotation, CheckConclusion, CheckRunPosted, CheckRunToPost, CheckRuns } from './publish/check-run.js';
export { buildCheckRun, toCheckConclusion, CHECK_SUMMARY_LIMIT } from './review/build-check-run.js';
export type { ReviewEnd } from './review/build-check-run.js';
export { GITHUB_COMMENT_LIMIT } from './render/fit-comment.js';
export { code, escapeText, plural } from './render/markdown.js';
export { renderFailure, renderReply } from './render/render-reply.js';
export { splitCode } from './render/sanitize-model-text.js';
export { isValidRepoPath, resolveInsideRoot } from './repo/repo-path.js';
export { DEFAULT_MAX_FILE_BYTES, findPathSkipReason } from './repo/skip-rules.js';
export { isIgnoredPath, isSkippedFolder, readIgnoreScopes } from './repo/folder-rules.js';
export type { IgnoreScope } from './repo/folder-rules.js';
export type { Command, RepoRef, Request, RunResult } from './request.js';
export type { RunPorts } from './run-ports.js';
export { redactReviewComment } from './review/redact-review-comment.js';
export type { ReviewComment } from './review/render-review.js';
export { readFingerprint } from './review/review-state.js';
export { run } from './run.js';
export { findTestsFor, NO_TEST_FOUND, type FoundTest, type TestsFor } from './tests/find-tests-for.js';
export { loadTestLayout } from './tests/load-test-layout.js';
export { TestLayout } from './tests/test-layout.js';
export { redactStrings } from './secrets/redact-strings.js';
export { findRepositorySkillPaths } from './skills/find-repository-skill-paths.js';
export { MAX_REPOSITORY_SKILLS } from './skills/load-skills.js';
export { MAX_SKILL_BYTES } from './skills/parse-skill.js';
export type { SkillFile } from './skills/types.js';
// The provider SDKs (LangChain, OpenAI, Anthropic: ~700 modules) load only when a model is configured.
export { loadChatModel } from './llm/load-chat-model.js';
