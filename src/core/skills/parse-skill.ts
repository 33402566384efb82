import path from 'node:path';
import type { z } from 'zod';
import { loadZod } from '../runtime/load-zod.js';
import { parseFrontmatter } from './parse-frontmatter.js';
import { isSkillCommand, SKILL_COMMANDS } from '../commands/command-table.js';
import { SKILL_OUTPUT_TOOLS, type Skill, type SkillOutputTool, type SkillProblem, type SkillSource } from './types.js';

/** Checked before parsing: a 500-line SKILL.md of long lines is ~40 KB, so 64 KB leaves room and bounds the parser. */
export const MAX_SKILL_BYTES = 64 * 1024;
/** Agent Skills: keep SKILL.md under 500 lines (move details to references/). */
export const MAX_BODY_LINES = 500;
/** Agent Skills limits for `name` and `description`. */
const MAX_NAME_LENGTH = 64;
const MAX_DESCRIPTION_LENGTH = 1024;
const NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The frontmatter's schema, built on the first skill parsed (loadZod): the built-ins come from their catalog. */
function buildFrontmatterSchema(zod: typeof z) {
  const textOrList = zod.union([zod.string(), zod.array(zod.string())]);
  // The Agent Skills frontmatter fields; any other top-level key is a problem (put extras under `metadata`).
  return zod.strictObject({
    name: zod.string().max(MAX_NAME_LENGTH).regex(NAME_PATTERN),
    description: zod.string().trim().min(1).max(MAX_DESCRIPTION_LENGTH),
    license: zod.string().trim().min(1).max(200).optional(),
    compatibility: zod.string().trim().min(1).max(500).optional(),
    'allowed-tools': textOrList.optional(),
    metadata: zod.record(zod.string(), textOrList).optional(),
  });
}
let frontmatterSchema: ReturnType<typeof buildFrontmatterSchema> | undefined;

const EXPECTED: Record<string, { expected: string; fix: (value: unknown) => string }> = {
  name: {
    expected: `lowercase letters, digits and single hyphens, at most ${MAX_NAME_LENGTH} characters, equal to the folder name`,
    fix: (value) => `set "name: ${toSkillName(value)}" and give the folder the same name`,
  },
  description: {
    expected: `text of 1 to ${MAX_DESCRIPTION_LENGTH} characters saying what the skill does and its trigger words`,
    fix: () => 'write one or two sentences on what the skill does and when to use it, then Triggers on "…", "…"',
  },
  license: {
    expected: 'a short text such as "Apache-2.0"',
    fix: () => 'write the license name, e.g. "license: Apache-2.0", or remove the line',
  },
  compatibility: {
    expected: 'text of at most 500 characters',
    fix: () => 'shorten it to the environment the skill needs, or remove the line',
  },
  'allowed-tools': {
    expected: `output tools separated by spaces, or a YAML list, from: ${SKILL_OUTPUT_TOOLS.join(' ')}`,
    fix: () => `write e.g. "allowed-tools: emit_answer" using only ${SKILL_OUTPUT_TOOLS.join(', ')}`,
  },
  metadata: {
    expected: 'a mapping of keys to text or to lists of text',
    fix: () => 'write "metadata:" then indented "key: value" lines (values are text or [lists, of, text])',
  },
};

/** YAML reads unquoted null, yes, 1.0 as non-text; the fix says so because that is the usual cause. */
const METADATA_VALUE = {
  expected: 'text or a list of text',
  fix: () => 'quote values YAML would read as something else, e.g. "null", "yes", "1.0"',
};

export type ParsedSkill = { ok: true; skill: Skill } | { ok: false; problem: SkillProblem };

/**
 * Parses one SKILL.md. Never throws: a bad file becomes a SkillProblem that
 * names the file, the field, what is wrong and how to fix it.
 */
export function parseSkill(text: string, origin: { path: string; source: SkillSource; size?: number }): ParsedSkill {
  const fail = (problem: Omit<SkillProblem, 'path'>): ParsedSkill => ({ ok: false, problem: { path: origin.path, ...problem } });
  // `size` when the reader left an oversized file unread: the check is the same either way.
  const bytes = origin.size ?? Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_SKILL_BYTES) {
    return fail({
      message: `the file is ${bytes.toLocaleString('en-US')} bytes, over the ${MAX_SKILL_BYTES.toLocaleString('en-US')}-byte (64 KB) limit for a SKILL.md, so the skill was not loaded`,
      fix: 'shorten the instructions (Agent Skills asks for under 500 lines); move long reference material to a separate file the skill mentions',
    });
  }
  const front = parseFrontmatter(text);
  if (!front.ok) return fail({ field: front.field, message: front.message, fix: front.fix });
  frontmatterSchema ??= buildFrontmatterSchema(loadZod());
  const result = frontmatterSchema.safeParse(front.data);
  if (!result.success) return fail(toProblem(result.error.issues[0], front.data));
  const data = result.data;
  const folder = path.posix.basename(path.posix.dirname(origin.path.replace(/\\/g, '/')));
  if (data.name !== folder) {
    return fail({
      field: 'name',
      message: `name is "${data.name}" but the skill's folder is "${folder}"; Agent Skills requires them to match`,
      fix: `rename the folder to "${data.name}", or set "name: ${folder}"`,
    });
  }
  const tools = toToolList(data['allowed-tools']);
  const unknownTool = tools.find((t) => !(SKILL_OUTPUT_TOOLS as readonly string[]).includes(t));
  if (unknownTool !== undefined || (data['allowed-tools'] !== undefined && tools.length === 0)) {
    return fail({
      field: 'allowed-tools',
      message:
        unknownTool === undefined
          ? 'allowed-tools is empty, so the skill could never produce output'
          : `allowed-tools names "${unknownTool}", which is not a nanodex output tool`,
      fix: `use only these, separated by spaces: ${SKILL_OUTPUT_TOOLS.join(' ')}`,
    });
  }
  const metadata = data.metadata ?? {};
  const command = metadata.command;
  if (command !== undefined && !(typeof command === 'string' && isSkillCommand(command))) {
    return fail({
      field: 'metadata.command',
      message: `metadata.command is ${JSON.stringify(command)}, which is not a command that runs a skill`,
      fix: `set it to one of ${SKILL_COMMANDS.join(', ')} (the kind of output the skill produces), or remove it to default to explain`,
    });
  }
  const body = front.body.trim();
  const bodyLines = body.split('\n').length;
  if (body === '') {
    return fail({
      field: 'body',
      message: 'the instructions after the frontmatter are empty',
      fix: 'write the instructions, the output template and an example below the closing "---"',
    });
  }
  if (bodyLines > MAX_BODY_LINES) {
    return fail({
      field: 'body',
      message: `the instructions are ${bodyLines} lines, over the ${MAX_BODY_LINES}-line limit`,
      fix: 'shorten them; move detail to a references/ file next to SKILL.md',
    });
  }
  const skill: Skill = {
    name: data.name,
    description: data.description,
    allowedTools: tools.length === 0 ? ['emit_answer'] : (tools as SkillOutputTool[]),
    metadata,
    triggers: findDescriptionTriggers(data.description),
    body,
    path: origin.path,
    source: origin.source,
  };
  if (data.license !== undefined) skill.license = data.license;
  return { ok: true, skill };
}

/** The quoted phrases after "Triggers on" (or "Trigger words:") in a description. */
export function findDescriptionTriggers(description: string): string[] {
  const sentence = /\btrigger(?:s on|s|\s+words?)\b:?([\s\S]*)$/i.exec(description)?.[1] ?? '';
  return [...sentence.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter((t) => t !== '');
}

function toToolList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (typeof value === 'string' ? value.split(/\s+/) : value.map((v) => v.trim())).filter((t) => t !== '');
}

function toProblem(issue: z.core.$ZodIssue | undefined, data: Record<string, unknown>): Omit<SkillProblem, 'path'> {
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '?';
    return {
      field: key,
      message: `"${key}" is not a SKILL.md frontmatter field (the fields are ${Object.keys(frontmatterSchema?.shape ?? {}).join(', ')})`,
      fix: `remove "${key}", or move it under "metadata:" as "${key}: <text>"`,
    };
  }
  const field = issue?.path.map(String).join('.') || 'frontmatter';
  const top = String(issue?.path[0] ?? '');
  const rule =
    top === 'metadata' && (issue?.path.length ?? 0) > 1
      ? METADATA_VALUE
      : (EXPECTED[top] ?? { expected: 'a valid value', fix: () => 'correct the value' });
  const value = issue?.path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    data,
  );
  return { field, message: `${field} ${describeValue(issue, value)}; it must be ${rule.expected}`, fix: rule.fix(value) };
}

function describeValue(issue: z.core.$ZodIssue | undefined, value: unknown): string {
  if (value === undefined) return 'is missing';
  if (typeof value === 'string') {
    if (issue?.code === 'too_big') return `is ${value.length} characters long`;
    if (value.trim() === '') return 'is empty';
    return `is ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
  }
  if (Array.isArray(value)) {
    const odd = value.find((item) => typeof item !== 'string');
    return odd === undefined ? 'is a list' : `is a list with the non-text item ${JSON.stringify(odd)}`;
  }
  return `is ${value === null ? 'empty' : typeof value === 'object' ? 'a mapping' : `the ${typeof value} ${String(value)}`}`;
}

/** A valid name close to what was written, for the fix text. A mapping is not turned into text: its own `toString` key may be anything. */
function toSkillName(value: unknown): string {
  const name = (typeof value === 'string' || typeof value === 'number' ? String(value) : 'my-skill')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/-+$/, '');
  return name === '' ? 'my-skill' : name;
}
