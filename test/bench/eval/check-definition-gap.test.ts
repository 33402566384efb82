import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDefinitionGap, importSourcesOf } from '../../../bench/eval/audit-lookup-claims.js';
import type { RunCli } from '../../../bench/eval/cli-lookups.js';

// commander.js a9967826: "no definition in this repository for tseslint.config" while `find config` resolves the
// `const config` of .prettierrc.js, which is not what `tseslint.config` (a package's function) names.
const dir = mkdtempSync(path.join(tmpdir(), 'nanodex-definition-gap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files: Record<string, string> = {
  'package.json': '{ "name": "commander" }',
  'eslint.config.js': "import tseslint from 'typescript-eslint';\nexport default tseslint.config({});\n",
  '.prettierrc.js': 'const config = { singleQuote: true };\nexport default config;\n',
  'lib/index.js': "import * as helpers from './helpers.js';\nhelpers.config();\n",
  'lib/helpers.js': 'export function config() {}\n',
  'app.py': 'import requests\nfrom mypkg import settings\n',
  'mypkg/__init__.py': '',
};
for (const [file, text] of Object.entries(files)) {
  execFileSync('mkdir', ['-p', path.dirname(path.join(dir, file))]);
  writeFileSync(path.join(dir, file), text);
}
execFileSync('git', ['-C', dir, 'init', '-q']);
execFileSync('git', ['-C', dir, 'add', '-A']);

/** `find config` resolves a top-level definition; nothing else resolves. */
const run: RunCli = (args) =>
  args[0] === 'find' && args[1] === 'config'
    ? JSON.stringify([
        { name: 'config', kind: 'constant', scope: '', signature: 'const config', path: '.prettierrc.js', startLine: 1, endLine: 1 },
      ])
    : '[]';
const sources = (receiver: string) => importSourcesOf(dir, receiver);

describe("the claims audit's truth for a no-definition gap", () => {
  it('does not take a same-named definition for the member of a package imported from outside the repository', () => {
    expect(checkDefinitionGap(run, 'tseslint.config', sources).ok).toBe(true);
  });

  it('still counts the member of a receiver the repository binds itself, or does not bind at all', () => {
    expect(checkDefinitionGap(run, 'helpers.config', sources).ok).toBe(false);
    expect(checkDefinitionGap(run, 'options.config', sources).ok).toBe(false);
  });

  it("reads Python imports: a package outside the repository is external, the repository's own is not", () => {
    expect(importSourcesOf(dir, 'requests')).toEqual([{ source: 'requests', external: true }]);
    expect(importSourcesOf(dir, 'settings')).toEqual([{ source: 'mypkg', external: false }]);
  });
});
