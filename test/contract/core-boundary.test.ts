import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse-error');
}

describe('the src/core boundary (enforced by lint)', () => {
  it.each([
    ["import { Probot } from 'probot';", 'no-restricted-imports'],
    ["import * as core from '@actions/core';", 'no-restricted-imports'],
    ["import { Octokit } from '@octokit/rest';", 'no-restricted-imports'],
    ['export const token = process.env.GITHUB_TOKEN;', 'no-restricted-properties'],
    ["console.log('hi');", 'no-console'],
  ])('rejects `%s` in src/core', async (code, rule) => {
    expect(await ruleIdsFor('src/core/example.ts', `${code}\nexport {};\n`)).toContain(rule);
  });

  it('lets the fronts use what the core may not', async () => {
    expect(await ruleIdsFor('src/app/example.ts', "import { Probot } from 'probot';\nexport { Probot };\n")).toEqual([]);
    expect(await ruleIdsFor('src/action/example.ts', "import * as core from '@actions/core';\nexport { core };\n")).toEqual([]);
    expect(await ruleIdsFor('src/cli/example.ts', 'export const home = process.env.HOME;\n')).toEqual([]);
  });

  it('keeps probot out of the Action and @actions out of the App', async () => {
    expect(await ruleIdsFor('src/action/example.ts', "import { Probot } from 'probot';\nexport { Probot };\n")).toContain(
      'no-restricted-imports',
    );
    expect(await ruleIdsFor('src/app/example.ts', "import * as core from '@actions/core';\nexport { core };\n")).toContain(
      'no-restricted-imports',
    );
  });

  it('holds for the code as it is', async () => {
    const results = await eslint.lintFiles(['src/core/**/*.ts']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(problems).toEqual([]);
  });
});
