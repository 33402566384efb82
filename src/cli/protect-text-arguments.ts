import type { Command } from 'commander';

/** No argument from a shell holds a NUL byte: a marker made with one cannot be a user's word. */
const MARK = '\u0000nanodex-text-';

/**
 * A question pasted as one argument may begin with a dash (black's issue
 * "--preview flag produces INTERNAL ERROR: …"), and commander reads every
 * argument that starts with `-` as an option. No option's name holds
 * whitespace, so such an argument is text: it goes through the parse as a
 * marker and comes back, whole, in the command's arguments.
 */
export function protectTextArguments(argv: string[]): { argv: string[]; restore: (program: Command) => void } {
  const texts: string[] = [];
  const protectedArgv = argv.map((arg) => {
    if (!isText(arg)) return arg;
    texts.push(arg);
    return `${MARK}${texts.length - 1}`;
  });
  const back = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith(MARK)) return texts[Number(value.slice(MARK.length))] ?? value;
    if (Array.isArray(value)) return value.map(back);
    return value;
  };
  const restore = (program: Command) => {
    if (texts.length === 0) return;
    program.hook('preAction', (_program, command) => {
      command.processedArgs = command.processedArgs.map(back);
    });
  };
  return { argv: protectedArgv, restore };
}

/** An argument that looks like an option but holds whitespace before any `=`: words, not a flag. */
function isText(arg: string): boolean {
  if (!arg.startsWith('-')) return false;
  const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  return /\s/.test(name);
}
