import { COMMAND_TABLE } from '../commands/command-table.js';
import type { LoadedSkills } from '../skills/load-skills.js';
import { describeSkillProblem } from '../skills/types.js';
import type { Block } from '../render/fit-comment.js';
import { code, escapeText } from '../render/markdown.js';

/** The help reply: the command table, budget words, the skills in use and any skill file that did not load. */
export function renderHelp(catalog: LoadedSkills | undefined, unknownCommand?: string): Block[] {
  const lines = [
    unknownCommand ? `## nanodex: ${code(unknownCommand)} is not a command\n` : '## nanodex commands\n',
    ...COMMAND_TABLE.map((c) => `- ${code(`${c.name} ${c.argument}`.trim())} — ${c.description}`),
    '',
    'Anything else is read as a question and routed to the best-matching skill.',
    `To apply a proposal of ${code('work')} (write access): ${code('apply <id> [group…]')} checks the files, commits to a new ${code('nanodex/<id>')} branch and opens a pull request.`,
    `Budget words limit a run: ${code('rounds=3 files=10 budget=20k bytes=256 time=90s focus=src/api')}.`,
  ];
  const blocks: Block[] = [{ title: 'commands', essential: true, text: lines.join('\n') }];
  if (catalog) {
    const skills = catalog.skills.map(
      (s) =>
        `- ${code(s.name)} (${s.source}${s.source === 'repository' ? `, ${code(s.path)}` : ''}) — ${escapeText(s.description.split('. ')[0] ?? '')}`,
    );
    blocks.push({ title: 'skills', text: ['### Skills', ...skills].join('\n') });
    if (catalog.overrides.length > 0) {
      blocks.push({
        title: 'overrides',
        text: [
          '### Skills this repository overrides',
          ...catalog.overrides.map((o) => `- ${code(o.name)}: ${code(o.path)} replaces the built-in`),
        ].join('\n'),
      });
    }
    if (catalog.problems.length > 0) {
      blocks.push({
        title: 'skill problems',
        text: ['### Skill files that did not load', ...catalog.problems.map((p) => `- ${fenceless(describeSkillProblem(p))}`)].join('\n'),
      });
    }
  }
  return blocks;
}

function fenceless(text: string): string {
  return escapeText(text.replace(/\n\s*/g, ' — '));
}
