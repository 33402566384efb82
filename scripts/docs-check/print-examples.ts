import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDocBlocks } from './read-doc-blocks.js';

/** `nanodex plan "..."` or `nanodex explain "..."` named in the paragraph before an example output. */
const EXAMPLE_COMMAND = /`nanodex (plan|explain|ask) "([^"`]+)"`/;

/**
 * `npm run docs:check -- --examples`: runs the commands whose output the
 * README shows (plan, explain) on this repository, offline, and prints each
 * fresh output under the README line of its example, so the shortened
 * examples can be copied again when line ranges move. Returns the exit code.
 */
export function printExamples(root: string, bin: string, out: NodeJS.WritableStream): number {
  const { blocks } = readDocBlocks('README.md', readFileSync(path.join(root, 'README.md'), 'utf8'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'nanodex-docs-examples-'));
  let code = 0;
  try {
    for (const block of blocks) {
      const named = EXAMPLE_COMMAND.exec(block.before);
      if (block.lang !== 'markdown' || !named) continue;
      const [, command = '', prompt = ''] = named;
      const result = spawnSync(process.execPath, [bin, command, prompt, '--repo', root, '--data-dir', path.join(scratch, 'data')], {
        cwd: root,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: scratch },
      });
      out.write(`==== README.md:${block.line}: nanodex ${command} "${prompt}" (exit ${String(result.status)}) ====\n${result.stdout}\n`);
      if (result.status !== 0) code = 1;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return code;
}
