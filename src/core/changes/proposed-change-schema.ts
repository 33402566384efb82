import { parsePatch } from 'diff';
import { z } from 'zod';
import { PathRejectedError } from '../errors.js';
import { isValidRepoPath, parseRepoPath } from '../repo/repo-path.js';

/** Seed 002: file content (create, whole_file) is at most 1,000,000 characters; diffs and blocks share the bound. */
export const MAX_CONTENT_CHARS = 1_000_000;
/** One proposal stays reviewable: a set holds at most 50 changes. */
export const MAX_CHANGES_PER_SET = 50;
/** Seed 002's default similarity a fuzzy match must reach. */
export const DEFAULT_FUZZY_THRESHOLD = 0.8;

/**
 * How much a reviewer should look before approving (seed 002 keeps 0-3):
 * 0 cosmetic (comments, docs, formatting), 1 contained (a local behaviour
 * change), 2 broad (public API, several callers, deletions), 3 destructive
 * (loses data or is hard to undo). Deletions are at least 2 whatever the
 * model says, and a fuzzy match raises the risk by one.
 */
export const RISK_LABELS = ['cosmetic', 'contained', 'broad', 'destructive'] as const;
export type RiskLevel = 0 | 1 | 2 | 3;

const repoPath = z
  .string()
  .superRefine((value, ctx) => {
    try {
      parseRepoPath(value);
    } catch (error) {
      if (!(error instanceof PathRejectedError)) throw error;
      ctx.addIssue({ code: 'custom', message: `${error.message}; fix: ${error.hint ?? 'use a repository-relative path'}` });
    }
  })
  .meta({ description: 'Repository-relative POSIX path, e.g. "src/app.ts": no leading "/", no ".." segments, no control characters.' });

const sha256 = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (a sha256 of the file content)')
  .meta({ description: 'sha256 (hex) of the file content the change was written against; a different file is a conflict.' });

const content = z.string().max(MAX_CONTENT_CHARS);

const common = {
  title: z.string().min(1).max(200).meta({ description: 'One line: what the change does.' }),
  rationale: z.string().min(1).max(4000).meta({ description: 'Why the change is needed, tied to the plan.' }),
  risk: z.literal([0, 1, 2, 3]).meta({ description: '0 cosmetic, 1 contained, 2 broad (deletions at least 2), 3 destructive.' }),
  approvalGroup: z
    .strictObject({ id: z.string().min(1).max(100), label: z.string().min(1).max(200) })
    .optional()
    .meta({ description: 'Changes sharing an id are approved together.' }),
  onConflict: z.literal('fail').optional().meta({
    description: 'Only "fail" is supported: a change whose base does not match is not applied (seed 002\'s ours/theirs/marker are not).',
  }),
};

const fileCreate = z.strictObject({
  kind: z.literal('file_create'),
  ...common,
  path: repoPath,
  content: content.meta({ description: 'The whole content of the new file.' }),
  overwrite: z
    .boolean()
    .optional()
    .meta({ description: 'Replace an existing file; without it (default false) an existing file fails the change.' }),
});

const fileRename = z
  .strictObject({
    kind: z.literal('file_rename'),
    ...common,
    oldPath: repoPath,
    newPath: repoPath,
    overwrite: z.boolean().optional().meta({ description: 'Replace an existing file at newPath (default false).' }),
  })
  .superRefine((change, ctx) => {
    if (
      isValidRepoPath(change.oldPath) &&
      isValidRepoPath(change.newPath) &&
      parseRepoPath(change.oldPath) === parseRepoPath(change.newPath)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['newPath'],
        message: 'is the same file as oldPath; fix: give a different newPath, or drop the change',
      });
    }
  });

const fileDelete = z.strictObject({
  kind: z.literal('file_delete'),
  ...common,
  path: repoPath,
  expectedSha256: sha256.optional(),
});

const searchReplaceBlock = z.strictObject({
  search: z
    .string()
    .min(1)
    .max(MAX_CONTENT_CHARS)
    .meta({ description: 'Text to find, copied exactly from the file (whole lines work best).' }),
  replace: z.string().max(MAX_CONTENT_CHARS),
  matchMode: z.enum(['exact', 'fuzzy']).optional().meta({ description: 'exact (default); fuzzy also accepts a similar block of lines.' }),
  occurrence: z.number().int().min(1).optional().meta({ description: 'Which exact occurrence to replace, 1 = first (default).' }),
});

const FORMAT_FIELD = { unified: 'diff', search_replace: 'blocks', whole_file: 'content' } as const;

const patch = z
  .strictObject({
    kind: z.literal('patch'),
    ...common,
    path: repoPath,
    format: z.enum(['unified', 'search_replace', 'whole_file']),
    diff: z
      .string()
      .min(1)
      .max(MAX_CONTENT_CHARS)
      .optional()
      .meta({ description: 'Required when format is unified: a unified diff of this one file.' }),
    blocks: z
      .array(searchReplaceBlock)
      .min(1)
      .max(MAX_CHANGES_PER_SET)
      .optional()
      .meta({ description: 'Required when format is search_replace; applied in order.' }),
    content: content.optional().meta({ description: 'Required when format is whole_file: the new content of the file.' }),
    baseSha256: sha256.optional(),
    fallback: z
      .enum(['none', 'fuzzy'])
      .optional()
      .meta({ description: 'If the exact match fails: none (default) or fuzzy (raises the risk by one).' }),
    fuzzyThreshold: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .meta({ description: `Least similarity (0-1) a fuzzy match needs; default ${DEFAULT_FUZZY_THRESHOLD}.` }),
  })
  .superRefine((change, ctx) => {
    const wanted = FORMAT_FIELD[change.format];
    for (const field of Object.values(FORMAT_FIELD)) {
      const present = change[field] !== undefined;
      if (field === wanted && !present) {
        ctx.addIssue({ code: 'custom', path: [field], message: `is required when format is ${change.format}; fix: add ${field}` });
      } else if (field !== wanted && present) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `is only used with format ${formatOf(field)}; fix: remove ${field} or set format to ${formatOf(field)}`,
        });
      }
    }
    if (change.format === 'unified' && change.diff !== undefined) {
      const problem = checkUnifiedDiff(change.diff);
      if (problem) ctx.addIssue({ code: 'custom', path: ['diff'], message: problem });
    }
  });

/** One proposed change. Nothing here writes: see applyChanges for the in-memory result. */
export const proposedChangeSchema = z.discriminatedUnion('kind', [fileCreate, fileRename, fileDelete, patch]);

/** A set of changes for one plan; an object, so it can be a tool's input schema as it is. */
export const proposedChangeSetSchema = z.strictObject({
  changes: z.array(proposedChangeSchema).min(1).max(MAX_CHANGES_PER_SET),
});

export type ProposedChange = z.output<typeof proposedChangeSchema>;
export type ProposedChangeKind = ProposedChange['kind'];

export type ProposedChangesCheck = { ok: true; changes: ProposedChange[] } | { ok: false; problems: string[] };

/**
 * Validates a change set (`{ changes: [...] }`, or a bare array of changes)
 * and reports every problem at once, each naming its JSON path, what was
 * wrong and how to fix it. Paths come back normalised by parseRepoPath, and
 * deletions are raised to risk 2.
 */
export function parseProposedChanges(raw: unknown): ProposedChangesCheck {
  const parsed = proposedChangeSetSchema.safeParse(Array.isArray(raw) ? { changes: raw } : raw, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map(toProblem) };
  return { ok: true, changes: parsed.data.changes.map(normalise) };
}

function normalise(change: ProposedChange): ProposedChange {
  switch (change.kind) {
    case 'file_rename':
      return { ...change, oldPath: parseRepoPath(change.oldPath), newPath: parseRepoPath(change.newPath) };
    case 'file_delete':
      return { ...change, path: parseRepoPath(change.path), risk: change.risk < 2 ? 2 : change.risk };
    default:
      return { ...change, path: parseRepoPath(change.path) };
  }
}

function toProblem(issue: z.core.$ZodIssue): string {
  const where = toJsonPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `${where}: missing; fix: add ${String(issue.path.at(-1) ?? 'it')} (${issue.expected})`
        : `${where}: expected ${issue.expected}, got ${describeValue(issue.input)}`;
    case 'unrecognized_keys':
      return `${where}: unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; fix: remove ${issue.keys.length === 1 ? 'it' : 'them'}`;
    case 'invalid_union':
      return `${where}: kind must be one of file_create, file_rename, file_delete, patch; fix: set kind and the fields that kind needs`;
    case 'invalid_value':
      return `${where}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(issue.input)}`;
    case 'too_big':
      return `${where}: ${issue.message}; fix: split or shorten it`;
    case 'too_small':
      return `${where}: ${issue.message}; fix: ${issue.origin === 'number' ? `use a number of at least ${String(issue.minimum)}` : 'fill it in'}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

/** `changes[2].blocks[0].search`, as a reader finds it in the JSON. */
export function toJsonPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return typeof value === 'object' ? 'an object' : String(value);
}

function formatOf(field: string): string {
  return Object.entries(FORMAT_FIELD).find(([, f]) => f === field)?.[0] ?? '';
}

function checkUnifiedDiff(diff: string): string | undefined {
  let files;
  try {
    files = parsePatch(diff);
  } catch (error) {
    return `is not a unified diff (${error instanceof Error ? error.message : String(error)}); fix: send "@@ -a,b +c,d @@" hunks, or use format search_replace`;
  }
  if (files.length !== 1) return `patches ${files.length} files; fix: one change per file, each with its own path`;
  if (files[0]?.hunks.length === 0) return 'has no "@@" hunk; fix: include at least one hunk, or use format search_replace';
  return undefined;
}
