import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseProposedChanges, proposedChangeSetSchema } from '../../../src/core/changes/proposed-change-schema.js';
import { about } from './change-fixtures.js';

const sha = 'a'.repeat(64);
const unified = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,1 +1,1 @@\n-old\n+new\n';

const seedForms = {
  file_create: { kind: 'file_create', ...about, path: 'src/new.ts', content: 'export {};\n', overwrite: false },
  file_rename: { kind: 'file_rename', ...about, oldPath: 'src/a.ts', newPath: 'src/b.ts', overwrite: true },
  file_delete: { kind: 'file_delete', ...about, risk: 2, path: 'src/old.ts', expectedSha256: sha },
  'unified patch': { kind: 'patch', ...about, path: 'src/a.ts', format: 'unified', diff: unified, baseSha256: sha },
  'search_replace patch': {
    kind: 'patch',
    ...about,
    path: 'src/a.ts',
    format: 'search_replace',
    fallback: 'fuzzy',
    fuzzyThreshold: 0.9,
    blocks: [
      { search: 'old', replace: 'new', matchMode: 'exact', occurrence: 2 },
      { search: 'x', replace: '' },
    ],
  },
  'whole_file patch': { kind: 'patch', ...about, path: 'src/a.ts', format: 'whole_file', content: '', onConflict: 'fail' },
  'grouped change': { kind: 'file_create', ...about, path: 'a.md', content: '#', approvalGroup: { id: 'docs', label: 'Docs' } },
};

function problemsOf(raw: unknown): string[] {
  const check = parseProposedChanges(raw);
  return check.ok ? [] : check.problems;
}

describe('parseProposedChanges', () => {
  it.each(Object.entries(seedForms))('accepts a %s in the form of seed 002', (_name, change) => {
    expect(problemsOf([change])).toEqual([]);
  });

  it('accepts a bare array as well as { changes }, and normalises paths', () => {
    const check = parseProposedChanges([{ ...seedForms.file_create, path: './src//new.ts' }]);
    expect(check.ok && check.changes[0]).toMatchObject({ path: 'src/new.ts' });
  });

  it('raises a deletion proposed as risk 0 to risk 2', () => {
    const check = parseProposedChanges([{ ...seedForms.file_delete, risk: 0 }]);
    expect(check.ok && check.changes[0]?.risk).toBe(2);
  });

  describe('when a path tries to leave the repository', () => {
    it.each([
      ['../x', 'contains a ".." segment'],
      ['a/../../b', 'contains a ".." segment'],
      ['/etc/passwd', 'absolute path'],
      ['C:\\Windows\\win.ini', 'absolute path'],
      ['src/a\u0000.ts', 'contains NUL or control characters'],
      ['src/\nevil.ts', 'contains NUL or control characters'],
    ])('rejects %j, naming the rule and the fix', (path, rule) => {
      expect(problemsOf([{ ...seedForms.file_create, path }])).toEqual([
        `changes[0].path: path ${JSON.stringify(path)} rejected: ${rule}; fix: use a path relative to the repository root, without "..", that stays inside it`,
      ]);
    });

    it('checks both paths of a rename', () => {
      expect(problemsOf([{ ...seedForms.file_rename, oldPath: '../a', newPath: '/b' }]).map((p) => p.split(':')[0])).toEqual([
        'changes[0].oldPath',
        'changes[0].newPath',
      ]);
    });
  });

  describe('conditional fields of a patch', () => {
    it('requires the field its format uses and refuses the others', () => {
      expect(problemsOf([{ kind: 'patch', ...about, path: 'a.ts', format: 'unified', content: 'x' }])).toEqual([
        'changes[0].diff: is required when format is unified; fix: add diff',
        'changes[0].content: is only used with format whole_file; fix: remove content or set format to whole_file',
      ]);
      expect(problemsOf([{ kind: 'patch', ...about, path: 'a.ts', format: 'search_replace' }])).toEqual([
        'changes[0].blocks: is required when format is search_replace; fix: add blocks',
      ]);
    });

    it('refuses a unified diff without hunks or of several files', () => {
      const twoFiles = `${unified}--- a/b.ts\n+++ b/b.ts\n@@ -1 +1 @@\n-a\n+b\n`;
      expect(
        problemsOf([
          { ...seedForms['unified patch'], diff: 'just some text' },
          { ...seedForms['unified patch'], diff: twoFiles },
        ]),
      ).toEqual([
        'changes[0].diff: has no "@@" hunk; fix: include at least one hunk, or use format search_replace',
        'changes[1].diff: patches 2 files; fix: one change per file, each with its own path',
      ]);
    });
  });

  it('reports every problem at once with its JSON path, what was wrong and the fix', () => {
    expect(
      problemsOf({
        changes: [
          { kind: 'move', path: 'a' },
          { kind: 'file_delete', title: 'Drop it', rationale: 'unused', risk: 5, path: 'a.ts', expectedSha256: 'abc', force: true },
          { ...seedForms['search_replace patch'], blocks: [{ search: '', replace: 'x', occurrence: 0 }] },
          { kind: 'file_rename', ...about, oldPath: 'a.ts', newPath: './a.ts' },
        ],
      }),
    ).toMatchInlineSnapshot(`
      [
        "changes[0].kind: kind must be one of file_create, file_rename, file_delete, patch; fix: set kind and the fields that kind needs",
        "changes[1].risk: must be one of 0, 1, 2, 3, got 5",
        "changes[1].expectedSha256: must be 64 hexadecimal characters (a sha256 of the file content)",
        "changes[1]: unknown field "force"; fix: remove it",
        "changes[2].blocks[0].search: Too small: expected string to have >=1 characters; fix: fill it in",
        "changes[2].blocks[0].occurrence: Too small: expected number to be >=1; fix: use a number of at least 1",
        "changes[3].newPath: is the same file as oldPath; fix: give a different newPath, or drop the change",
      ]
    `);
  });

  it('names a missing field and bounds the size of content and of a set', () => {
    const { title: _title, ...untitled } = seedForms.file_create;
    expect(problemsOf([untitled])).toEqual(['changes[0].title: missing; fix: add title (string)']);
    expect(problemsOf([{ ...seedForms.file_create, content: 'x'.repeat(1_000_001) }])[0]).toMatch(/^changes\[0\]\.content: Too big/);
    expect(problemsOf(Array.from({ length: 51 }, () => seedForms.file_create))[0]).toMatch(/^changes: Too big/);
    expect(problemsOf('not json')).toEqual(['(root): expected object, got "not json"']);
  });
});

describe('proposedChangeSetSchema', () => {
  it('converts to a JSON schema an output tool can take as its input', () => {
    const schema = z.toJSONSchema(proposedChangeSetSchema) as unknown as {
      type: string;
      required: string[];
      properties: { changes: { maxItems: number; items: { oneOf: { properties: { kind: { const: string } }; required: string[] }[] } } };
    };
    expect(schema).toMatchObject({ type: 'object', required: ['changes'] });
    const kinds = schema.properties.changes.items.oneOf.map((o) => [o.properties.kind.const, o.required]);
    expect(kinds).toEqual([
      ['file_create', ['kind', 'title', 'rationale', 'risk', 'path', 'content']],
      ['file_rename', ['kind', 'title', 'rationale', 'risk', 'oldPath', 'newPath']],
      ['file_delete', ['kind', 'title', 'rationale', 'risk', 'path']],
      ['patch', ['kind', 'title', 'rationale', 'risk', 'path', 'format']],
    ]);
    expect(schema.properties.changes.maxItems).toBe(50);
  });
});
