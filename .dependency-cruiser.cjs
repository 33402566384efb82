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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
