import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

/** The `nanodex` bin as npm installs it, a real process over a real git checkout. */
function nanodex(args: string[]) {
  const bin = ensureBuilt('src/cli/main.js');
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const NO_EVAL = [
  'id: no-eval',
  'language: JavaScript',
  'rule:',
  '  pattern: eval($CODE)',
  'message: eval runs any string as code.',
  'severity: error',
  'fix: JSON.parse($CODE)',
  '',
].join('\n');
const BROKEN = 'id: broken\nlanguage: JavaScript\nrule:\n  kind: no_such_kind\n';
const APP = 'export function run(input) {\n  return eval(input);\n}\n';
const ADDED = 'export function again(text) {\n  it.only("x", () => 1);\n  return eval(text);\n}\n';

/** A checkout whose base has the rule files and one eval, and whose head adds a second eval and a focused test. */
function reviewOf(files: Record<string, string>, config?: string) {
  const repo = makeTempRepo({ 'src/app.js': APP, ...files, ...(config ? { '.github/nanodex.yml': config } : {}) }, { git: true });
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  writeFiles(repo, { 'src/app.js': `${APP}${ADDED}` });
  git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'again']);
  const dataDir = path.join(makeTempDir(), 'data');
  const json = nanodex(['review', '--base', base, '--repo', repo, '--data-dir', dataDir, '--json']);
  const text = nanodex(['review', '--base', base, '--repo', repo, '--data-dir', dataDir]);
  return { json, text, result: JSON.parse(json.stdout) as { output: { review: { findings: unknown[] } }; notes: string[] } };
}

describe('nanodex review with repository rules', () => {
  it('reports a rule on the added line only, with its fix as the suggestion, and a bad rule file as a note naming file, line and rule', () => {
    const { json, text, result } = reviewOf({ '.github/nanodex/rules/no-eval.yml': `${NO_EVAL}---\n${BROKEN}` });

    expect(json.code).toBe(0);
    expect(result.output.review.findings).toEqual([
      expect.objectContaining({
        rule: 'rule:js-focused-test',
        severity: 'error',
        path: 'src/app.js',
        line: 5,
        suggestion: '  it("x", () => 1);',
      }),
      expect.objectContaining({
        rule: 'rule:no-eval',
        severity: 'error',
        path: 'src/app.js',
        line: 6,
        suggestion: '  return JSON.parse(text);',
      }),
    ]);
    const problem = '.github/nanodex/rules/no-eval.yml line 11, rule broken: ast-grep cannot use the rule: ';
    expect(result.notes).toEqual([expect.stringContaining(problem)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(problem);
    expect(text.stdout).toContain('Kind `no_such_kind` is invalid');
  }, 240_000);

  it('leaves out built-in and repository rules switched off in .github/nanodex.yml, for the repository and per path', () => {
    const config =
      'reviews:\n  rules:\n    disable: [js-focused-test]\n  paths:\n    - path: "src/**"\n      rules:\n        disable: [no-eval]\n';

    const { json, result } = reviewOf({ '.github/nanodex/rules/no-eval.yml': NO_EVAL }, config);

    expect(json.code).toBe(0);
    expect(result.output.review.findings).toEqual([]);
  }, 240_000);

  it('refuses to review with a .github/nanodex.yml that has problems, and says where', () => {
    const repo = makeTempRepo({ 'src/app.js': APP, '.github/nanodex.yml': 'review:\n  rules:\n    disabel: [x]\n' }, { git: true });

    const run = nanodex(['review', '--base', 'HEAD', '--repo', repo, '--data-dir', path.join(makeTempDir(), 'data')]);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.github/nanodex.yml line 3 (review.rules.disabel): unknown setting "disabel"');
  }, 240_000);
});
