/**
 * The layering, checked by `npm run lint` (dependency-cruiser reads the
 * imports, type-only ones included). DESIGN.md: the core is the engine and
 * imports no front or adapter; no import cycles anywhere in src/.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle ties files together so neither can change or be tested alone; move the shared type to its own file.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-no-front-or-adapter',
      comment: 'src/core is the engine: fronts (app, action, cli) and adapters (github) depend on it, never the reverse.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(app|action|cli|github)/' },
    },
    {
      name: 'core-imports-no-vendor-sdk',
      comment: 'The core talks to GitHub and the Actions runtime only through ports.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: 'node_modules/(probot|@octokit|@actions)/' },
    },
    {
      name: 'fronts-use-the-core-surface',
      comment: 'Fronts and adapters import the core only through its public surface, src/core/index.ts, or the light part of it that loads no heavy package, src/core/lookups.ts: the rest of the core can move freely.',
      severity: 'error',
      from: { path: '^src/(app|action|cli|github)/' },
      to: { path: '^src/core/', pathNot: '^src/core/(index|lookups)\\.ts$' },
    },
    {
      name: 'no-front-imports-another',
      comment: 'App, Action and CLI are siblings: what two of them share belongs in the core (a use case) or in src/github (an adapter).',
      severity: 'error',
      from: { path: '^src/(app|action|cli)/' },
      to: { path: '^src/(app|action|cli)/', pathNot: '^src/$1/' },
    },
    {
      name: 'queue-and-metrics-only-in-the-app',
      comment: 'Redis (bullmq, ioredis) and Prometheus (prom-client) are how the App scales out and reports; the core and the other fronts never see them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/app/' },
      to: { path: 'node_modules/(bullmq|ioredis|prom-client)/' },
    },
    {
      name: 'octokit-only-in-the-github-adapter',
      comment: 'GitHub\'s SDK stays behind src/github (GitHubThread, GitHubRepoSource, the Octokit setup); the App may use Probot.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/github/' },
      to: { path: 'node_modules/@octokit/' },
    },
    {
      name: 'langchain-only-behind-the-model-port',
      comment: 'The core talks to models through its ChatModel port (src/core/llm/chat-model.ts); LangChain stays in src/core/llm, behind it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/core/llm/' },
      to: { path: 'node_modules/@langchain/' },
    },
    {
      name: 'mcp-sdk-only-in-the-mcp-server',
      comment: 'The MCP server is a mode of the CLI (src/cli/mcp): the SDK loads there only, and only when `nanodex mcp` runs.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/mcp/' },
      to: { path: 'node_modules/@modelcontextprotocol/' },
    },
    {
      name: 'adapters-import-no-front',
      comment: 'src/github serves every front, so it imports none of them.',
      severity: 'error',
      from: { path: '^src/github/' },
      to: { path: '^src/(app|action|cli)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
