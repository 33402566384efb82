import { describe, expect, it } from 'vitest';
import { splitCode } from '../../../src/core/render/split-code.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';

/** A file whose own text holds Markdown fences of three and four backticks and tildes. */
const DOC_IN_CODE = [
  'export function renderUsageBlock(name: string): string {',
  '  return [',
  "    '```ts',",
  '    `renderUsageBlock(${name})`,',
  "    '```',",
  "    '~~~',",
  "    '````',",
  "  ].join('\\n');",
  '}',
  '',
].join('\n');

describe('explain > excerpts that hold code fences', () => {
  it('keeps every excerpt inside one well-formed block, with the prose after it outside code', async () => {
    const { ports, repo } = await explorePorts({ ...SAMPLE_FILES, 'src/usage.ts': DOC_IN_CODE });
    const result = await run(
      { command: 'explain', prompt: 'what does renderUsageBlock return?', repo: { kind: 'local', root: repo.root } },
      ports,
    );
    if (result.kind !== 'done' || !('comment' in result)) throw new Error(`unexpected ${result.kind}`);
    const body = result.comment.body;
    expect(body).toContain("'````',");
    const parts = splitCode(body);
    // The excerpt's fence lines are code, and the reply's own text after the excerpt is prose again.
    expect(parts.filter((p) => p.isCode).some((p) => p.text.includes("'```ts',") && p.text.includes("'````',"))).toBe(true);
    expect(parts.filter((p) => !p.isCode).some((p) => /no language model was used/.test(p.text))).toBe(true);
  });
});
