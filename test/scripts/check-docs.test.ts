import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir } from '../helpers/temp-repo.js';

/** The checker runs the built CLI a few times on a small repository: seconds, generous on a loaded machine. */
const CHECK_TIMEOUT_MS = 180_000;

/** `npm run docs:check -- FILE` as a process: tsx runs the script, as npm does. */
function checkDocs(markdown: string): { code: number | null; out: string } {
  const file = path.join(makeTempDir('nanodex-docs-'), 'doc.md');
  writeFileSync(file, markdown);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-docs.ts', file], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: CHECK_TIMEOUT_MS,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

const fence = '```';

describe('npm run docs:check', () => {
  beforeAll(() => {
    ensureBuilt('src/cli/main.js');
  }, 600_000);

  it(
    'fails a doc whose command, config, JSON and unmarked block do not hold, naming each with its line',
    () => {
      const broken = [
        '# Broken',
        '',
        `${fence}sh`,
        'nanodex find TodoStore --no-such-flag',
        fence,
        '',
        `${fence}yaml`,
        'review:',
        '  auto: sometimes',
        'budjet:',
        '  rounds: 3',
        fence,
        '',
        `${fence}json`,
        '{ "mcpServers": { "nanodex": { "command": "node", "args": ["/path/to/nanodex/dist/nope.js"] } } }',
        fence,
        '',
        `${fence}sh`,
        'docker build -t nanodex-app .',
        fence,
        '',
        '<!-- docs-check: skip -->',
        `${fence}sh`,
        'npm run bench',
        fence,
        '',
      ].join('\n');

      const run = checkDocs(broken);

      expect(run.code).toBe(1);
      expect(run.out).toMatch(/FAILED +\S+doc\.md:3: `nanodex find TodoStore --no-such-flag` exited 2/);
      expect(run.out).toMatch(/FAILED +\S+doc\.md:7: is not a valid \.github\/nanodex\.yml .*review\.auto.*budjet/);
      expect(run.out).toMatch(/FAILED +\S+doc\.md:14: MCP server nanodex: \S+dist\/nope\.js does not exist/);
      expect(run.out).toMatch(
        /FAILED +\S+doc\.md:18: `docker build -t nanodex-app \.` is not a nanodex command: .*docs-check: skip \(why\)/,
      );
      expect(run.out).toMatch(/FAILED +\S+doc\.md:22: a docs-check annotation must read <!-- docs-check: skip \(why\) -->/);
      expect(run.out).toMatch(/FAILED +\S+doc\.md:23: `npm run bench` is not a nanodex command/);
      expect(run.out).toMatch(/6 failed/);
    },
    CHECK_TIMEOUT_MS,
  );

  it(
    'passes a doc whose commands run, whose config validates and whose skipped block says why',
    () => {
      const good = [
        `${fence}sh`,
        'npm ci && npm run build',
        'nanodex find TodoStore --repo .',
        fence,
        '',
        `${fence}yaml`,
        '# .github/nanodex.yml',
        'budget:',
        '  rounds: 3',
        fence,
        '',
        '<!-- docs-check: skip (needs Docker) -->',
        `${fence}sh`,
        'docker build -t nanodex-app .',
        fence,
        '',
        `${fence}markdown`,
        '## Plan: an example output, shown and not run',
        fence,
      ].join('\n');

      const run = checkDocs(good);

      expect(run.out).toMatch(/1 ran, 1 validated, 1 skipped .*1 shown .*0 failed/);
      expect(run.out).toMatch(/skipped +\S+doc\.md:13: needs Docker/);
      expect(run.code).toBe(0);
    },
    CHECK_TIMEOUT_MS,
  );
});
