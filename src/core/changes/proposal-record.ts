import { z } from 'zod';
import type { ChangeResult } from './apply-change.js';
import { contentSha256 } from './content-sha256.js';
import { parseProposedChanges, type ProposedChange } from './proposed-change-schema.js';
import { encodeHiddenBlock, readTrailingBlocks } from '../render/hidden-blocks.js';

/**
 * A proposal `@nanodex work` made, kept where any worker can read it again:
 * a hidden block at the end of nanodex's own reply. `@nanodex apply <id>`
 * reads it back from the thread. The id is a hash of everything else in the
 * record, so a record that was edited or redacted on the way no longer
 * matches its id and is refused instead of applied.
 */
export interface ProposalRecord {
  v: 1;
  id: string;
  /** `owner/repo`: a record is never applied to another repository (an issue can be transferred). */
  repo: string;
  createdAt: string;
  /** The request the proposal answers (its first 300 characters). */
  request: string;
  changes: ProposedChange[];
  /**
   * sha256 of each path's content when the proposal was made (null: the path did not exist). Applying
   * refuses a path whose content moved on since.
   */
  bases: Record<string, string | null>;
  /** sha256 of everything above (canonical JSON): two records with the same id and different digests are refused. */
  digest: string;
}

const ID = /^[0-9a-f]{10}$/;

const recordSchema = z.strictObject({
  v: z.literal(1),
  id: z.string().regex(ID),
  repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  createdAt: z.iso.datetime(),
  request: z.string().max(300),
  changes: z.array(z.unknown()).min(1),
  bases: z.record(
    z.string(),
    z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
  ),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The record of the changes that worked out, or undefined when none did. */
export function toProposalRecord(input: {
  repo: string;
  request: string;
  results: readonly ChangeResult[];
  now: Date;
}): ProposalRecord | undefined {
  const ok = input.results.filter((r) => r.ok);
  if (ok.length === 0) return undefined;
  const bases: Record<string, string | null> = {};
  const note = (path: string, content: string | undefined) => {
    if (!Object.hasOwn(bases, path)) bases[path] = content === undefined ? null : contentSha256(content);
  };
  for (const result of ok) {
    const { change } = result;
    if (change.kind === 'file_rename') {
      note(change.oldPath, result.before);
      if (!change.overwrite) note(change.newPath, undefined);
    } else note(change.path, result.before);
  }
  const body = {
    v: 1 as const,
    repo: input.repo,
    createdAt: input.now.toISOString(),
    request: input.request.slice(0, 300),
    changes: ok.map((r) => r.change),
    bases,
  };
  return sealProposal(body);
}

/** The hidden block: JSON with `<`, `>` and `-` escaped inside strings, so nothing in it can close the HTML comment. */
export function encodeProposal(record: ProposalRecord): string {
  return encodeHiddenBlock('proposal', record);
}

export type ReadProposal = { ok: true; record: ProposalRecord } | { ok: false; id: string | undefined; problem: string };

/**
 * The proposal block at the end of a comment body (see hidden-blocks.ts: a block
 * anywhere else is not one), checked: its shape, its changes (the schema), and its
 * digest against its content.
 */
export function readProposals(body: string): ReadProposal[] {
  return readTrailingBlocks(body)
    .filter((b) => b.kind === 'proposal')
    .map((b) => readOne(b.json));
}

function readOne(json: string): ReadProposal {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, id: undefined, problem: 'its record is not valid JSON (the comment was edited or cut)' };
  }
  const parsed = recordSchema.safeParse(raw);
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : undefined;
  if (!parsed.success) return { ok: false, id, problem: `its record is malformed (${parsed.error.issues[0]?.message ?? 'unknown'})` };
  const changes = parseProposedChanges({ changes: parsed.data.changes });
  if (!changes.ok) return { ok: false, id, problem: `its changes do not pass the schema: ${changes.problems[0] ?? ''}` };
  const { id: stated, digest, ...rest } = parsed.data;
  const record = { ...rest, changes: changes.changes };
  const actual = proposalDigest(record);
  if (actual !== digest || actual.slice(0, 10) !== stated) {
    return { ok: false, id, problem: 'its content no longer matches its id (the comment was edited, or a secret in it was redacted)' };
  }
  return { ok: true, record: { ...record, id: stated, digest } };
}

/** A record's id and digest, from its content. */
export function sealProposal(body: Omit<ProposalRecord, 'id' | 'digest'>): ProposalRecord {
  const digest = proposalDigest(body);
  return { ...body, id: digest.slice(0, 10), digest };
}

/** sha256 of the record's canonical content; the id is its first 10 characters. */
function proposalDigest(body: Omit<ProposalRecord, 'id' | 'digest'>): string {
  return contentSha256(canonicalJson(body));
}

/** JSON with every object's keys sorted: the same record gives the same text whatever order its fields were built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Every path a change set reads or writes. */
export function pathsOf(changes: readonly ProposedChange[]): string[] {
  return [...new Set(changes.flatMap((c) => (c.kind === 'file_rename' ? [c.oldPath, c.newPath] : [c.path])))];
}
