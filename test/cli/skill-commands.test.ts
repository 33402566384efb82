import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { captureIo } from '../helpers/cli-io.js';
import { SAMPLE_FILES } from '../helpers/sample-repo.js';
import { git, makeTempDir, makeTempRepo, writeFiles } from '../helpers/temp-repo.js';

function setUp(files: Record<string, string> = SAMPLE_FILES) {
  const repo = makeTempRepo(files, { git: true });
  const dataDir = makeTempDir();
  const run = async (...args: string[]) => {
    const io = captureIo({ cwd: repo, env: { NANODEX_DATA_DIR: dataDir } });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };
  return { repo, run };
}

describe('nanodex plan, explain, diagram, review and skills', () => {
  it('prints a plan, and its structured form with --json', async () => {
    const { run } = setUp();
    const text = await run('plan', 'add a size limit to parseHttpRequest');
    expect(text.code).toBe(EXIT.ok);
    expect(text.out).toContain('## Plan: add a size limit to parseHttpRequest');
    const json = JSON.parse((await run('plan', '--json', 'add a size limit to parseHttpRequest')).out);
    expect(json).toMatchObject({
      kind: 'done',
      command: 'plan',
      skill: { name: 'nanodex-planning' },
      output: { kind: 'plan' },
      check: { citationsRemoved: 0 },
    });
    expect(json.output.doc.phases.length).toBe(3);
    expect(json.comment.issueDraft.title).toBe('Plan: add a size limit to parseHttpRequest');
  });

  it('draws an architecture diagram that Mermaid parses, with its graph in --json', async () => {
    const { run } = setUp();
    const json = JSON.parse((await run('diagram', '--json')).out);
    expect(json.output.kind).toBe('diagram');
    expect(json.output.diagrams[0].mermaid).toMatch(/^flowchart/);
    expect(json.output.diagrams[0].graph.nodes.length).toBeGreaterThan(1);
    expect(json.comment.body).toContain('```mermaid');
  });

  it('reviews base...head of a local repository, with inline comments bound to lines', async () => {
    const { repo, run } = setUp();
    git(repo, ['checkout', '-q', '-b', 'feature']);
    writeFiles(repo, {
      'src/http/headers.ts':
        "export function splitHeaders(head: string): Record<string, string> {\n  debugger;\n  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ')));\n}\n",
    });
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'debug']);
    const result = await run('review', '--base', 'main', '--json');
    expect(result.code).toBe(EXIT.ok);
    const json = JSON.parse(result.out);
    expect(json.comment.reviewComments).toEqual([expect.objectContaining({ path: 'src/http/headers.ts', line: 2, side: 'RIGHT' })]);
    expect(json.comment.body).toContain('`splitHeaders`');
  });

  it("cites the head commit's lines when the checkout is another commit or has local edits", async () => {
    const { repo, run } = setUp();
    git(repo, ['checkout', '-q', '-b', 'feature']);
    const changed =
      "export function splitHeaders(head: string): Record<string, string> {\n  debugger;\n  return Object.fromEntries(head.split('\\n').map((l) => l.split(': ')));\n}\n";
    writeFiles(repo, { 'src/http/headers.ts': changed });
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'debug']);
    const head = git(repo, ['rev-parse', 'HEAD']).trim();
    // A later commit moves the function down five lines: an index of this checkout would cite #L6-L9.
    writeFiles(repo, { 'src/http/headers.ts': `// one\n// two\n// three\n// four\n// five\n${changed}` });
    git(repo, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qam', 'later']);
    const other = await run('review', '--base', 'main', '--head', head, '--json');
    expect(other.code).toBe(EXIT.ok);
    expect(other.err).toContain('the checkout is not the head commit');
    const body = JSON.parse(other.out).comment.body as string;
    expect(body).toContain('src/http/headers.ts#L1-L4');
    expect(body).not.toContain('src/http/headers.ts#L6');

    git(repo, ['checkout', '-q', head]);
    writeFiles(repo, { 'src/http/headers.ts': `// edited\n// edited\n${changed}` });
    const edited = await run('review', '--base', 'main', '--json');
    expect(edited.err).toContain('the checkout has local edits');
    expect(JSON.parse(edited.out).comment.body).toContain('src/http/headers.ts#L1-L4');
  });

  it('refuses a review without --base, and a ref that could become an option', async () => {
    const { run } = setUp();
    expect(await run('review')).toMatchObject({ code: 2, err: expect.stringContaining('needs --base REF') });
    const bad = await run('review', '--base=--output=/tmp/x');
    expect(bad.code).toBe(EXIT.failed);
    expect(bad.err + bad.out).toContain('is not a git ref');
  });

  it("lists the skills, including the repository's own", async () => {
    const { run } = setUp({
      ...SAMPLE_FILES,
      '.github/skills/team-triage/SKILL.md':
        '---\nname: team-triage\ndescription: Triage incoming bugs. Triggers on "triage".\n---\n# Triage\nSort it.\n',
    });
    const out = (await run('skills')).out;
    expect(out).toContain('`nanodex-working` (built-in)');
    expect(out).toContain('`team-triage` (repository, `.github/skills/team-triage/SKILL.md`)');
  });

  it('names a repository SKILL.md over 64 KB, its size and the limit, instead of leaving the skill out silently', async () => {
    const huge = `---\nname: huge\ndescription: Too long. Triggers on "huge".\n---\n${'Do this.\n'.repeat(8000)}`;
    const { run } = setUp({ ...SAMPLE_FILES, '.github/skills/huge/SKILL.md': huge });
    const result = await run('skills');
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain('.github/skills/huge/SKILL.md');
    expect(result.out).toContain(
      `the file is ${Buffer.byteLength(huge).toLocaleString('en-US')} bytes, over the 65,536-byte (64 KB) limit for a SKILL.md, so the skill was not loaded`,
    );
  });
});
