import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import fc from 'fast-check';
import { applyChanges } from '../../src/core/changes/apply-change.js';
import { contentSha256 } from '../../src/core/changes/content-sha256.js';
import { parseProposedChanges } from '../../src/core/changes/proposed-change-schema.js';
import { renderChanges } from '../../src/core/changes/render-changes.js';
import { parseRepoPath } from '../../src/core/repo/repo-path.js';
import { hostileJson, hostilePath, hostileString, hugeString, pieceText } from './hostile-text.js';
import { mutatedJson } from './mutate-json.js';
import { brokenRule, isUnder } from './repo-path-target.js';
import type { FuzzTarget, Verdict } from './run-target.js';

const FILES: Record<string, string> = {
  'src/a.ts': 'export function a() {\n  return 1;\n}\n\nexport function b() {\n  return 2;\n}\n',
  'src/b/c.ts': 'const x = 1;\r\nconst y = 2;\r\n',
  'README.md': '# title\n\ntext\n',
  'empty.txt': '',
  'big.txt': `${'y'.repeat(2000)}\n`.repeat(3),
};
const EXISTING = Object.keys(FILES);
const sample = (file: string) => FILES[file] ?? '';

const changePath = fc.oneof({ arbitrary: fc.constantFrom(...EXISTING, 'new/file.ts'), weight: 3 }, { arbitrary: hostilePath, weight: 2 });
const text = fc.oneof(
  fc.constantFrom(...Object.values(FILES), 'return 1;', '  return 1;\n', 'return  1 ;', 'export function a() {\n  return 3;\n}\n'),
  hostileString,
  hugeString,
);
const risk = fc.oneof(fc.constantFrom(0, 1, 2, 3), hostileJson);

/** A diff made by jsdiff from a real file to an edit of it (applies), or assembled from diff pieces (mostly does not). */
const diff = fc.oneof(
  fc.tuple(fc.constantFrom(...EXISTING), text).map(([file, after]) => createTwoFilesPatch(file, file, sample(file), after)),
  pieceText(
    [
      '--- a/x\n',
      '+++ b/x\n',
      '@@ -1,2 +1,2 @@\n',
      '@@ -0,0 +1 @@\n',
      '@@ -99999999999,1 +1 @@\n',
      ' return 1;\n',
      '-  return 1;\n',
      '+  return 3;\n',
      '\\ No newline at end of file\n',
      'Index: x\n',
      '===\n',
      '\n',
      'diff --git a/x b/x\n',
    ],
    20,
  ),
);

const block = fc.record(
  {
    search: text,
    replace: text,
    matchMode: fc.constantFrom('exact', 'fuzzy'),
    occurrence: fc.oneof(fc.integer({ min: -1, max: 4 }), hostileJson),
  },
  { requiredKeys: ['search', 'replace'] },
);

const common = { title: fc.constantFrom('Change', '', 'x'.repeat(300)), rationale: fc.constantFrom('Because.', ''), risk };
const change = fc.oneof(
  fc.record(
    { kind: fc.constant('file_create'), ...common, path: changePath, content: text, overwrite: fc.boolean() },
    { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path', 'content'] },
  ),
  fc.record(
    { kind: fc.constant('file_rename'), ...common, oldPath: changePath, newPath: changePath, overwrite: fc.boolean() },
    { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'oldPath', 'newPath'] },
  ),
  fc.record(
    {
      kind: fc.constant('file_delete'),
      ...common,
      path: changePath,
      expectedSha256: fc.oneof(
        fc.constantFrom(...EXISTING).map((f) => contentSha256(sample(f))),
        fc.string(),
      ),
    },
    { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path'] },
  ),
  fc.record(
    {
      kind: fc.constant('patch'),
      ...common,
      path: changePath,
      format: fc.constantFrom('unified', 'search_replace', 'whole_file'),
      diff,
      blocks: fc.array(block, { maxLength: 3 }),
      content: text,
      fallback: fc.constantFrom('none', 'fuzzy'),
      fuzzyThreshold: fc.oneof(fc.double({ min: 0, max: 1 }), hostileJson),
      baseSha256: fc.constantFrom(...EXISTING).map((f) => contentSha256(sample(f))),
    },
    { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path', 'format'] },
  ),
  hostileJson,
);

/** Changes the schema accepts and that mostly apply: blocks quote the file, diffs are made from it, hashes are its own. */
const NON_EMPTY = EXISTING.filter((f) => sample(f) !== '');
const smallText = fc.oneof(fc.constantFrom('export const c = 3;\n', '', 'return 3;', '  return 1;\n'), fc.string({ maxLength: 40 }));
const valid = { title: fc.constant('Change'), rationale: fc.constant('Because.'), risk: fc.constantFrom(0, 1, 2, 3) };
const excerptOf = (text: string) =>
  fc.tuple(fc.nat(text.length), fc.nat(text.length)).map(([a, b]) => text.slice(Math.min(a, b), Math.max(a, b) + 1));
const validChange = fc.oneof(
  fc.record(
    {
      kind: fc.constant('file_create'),
      ...valid,
      path: fc.constantFrom('new/file.ts', 'src/c.ts', ...EXISTING),
      content: smallText,
      overwrite: fc.boolean(),
    },
    { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path', 'content'] },
  ),
  fc.record({
    kind: fc.constant('file_rename'),
    ...valid,
    oldPath: fc.constantFrom(...EXISTING),
    newPath: fc.constantFrom('moved.ts', 'src/moved/a.ts'),
    overwrite: fc.boolean(),
  }),
  fc
    .constantFrom(...EXISTING)
    .chain((file) =>
      fc.record(
        { kind: fc.constant('file_delete'), ...valid, path: fc.constant(file), expectedSha256: fc.constant(contentSha256(sample(file))) },
        { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path'] },
      ),
    ),
  fc.constantFrom(...NON_EMPTY).chain((file) =>
    fc.record(
      {
        kind: fc.constant('patch'),
        ...valid,
        path: fc.constant(file),
        format: fc.constant('search_replace'),
        blocks: fc.array(
          fc.record(
            { search: excerptOf(sample(file)), replace: smallText, matchMode: fc.constantFrom('exact', 'fuzzy') },
            { requiredKeys: ['search', 'replace'] },
          ),
          { minLength: 1, maxLength: 3 },
        ),
        fallback: fc.constantFrom('none', 'fuzzy'),
      },
      { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path', 'format', 'blocks'] },
    ),
  ),
  fc.constantFrom(...NON_EMPTY).chain((file) =>
    fc.record(
      {
        kind: fc.constant('patch'),
        ...valid,
        path: fc.constant(file),
        format: fc.constant('unified'),
        diff: smallText.map((after) => createTwoFilesPatch(file, file, sample(file), after)).filter((d) => d.includes('@@')),
        baseSha256: fc.constant(contentSha256(sample(file))),
      },
      { requiredKeys: ['kind', 'title', 'rationale', 'risk', 'path', 'format', 'diff'] },
    ),
  ),
  fc.record({
    kind: fc.constant('patch'),
    ...valid,
    path: fc.constantFrom(...EXISTING),
    format: fc.constant('whole_file'),
    content: smallText,
  }),
);
const CHANGE_PATHS = [
  '0.kind',
  '0.path',
  '0.title',
  '0.risk',
  '0.format',
  '0.blocks',
  '0.blocks.0.search',
  '0.diff',
  '0.content',
  '0.oldPath',
  '0.newPath',
  '1.path',
  '1.kind',
];

const changeSet = fc.oneof(
  { arbitrary: mutatedJson(fc.array(validChange, { minLength: 1, maxLength: 4 }), CHANGE_PATHS, 2), weight: 4 },
  { arbitrary: fc.array(change, { minLength: 1, maxLength: 5 }), weight: 4 },
  { arbitrary: fc.record({ changes: fc.array(change, { maxLength: 5 }) }), weight: 2 },
  { arbitrary: hostileJson, weight: 1 },
);

/** Where a result would be written, for every path a change touches. */
function touchedPaths(result: Awaited<ReturnType<typeof applyChanges>>[number]): string[] {
  const { change: c } = result;
  return c.kind === 'file_rename' ? [c.oldPath, c.newPath] : [c.path];
}

export function changeTarget(root: string): FuzzTarget<unknown> {
  return {
    name: 'changes: parseProposedChanges + applyChanges',
    runs: 10_000,
    arbitrary: changeSet,
    check: async (raw): Promise<Verdict | undefined> => {
      const checked = parseProposedChanges(raw);
      if (!checked.ok) return checked.problems.length > 0 ? undefined : { violation: 'refused without a problem' };
      const escapes: string[] = [];
      // Every path applyChanges reads, and every path a result would write, must be a normalised repository path inside the root.
      const guard = (p: string): void => {
        const broken = brokenRule(p) ?? (parseRepoPath(p) === p ? undefined : 'not normalised');
        if (broken !== undefined || !isUnder(root, path.join(root, p)))
          escapes.push(`${JSON.stringify(p.slice(0, 80))}${broken ? ` (${broken})` : ''}`);
      };
      const results = await applyChanges(checked.changes, async (p) => {
        guard(p);
        // An own key only: FILES["__proto__"] would hand back Object.prototype as file content.
        return Object.hasOwn(FILES, p) ? FILES[p] : undefined;
      });
      for (const result of results) {
        if (result.ok) touchedPaths(result).forEach(guard);
        // readFile above never throws: a "could not read" result is an exception applyChanges swallowed.
        else if (result.reason.startsWith('could not read the repository'))
          throw new Error(`applyChanges hid an exception: ${result.reason}`);
      }
      if (escapes.length > 0) return { escape: escapes.join(', ') };
      renderChanges(results);
      return { accepted: true };
    },
  };
}
