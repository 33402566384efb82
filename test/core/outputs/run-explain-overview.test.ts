import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../../src/core/request.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

function answered(result: RunResult) {
  if (result.kind !== 'done' || !('comment' in result) || result.output.kind !== 'answer')
    throw new Error(`expected an answer, got ${JSON.stringify(result).slice(0, 300)}`);
  return { body: result.comment.body, context: result.output.doc.context, check: result.check };
}

// A central engine over 64 KB that every module uses, two modules, a test, and a doc whose words match an
// overview question better than any code does.
const steps = Array.from({ length: 1400 }, (_, i) => `  step${i}(input: string): string {\n    return input + '${i}';\n  }`).join('\n');
const FILES: Record<string, string> = {
  'src/engine.ts': `import { readFileSync } from 'node:fs';\n\nexport class Engine {\n${steps}\n}\n\nexport function createEngine(): Engine {\n  return new Engine();\n}\n`,
  'src/uploader.ts': `import { createEngine, Engine } from './engine.js';\n\nexport function upload(e: Engine = createEngine()): string {\n  return e.step1('up');\n}\n`,
  'src/downloader.ts': `import { createEngine } from './engine.js';\nimport { upload } from './uploader.js';\n\nexport function download(): string {\n  return createEngine().step2(upload());\n}\n`,
  'src/cli.ts': `import { download } from './downloader.js';\nimport { upload } from './uploader.js';\n\nexport function main(): void {\n  console.log(download(), upload());\n}\n`,
  'test/engine.test.ts': `import { createEngine } from '../src/engine.js';\n\ncreateEngine().step3('t');\n`,
  'docs/modules.md': `# Every module of this project\n\nAn overview of every module of this project and the architecture of the modules.\n`,
};

describe('run > explain > an overview question', () => {
  it('lists the most used product modules with their declarations linked, and reads their starts, a big central file included', async () => {
    const { ports, repo } = await explorePorts(FILES);
    expect(Buffer.byteLength(FILES['src/engine.ts']!)).toBeGreaterThan(64 * 1024);
    const result = answered(
      await run(
        { command: 'explain', prompt: 'give an overview of every module of this project', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    const body = result.body;
    const modules = body.slice(body.indexOf('### Modules, most used first (repository map)'), body.indexOf('### Evidence'));
    expect(
      modules
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .map((l) => /^- `([^`]+)`/.exec(l)?.[1])[0],
    ).toBe('src/engine.ts');
    expect(modules).toMatch(
      /- `src\/engine\.ts` — \[`Engine`\]\(src\/engine\.ts#L3-L\d+\) \(class\), \[`createEngine`\]\(src\/engine\.ts#L\d+-L\d+\) \(function\)/,
    );
    expect(modules).not.toContain('docs/modules.md');
    expect(modules).not.toContain('test/engine.test.ts');

    const evidence = result.context.evidence;
    expect(evidence.find((e) => e.path === 'src/engine.ts')).toMatchObject({ startLine: 1, endLine: 40 });
    expect(evidence.some((e) => e.path === 'docs/modules.md')).toBe(false);
    expect(result.context.knownGaps.join('\n')).not.toContain('too big');
    expect(body).toContain("the most used of the product's own: src/engine.ts");
    expect(result.check.citationsRemoved).toBe(0);
  });

  it('keeps the files its words found for a question about named code, and for a long report that says "structure"', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const named = answered(
      await run(
        { command: 'explain', prompt: 'how does the structure of `download` use upload?', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    expect(named.context.evidence.some((e) => e.reason.startsWith('start of src/engine.ts'))).toBe(false);
    const report = `The structure of the result is wrong after a download. ${'Steps: call download, then upload, and compare. '.repeat(8)}`;
    const long = answered(await run({ command: 'explain', prompt: report, repo: { kind: 'local', root: repo.root } }, ports));
    expect(long.context.evidence.some((e) => e.reason.startsWith('start of src/engine.ts'))).toBe(false);
    expect(long.context.evidence.some((e) => e.path === 'src/downloader.ts')).toBe(true);
  });

  it('lists no modules for a change question, whose map is focused on its own files', async () => {
    const { ports, repo } = await explorePorts(FILES);
    const change = answered(
      await run({ command: 'explain', prompt: 'add a retry to upload', repo: { kind: 'local', root: repo.root } }, ports),
    );
    expect(change.context.modules).toBeUndefined();
    expect(change.body).not.toContain('### Modules');
  });

  it('describes a repository of examples only as it is, when no product file is in the map', async () => {
    const examples = Object.fromEntries(Object.entries(FILES).map(([p, text]) => [p.replace(/^src\//, 'examples/'), text]));
    const { ports, repo } = await explorePorts(examples);
    const overview = answered(
      await run(
        { command: 'explain', prompt: 'give an overview of every module of this project', repo: { kind: 'local', root: repo.root } },
        ports,
      ),
    );
    expect(overview.context.modules?.[0]?.path).toBe('examples/engine.ts');
  });
});
