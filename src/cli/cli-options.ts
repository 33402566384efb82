import { InvalidArgumentError, type Command } from 'commander';

/** A command's action: resolves to the exit code. */
export type Action = (...args: unknown[]) => Promise<number>;
/** Turns an Action into a commander action that records the exit code. */
export type Wrap = (action: Action) => (...args: unknown[]) => Promise<void>;

/** Options every command that reads an index shares. */
export function withCommonOptions(command: Command): Command {
  return command
    .option('--repo <dir>', 'repository folder (a git checkout or any folder)', '.')
    .option('--json', 'print JSON instead of text', false)
    .option('--index <file>', 'index file to use instead of the default location')
    .option('--data-dir <dir>', 'folder for index files (default: $NANODEX_DATA_DIR or ~/.cache/nanodex)')
    .option(
      '--lock-wait <seconds>',
      'how long to wait while another nanodex process writes the same index (default 600)',
      nonNegativeInt('--lock-wait', 86_400),
    );
}

export function positiveInt(name: string, max: number): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from 1 to ${max}, got "${value}".`);
    }
    return n;
  };
}

export function nonNegativeInt(name: string, max: number): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max) {
      throw new InvalidArgumentError(`${name} must be a whole number from 0 to ${max}, got "${value}".`);
    }
    return n;
  };
}

/**
 * A command that needs a question given only blanks (`nanodex locate ""`): said on stderr with an example, exit 2
 * (commander counts an empty string as the argument given).
 */
export function refuseBlankPrompt(name: string, words: string[], io: { stderr: { write(text: string): unknown } }): number | undefined {
  if (words.join(' ').trim() !== '') return undefined;
  const example = ['plan', 'refactor', 'work'].includes(name) ? 'add retries to the uploader' : 'where are failed uploads retried';
  io.stderr.write(`nanodex ${name} needs a question or task, e.g. nanodex ${name} "${example}"\n`);
  return 2; // EXIT.usage
}
