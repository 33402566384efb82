import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

function body(result: RunResult): string {
  if (result.kind !== 'done' || !('comment' in result)) throw new Error(`expected a comment, got ${result.kind}`);
  return result.comment.body;
}

describe('run > find, refs, map and help', () => {
  it('answers find from the index with no model and no exploration', async () => {
    const { ports, repo } = await explorePorts();
    const result = await run({ command: 'find', prompt: 'splitHeaders', repo: { kind: 'local', root: repo.root } }, ports);
    expect(body(result)).toContain(
      '## Definitions of `splitHeaders`\n\n- `splitHeaders` (function) [src/http/headers.ts#L1-L3](src/http/headers.ts#L1-L3)',
    );
    if (result.kind === 'done') expect(result.metrics).toMatchObject({ rounds: 0, filesTouched: 0, modelCalls: 0 });
  });

  it('groups references by file, each linked to its line', async () => {
    const { ports, repo } = await explorePorts();
    const text = body(await run({ command: 'refs', prompt: 'splitHeaders', repo: { kind: 'local', root: repo.root } }, ports));
    expect(text).toContain(
      '2 uses in 1 file:\n\n- `src/http/parse-http-request.ts`: [src/http/parse-http-request.ts#L1](src/http/parse-http-request.ts#L1) import, [src/http/parse-http-request.ts#L6](src/http/parse-http-request.ts#L6) call in `parseHttpRequest`',
    );
  });

  it('prints a ranked map', async () => {
    const { ports, repo } = await explorePorts();
    expect(body(await run({ command: 'map', prompt: 'map', repo: { kind: 'local', root: repo.root } }, ports))).toContain(
      '## Repository map',
    );
  });

  it("lists commands and skills in help, with the repository's skill and a broken one reported", async () => {
    const { ports, repo } = await explorePorts({
      'src/a.ts': 'export const a = 1;\n',
      '.github/skills/nanodex-planning/SKILL.md':
        '---\nname: nanodex-planning\ndescription: Our own planning. Triggers on "plan".\nallowed-tools: emit_plan_section\n---\n# Plan our way\n',
      '.github/skills/broken/SKILL.md': '---\nname: Broken\n---\nbody\n',
    });
    const result = await run({ command: 'help', prompt: 'help', repo: { kind: 'local', root: repo.root } }, ports);
    const text = body(result);
    expect(text).toContain('`nanodex-planning` (repository, `.github/skills/nanodex-planning/SKILL.md`)');
    expect(text).toContain('### Skills this repository overrides');
    expect(text).toContain('### Skill files that did not load');
    expect(text).toContain('.github/skills/broken/SKILL.md');
  });
});

describe('run > skills a front read from the default branch', () => {
  it("uses them instead of the skill files in the index (a pull request's checkout must not steer its own run)", async () => {
    const { ports, repo } = await explorePorts({
      'src/a.ts': 'export const a = 1;\n',
      '.github/skills/nanodex-planning/SKILL.md':
        '---\nname: nanodex-planning\ndescription: From the PR branch. Triggers on "plan".\nallowed-tools: emit_plan_section\n---\n# Injected\n',
    });
    const result = await run(
      { command: 'help', prompt: 'help', repo: { kind: 'local', root: repo.root } },
      { ...ports, repositorySkills: [] },
    );
    const text = body(result);
    expect(text).toContain('`nanodex-planning` (built-in)');
    expect(text).not.toContain('From the PR branch');
  });
});
