import { keepShape, parseBudgetWords } from '../budget/parse-budget-words.js';
import { getCommandSpec } from './command-table.js';
import type { OutputCommand } from '../request.js';
import { routeRequest } from '../skills/route-request.js';

export type MentionCommand =
  | { kind: 'run'; command: OutputCommand | 'auto'; prompt: string }
  | { kind: 'help'; unknown: string | undefined }
  /** `@nanodex apply <id> [group…]`: write a proposal `work` made to a branch and open a pull request. */
  | { kind: 'apply'; id: string; groups: string[] };

/**
 * The command a mention asks for, decided before anything runs (access
 * depends on it). An explicit command word (budget words may come first)
 * is the command; `help`, nothing at all, or an unknown `/word` get the
 * help reply; other free text is `auto` (the core routes it, and access
 * treats it as needing write).
 */
export function toMentionCommand(text: string): MentionCommand {
  const words = parseBudgetWords(text);
  if (words.prompt === '') return { kind: 'help', unknown: undefined };
  // Not a skill: it runs nothing, it writes what a person approved (the first line only, like budget words).
  const apply = /^\/?apply(?:\s+(.*))?$/i.exec(parseBudgetWords(text.trim().split('\n')[0] ?? '').prompt);
  if (apply) {
    const [id = '', ...groups] = (apply[1] ?? '').split(/\s+/).filter(Boolean);
    return { kind: 'apply', id: id.toLowerCase(), groups };
  }
  // No skills: only command words count here; a repository skill's name is free text (auto).
  const routed = routeRequest(words.prompt, []);
  if (routed.how === 'command') {
    if (routed.command === 'help') return { kind: 'help', unknown: undefined };
    const prompt = removeFirstWord(text, words.prompt);
    // "@nanodex map" or "@nanodex review" alone: the command's default prompt, as in the CLI.
    const question = parseBudgetWords(prompt).prompt === '' ? ` ${getCommandSpec(routed.command).defaultPrompt}` : '';
    return { kind: 'run', command: routed.command, prompt: `${prompt}${question}`.trim() };
  }
  const slash = /^\/([\w-]+)/.exec(words.prompt);
  if (slash) return { kind: 'help', unknown: slash[1] };
  return { kind: 'run', command: 'auto', prompt: text.trim() };
}

/** The text without the command word, budget words kept where they were (the core reads them), lines kept. */
function removeFirstWord(text: string, withoutBudget: string): string {
  const word = /^\S+/.exec(withoutBudget)?.[0] ?? '';
  const at = text.indexOf(word);
  const rest = `${text.slice(0, at)}${text.slice(at + word.length)}`.replace(/^\s*\n/, '');
  const newline = rest.indexOf('\n');
  return newline === -1 ? keepShape(rest, '') : keepShape(rest.slice(0, newline), rest.slice(newline));
}
