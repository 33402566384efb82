import type { z as Zod } from 'zod';
import { loadZod } from '../runtime/load-zod.js';
import { encodeHiddenBlock, readTrailingBlocks } from '../render/hidden-blocks.js';

/**
 * What one reply leaves for the next request in the same thread: the
 * request, the files its citations point at and the symbols it named. Kept
 * as a hidden block at the end of nanodex's own reply (any worker reads it
 * back from the thread); never more than this, never file contents.
 */
export interface MemoryRecord {
  v: 1;
  /** `owner/repo`: a thread's memory never leaves its repository (an issue can be transferred). */
  repo: string;
  command: string;
  request: string;
  files: string[];
  symbols: string[];
}

const MAX_FILES = 15;
const MAX_SYMBOLS = 15;

/** The record's schema, built on the first record read (loadZod). */
function buildSchema(z: typeof Zod) {
  return z.strictObject({
    v: z.literal(1),
    repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
    command: z.string().max(40),
    request: z.string().max(500),
    files: z.array(z.string().max(4096)).max(MAX_FILES),
    symbols: z.array(z.string().max(200)).max(MAX_SYMBOLS),
  });
}
let schema: ReturnType<typeof buildSchema> | undefined;

/**
 * The record of an answered request: files in the order the reply cites them
 * (links to `…/blob/<sha>/path#L…` or `path#L…`), symbols of the files a plan
 * names. Undefined when the reply cites nothing.
 */
export function toMemoryRecord(input: {
  repo: string;
  command: string;
  request: string;
  reply: string;
  /** The files a plan names to change, with their symbols. */
  named: readonly { path: string; symbols: readonly string[] }[];
}): MemoryRecord | undefined {
  const files: string[] = [];
  const add = (path: string) => {
    if (!files.includes(path) && files.length < MAX_FILES) files.push(path);
  };
  for (const match of input.reply.matchAll(/\]\((?:https?:\/\/[^)\s]*?\/blob\/[0-9a-f]{7,40}\/)?([^)\s#:]+)#L\d+/g)) {
    if (match[1] && !match[1].startsWith('http')) add(safeDecode(match[1]));
  }
  const symbols: string[] = [];
  for (const file of input.named) {
    add(file.path);
    for (const symbol of file.symbols) if (!symbols.includes(symbol) && symbols.length < MAX_SYMBOLS) symbols.push(symbol);
  }
  if (files.length === 0 && symbols.length === 0) return undefined;
  return { v: 1, repo: input.repo, command: input.command, request: input.request.slice(0, 500), files, symbols };
}

/** The hidden block, with `<`, `>` and `-` escaped inside strings so nothing in it can close the HTML comment. */
export function encodeMemory(record: MemoryRecord): string {
  return encodeHiddenBlock('memory', record);
}

/** The memory block at the end of a comment body, when well-formed (a block anywhere else is not one: hidden-blocks.ts). */
export function readMemories(body: string): MemoryRecord[] {
  const found: MemoryRecord[] = [];
  for (const block of readTrailingBlocks(body).filter((b) => b.kind === 'memory')) {
    try {
      schema ??= buildSchema(loadZod());
      const parsed = schema.safeParse(JSON.parse(block.json));
      if (parsed.success) found.push(parsed.data);
    } catch {
      // A block someone edited into invalid JSON is not memory.
    }
  }
  return found;
}

/** A link's path as written; one with a broken %-escape stays as it is rather than failing the reply. */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
