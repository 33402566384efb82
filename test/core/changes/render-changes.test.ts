import { describe, expect, it } from 'vitest';
import { renderChanges } from '../../../src/core/changes/render-changes.js';
import { buildLinkTo } from '../../../src/core/render/link-to.js';
import { about, applied } from './change-fixtures.js';

const repo = {
  'src/math.ts': 'export function add(a, b) {\n  return a + b;\n}\n',
  'src/legacy.ts': 'export const old = true;\nexport const older = true;\n',
  'docs/notes.md': 'Use ``` fences like this.\n',
};
const linkTo = buildLinkTo({ htmlUrl: 'https://github.com/o/r', sha: 'abc123' });
const group = { id: 'cleanup', label: 'Remove the legacy module' };

describe('renderChanges', () => {
  it('groups changes by approval group, ungrouped last, with risk, rationale, linked path and diff', async () => {
    const results = await applied(repo, [
      {
        kind: 'patch',
        ...about,
        title: 'Swap the operands',
        path: 'src/math.ts',
        format: 'search_replace',
        blocks: [{ search: 'a + b', replace: 'b + a' }],
      },
      {
        kind: 'file_delete',
        ...about,
        title: 'Delete legacy.ts',
        rationale: 'Nothing imports it.',
        path: 'src/legacy.ts',
        approvalGroup: group,
      },
      {
        kind: 'file_rename',
        ...about,
        title: 'Rename math.ts',
        rationale: 'Match the module name.',
        oldPath: 'src/math.ts',
        newPath: 'src/arith.ts',
        approvalGroup: group,
      },
      {
        kind: 'file_create',
        ...about,
        risk: 0,
        title: 'Add a *changelog*',
        rationale: 'Record the removal.',
        path: 'CHANGELOG.md',
        content: '# Changes\n\n- removed legacy\n',
      },
      { kind: 'file_create', ...about, title: 'Recreate @notes', path: 'docs/notes.md', content: 'x' },
    ]);
    expect(renderChanges(results, { linkTo })).toMatchInlineSnapshot(`
      "### Proposed changes

      5 changes: 1 risk 0 cosmetic, 3 risk 1 contained, 1 risk 2 broad; 1 could not be applied. Nothing has been written to the repository.

      #### Remove the legacy module (approval group \`cleanup\`, 2 changes)

      **2. Delete legacy.ts** · risk 2 broad · delete [\`src/legacy.ts\`](https://github.com/o/r/blob/abc123/src/legacy.ts)

      Nothing imports it.

      Deletes the file (2 lines).

      **3. Rename math.ts** · risk 1 contained · rename [\`src/math.ts\`](https://github.com/o/r/blob/abc123/src/math.ts) → \`src/arith.ts\`

      Match the module name.

      Content unchanged.

      #### Other changes

      **1. Swap the operands** · risk 1 contained · patch [\`src/math.ts\`](https://github.com/o/r/blob/abc123/src/math.ts#L2) (search-replace)

      The plan asks for it.

      \`\`\`diff
      @@ -1,3 +1,3 @@
       export function add(a, b) {
      -  return a + b;
      +  return b + a;
       }
      \`\`\`

      **4. Add a \\*changelog\\*** · risk 0 cosmetic · create \`CHANGELOG.md\`

      Record the removal.

      \`\`\`diff
      @@ -0,0 +1,3 @@
      +# Changes
      +
      +- removed legacy
      \`\`\`

      **5. Recreate @notes** · risk 1 contained · create \`docs/notes.md\`

      The plan asks for it.

      **Not applied:** docs/notes.md already exists; fix: set overwrite: true to replace it, or send a patch
      "
    `);
  });

  it('uses a fence longer than any backtick run in the diff, and plain paths without linkTo', async () => {
    const results = await applied(repo, [
      { kind: 'patch', ...about, path: 'docs/notes.md', format: 'whole_file', content: 'Use ```` fences now.\n' },
    ]);
    expect(renderChanges(results)).toMatchInlineSnapshot(`
      "### Proposed changes

      1 change: 1 risk 1 contained. Nothing has been written to the repository.

      **1. Tidy the parser** · risk 1 contained · patch \`docs/notes.md\` (whole-file)

      The plan asks for it.

      \`\`\`\`\`diff
      @@ -1,1 +1,1 @@
      -Use \`\`\` fences like this.
      +Use \`\`\`\` fences now.
      \`\`\`\`\`
      "
    `);
  });

  it('shows a fuzzy match with its raised risk and note', async () => {
    const results = await applied(repo, [
      {
        kind: 'patch',
        ...about,
        path: 'src/math.ts',
        format: 'search_replace',
        fallback: 'fuzzy',
        blocks: [{ search: '  return a+b;\n', replace: '  return b + a;\n' }],
      },
    ]);
    expect(renderChanges(results)).toMatchInlineSnapshot(`
      "### Proposed changes

      1 change: 1 risk 2 broad. Nothing has been written to the repository.

      **1. Tidy the parser** · risk 2 broad · patch \`src/math.ts\` (search-replace)

      The plan asks for it.

      _blocks\\[0\\] matched line 2 fuzzily (85% similar); risk raised from 1 to 2_

      \`\`\`diff
      @@ -1,3 +1,3 @@
       export function add(a, b) {
      -  return a + b;
      +  return b + a;
       }
      \`\`\`
      "
    `);
  });

  it('says so when nothing is proposed', () => {
    expect(renderChanges([])).toMatchInlineSnapshot(`
      "### Proposed changes

      No changes proposed.
      "
    `);
  });
});
