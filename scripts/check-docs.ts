import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { checkBlock, type BlockResult, type CheckContext } from './docs-check/check-block.js';
import { makeFixture } from './docs-check/make-fixture.js';
import { readDocBlocks } from './docs-check/read-doc-blocks.js';
import { printExamples } from './docs-check/print-examples.js';

/**
 * `npm run docs:check [-- FILE...]`: every command and configuration snippet
 * in README.md and docs/*.md runs or validates. Shell blocks of `nanodex`
 * commands run with the built CLI against a small fixture repository,
 * offline; YAML config snippets go through the config schema, workflows are
 * parsed and their nanodex inputs checked against action.yml; JSON parses,
 * and an MCP client's server starts. A block that must not run carries
 * `<!-- docs-check: skip (why) -->` on the line before it. Exit 1 on any
 * failure. `-- --examples` prints the README's example outputs afresh.
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const bin = path.join(ROOT, 'dist/src/cli/main.js');
if (!existsSync(bin)) {
  process.stderr.write('docs:check runs the built CLI: run `npm run build` first\n');
  process.exit(2);
}
if (args.includes('--examples')) {
  process.exitCode = printExamples(ROOT, bin, process.stdout);
} else {
  const files =
    args.length > 0
      ? args
      : [
          'README.md',
          ...readdirSync(path.join(ROOT, 'docs'))
            .filter((f) => f.endsWith('.md'))
            .map((f) => `docs/${f}`),
        ];
  process.exitCode = checkDocs(files);
}

function checkDocs(files: string[]): number {
  const scratch = mkdtempSync(path.join(tmpdir(), 'nanodex-docs-check-'));
  try {
    const context = makeContext(scratch);
    const counts: Record<BlockResult['status'], number> = { ran: 0, validated: 0, shown: 0, skipped: 0, failed: 0 };
    const failures: string[] = [];
    for (const file of files) {
      const { blocks, problems } = readDocBlocks(file, readFileSync(path.resolve(ROOT, file), 'utf8'));
      failures.push(...problems);
      for (const block of blocks) {
        const result = checkBlock(block, context);
        counts[result.status]++;
        const where = `${file}:${block.line}`;
        if (result.status === 'failed') failures.push(`${where}: ${result.detail}`);
        else if (result.status !== 'shown') process.stdout.write(`${result.status.padEnd(9)} ${where}: ${result.detail}\n`);
      }
    }
    for (const failure of failures) process.stdout.write(`FAILED    ${failure}\n`);
    process.stdout.write(
      `docs:check: ${files.length} file(s): ${counts.ran} ran, ${counts.validated} validated, ${counts.skipped} skipped (reasons above), ` +
        `${counts.shown} shown (output examples), ${failures.length} failed\n`,
    );
    return failures.length > 0 ? 1 : 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The fixture repository (make-fixture.ts) in a scratch folder, with a home and an index folder of its own. */
function makeContext(scratch: string): CheckContext {
  const fixture = path.join(scratch, 'repo');
  makeFixture(ROOT, fixture);
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
  return {
    projectRoot: ROOT.replace(/\/$/, ''),
    bin,
    fixture,
    dataDir: path.join(scratch, 'data'),
    home: path.join(scratch, 'home'),
    actionInputs: new Set(Object.keys(action.inputs)),
  };
}
