import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

/** The `nanodex` bin as npm installs it: a real process over a real repository. */
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

/** A repository whose head gives `buildUrl` a required parameter and updates one of its two callers. */
function changedRepo(): { repo: string; base: string; head: string } {
  const build = (params: string) => `export function buildUrl(${params}) {\n  return base + path;\n}\n`;
  const caller = (args: string) => `import { buildUrl } from './url.js';\n\nexport const url = buildUrl(${args});\n`;
  const repo = makeTempRepo(
    { 'src/url.ts': build('base: string, path: string'), 'src/a.ts': caller("'a', 'b'"), 'src/b.ts': caller("'c', 'd'") },
    { git: true },
  );
  const base = git(repo, ['rev-parse', 'HEAD']).trim();
  writeFiles(repo, { 'src/url.ts': build('base: string, path: string, strict: boolean'), 'src/b.ts': caller("'c', 'd', true") });
  git(repo, ['add', '-A']);
  git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'strict urls']);
  return { repo, base, head: git(repo, ['rev-parse', 'HEAD']).trim() };
}

describe('nanodex review (the bin) when a function gains a required parameter', () => {
  it('reports the caller that was not updated in --json at output.review.findings and in the text', () => {
    const { repo, base, head } = changedRepo();
    const common = ['review', '--repo', repo, '--base', base, '--head', head, '--data-dir', path.join(makeTempDir(), 'data')];

    const json = nanodex([...common, '--json']);
    expect(json.stderr).not.toMatch(/\n\s+at /);
    expect(json.code).toBe(0);
    const findings = (JSON.parse(json.stdout) as { output: { review: { findings: unknown[] } } }).output.review.findings;
    expect(findings).toEqual([
      expect.objectContaining({
        rule: 'callers-not-updated',
        severity: 'error',
        path: 'src/a.ts',
        line: 3,
        message: '`buildUrl` now requires `strict`, and this call still passes 2 arguments: it does not type-check.',
      }),
    ]);

    const text = nanodex(common);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('### Findings');
    expect(text.stdout).toContain('- **Error** `callers-not-updated` at [src/a.ts#L3](src/a.ts#L3): `buildUrl` now requires `strict`');
    expect(text.stdout).toContain("call site [src/a.ts#L3](src/a.ts#L3): `buildUrl('a', 'b')`");
  });
});
