// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const gitHubPackages = (except) =>
  [
    { group: ['probot', 'probot/*'], message: 'probot is imported only in src/app.' },
    { group: ['@actions/*'], message: '@actions/* is imported only in src/action.' },
    { group: ['@octokit/*'], message: '@octokit/* is imported only in src/github (and the App/Action glue).' },
  ].filter((rule) => !except.includes(rule.group[0]));

export default tseslint.config(
  { ignores: ['dist/', 'action-dist/', 'node_modules/', 'test/fixtures/', 'scratch/', 'coverage/', 'bench/results/', '.dependency-cruiser.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // The engine: no GitHub or Actions packages, no environment, no console. Fronts pass these in.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: gitHubPackages([]) }],
      'no-restricted-properties': ['error', {
        object: 'process', property: 'env',
        message: 'src/core reads no environment: take the value as a parameter from the front.',
      }],
      'no-console': 'error',
    },
  },
  { files: ['src/cli/**/*.ts', 'src/github/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: gitHubPackages(['@octokit/*']) }] } },
  { files: ['src/app/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: gitHubPackages(['probot', '@octokit/*']) }] } },
  { files: ['src/action/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: gitHubPackages(['@actions/*', '@octokit/*']) }] } },
);
