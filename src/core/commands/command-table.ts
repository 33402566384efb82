/**
 * THE command vocabulary: every output command, once. Help, the CLI's
 * commands, routing's command words, access (`readOnlyForEveryone`), default
 * prompts and the Action's `command` input are all read from this table; a
 * test (test/core/commands) checks each of them lists exactly these commands.
 *
 * The order is routing's tie-break order (explain first: it is the fallback)
 * and the order help, the CLI and action.yml list the commands in.
 */

/** What a command answers from: a skill (explore, then produce), the index alone, or the skill catalog. */
export type CommandKind = 'skill' | 'lookup' | 'help';

export interface CommandSpec {
  name: string;
  kind: CommandKind;
  /** The built-in skill a skill command runs (a repository may override it by name). */
  skill?: string;
  /** What follows the word, as help shows it: `<goal>` (required), `[focus]` (optional), '' (nothing). */
  argument: string;
  /** One line for the help reply and the CLI's `--help`. */
  description: string;
  /** Only reads the index and answers: what `access.readOnlyForEveryone` opens to everyone. */
  readOnly: boolean;
  /** The CLI refuses the command without a prompt (the help reply shows the argument as `<…>`). */
  needsPrompt: boolean;
  /** The prompt when the user gives none ("@nanodex review", `nanodex diagram`). */
  defaultPrompt: string;
  /** Other words that mean this command (only the obvious ones: "fix" is free text, not a command). */
  aliases: readonly string[];
  /** The CLI's word when it differs from the name (`nanodex help` is the CLI's own usage). */
  cliName?: string;
}

const ARCHITECTURE = 'the architecture of the repository';
/** The prompt of a review nobody worded: a pull request event, "@nanodex review", `nanodex review`. */
export const REVIEW_PROMPT = 'Review this change.';

export const COMMAND_TABLE = [
  {
    name: 'explain',
    kind: 'skill',
    skill: 'nanodex-explaining',
    argument: '<question>',
    description: 'an explanation with citations, confidence and known gaps',
    readOnly: true,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: ['ask'],
  },
  {
    name: 'plan',
    kind: 'skill',
    skill: 'nanodex-planning',
    argument: '<goal>',
    description: 'a phased plan from the code index: context, phases with tasks and files, criteria, risks',
    readOnly: false,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'debug',
    kind: 'skill',
    skill: 'nanodex-debugging',
    argument: '<symptom>',
    description: 'where to look first for a bug, with the evidence',
    readOnly: false,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'review',
    kind: 'skill',
    skill: 'nanodex-reviewing',
    argument: '',
    description: 'review a change (a pull request, or base...head): inline comments, blast radius, missing tests, risky patterns',
    readOnly: false,
    needsPrompt: false,
    defaultPrompt: REVIEW_PROMPT,
    aliases: [],
  },
  {
    name: 'diagram',
    kind: 'skill',
    skill: 'nanodex-diagramming',
    argument: '[architecture|component|dependency|erd]',
    description: 'a Mermaid diagram built from the index (before/after for a change)',
    readOnly: false,
    needsPrompt: false,
    defaultPrompt: ARCHITECTURE,
    aliases: ['diagrams'],
  },
  {
    name: 'refactor',
    kind: 'skill',
    skill: 'nanodex-refactoring',
    argument: '<goal>',
    description: 'a refactoring plan that names every caller it affects',
    readOnly: false,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'work',
    kind: 'skill',
    skill: 'nanodex-working',
    argument: '<task>',
    description: 'proposed changes as diffs (needs a model; nothing is written)',
    readOnly: false,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'find',
    kind: 'lookup',
    argument: '<symbol>',
    description: 'where a symbol is defined (from the index, instantly)',
    readOnly: true,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'refs',
    kind: 'lookup',
    argument: '<symbol>',
    description: 'where a symbol is used (calls, types, imports, inheritance)',
    readOnly: true,
    needsPrompt: true,
    defaultPrompt: ARCHITECTURE,
    aliases: ['reference', 'references'],
  },
  {
    name: 'map',
    kind: 'lookup',
    argument: '[focus]',
    description: 'a ranked outline of the repository (files, classes, signatures) that fits a token budget',
    readOnly: true,
    needsPrompt: false,
    defaultPrompt: ARCHITECTURE,
    aliases: [],
  },
  {
    name: 'help',
    kind: 'help',
    argument: '',
    cliName: 'skills',
    description: "the commands, budget words and skills (built-in and the repository's .github/skills)",
    readOnly: true,
    needsPrompt: false,
    defaultPrompt: 'help',
    aliases: [],
  },
] as const satisfies readonly CommandSpec[];

type Entry = (typeof COMMAND_TABLE)[number];
/** An output command: one that produces a verified comment. */
export type Command = Entry['name'];
export type SkillCommand = Extract<Entry, { kind: 'skill' }>['name'];

export const COMMAND_NAMES: readonly Command[] = COMMAND_TABLE.map((c) => c.name);

/** Commands that run a skill, in routing's tie-break order. */
export const SKILL_COMMANDS = COMMAND_TABLE.flatMap((c) => (c.kind === 'skill' ? [c.name] : [])) as readonly SkillCommand[];

/** The built-in skill each skill command runs. */
export const SKILL_FOR_COMMAND = Object.fromEntries(
  COMMAND_TABLE.flatMap((c) => (c.kind === 'skill' ? [[c.name, c.skill]] : [])),
) as Readonly<Record<SkillCommand, string>>;

/** Commands that only read the index and answer: what `access.readOnlyForEveryone` opens up. */
export const READ_ONLY_COMMANDS: readonly Command[] = COMMAND_TABLE.filter((c) => c.readOnly).map((c) => c.name);

export function getCommandSpec(name: Command): CommandSpec {
  const spec: CommandSpec | undefined = COMMAND_TABLE.find((c) => c.name === name);
  if (spec === undefined) throw new Error(`no command ${name} in the command table`);
  return spec;
}

/** The command a word names (its name or an alias, lower case), or undefined. */
export function findCommand(word: string): Command | undefined {
  return COMMAND_TABLE.find((c) => c.name === word || (c.aliases as readonly string[]).includes(word))?.name;
}

export function isCommand(word: string): word is Command {
  return (COMMAND_NAMES as readonly string[]).includes(word);
}

export function isSkillCommand(command: string): command is SkillCommand {
  return (SKILL_COMMANDS as readonly string[]).includes(command);
}
