import { describe, expect, it } from 'vitest';
import { ACTION_COMMANDS } from '../../../src/action/action-inputs.js';
import { toMentionCommand } from '../../../src/core/commands/to-mention-command.js';
import { buildProgram } from '../../../src/cli/run-cli.js';
import { COMMAND_TABLE, READ_ONLY_COMMANDS, SKILL_COMMANDS, SKILL_FOR_COMMAND } from '../../../src/core/commands/command-table.js';
import { DEFAULT_REPO_CONFIG } from '../../../src/core/config/repo-config.js';
import { renderHelp } from '../../../src/core/outputs/render-help.js';
import { routeRequest } from '../../../src/core/skills/route-request.js';
import { decideAccess } from '../../../src/core/access/decide-access.js';
import { captureIo } from '../../helpers/cli-io.js';

const NAMES = COMMAND_TABLE.map((c) => c.name);
/** CLI commands that are not output commands: they index, search, explore or replay. */
const CLI_ONLY = ['mcp', 'index', 'search', 'stats', 'ask', 'locate', 'replay', 'worker'];

describe('the command table', () => {
  describe('is the one list of commands', () => {
    it('help lists exactly its commands, in its order, with its descriptions', () => {
      const text = renderHelp(undefined)[0]?.text ?? '';
      const listed = [...text.matchAll(/^- `([^`]+)` — (.*)$/gm)].map((m) => [m[1]?.split(' ')[0], m[2]]);
      expect(listed).toEqual(COMMAND_TABLE.map((c) => [c.name, c.description]));
    });

    it('the CLI registers exactly its commands (help as `skills`), each with its description and prompt rule', async () => {
      const program = await buildProgram(captureIo({ cwd: '.' }), (action) => async (...args) => {
        await action(...args);
      });
      const registered = program.commands.filter((c) => !CLI_ONLY.includes(c.name()));
      expect(registered.map((c) => c.name()).sort()).toEqual(COMMAND_TABLE.map((c) => ('cliName' in c ? c.cliName : c.name)).sort());
      for (const spec of COMMAND_TABLE) {
        const command = registered.find((c) => c.name() === ('cliName' in spec ? spec.cliName : spec.name));
        expect(command?.description(), spec.name).toContain(spec.description);
        expect(command?.registeredArguments[0]?.required ?? false, spec.name).toBe(spec.needsPrompt);
      }
    });

    it('routing knows every command word and alias', () => {
      for (const spec of COMMAND_TABLE) {
        for (const word of [spec.name, ...spec.aliases]) {
          expect(routeRequest(word, []), word).toMatchObject({ command: spec.name, how: 'command' });
        }
      }
    });

    it('opens exactly its read-only commands to readers with access.readOnlyForEveryone', () => {
      const config = { ...DEFAULT_REPO_CONFIG, access: { ...DEFAULT_REPO_CONFIG.access, readOnlyForEveryone: true } };
      const open = NAMES.filter(
        (command) =>
          decideAccess({
            command,
            actor: { login: 'alice', type: 'User' },
            selfLogin: 'nanodex[bot]',
            permission: 'read',
            isPublicRepo: false,
            config,
          }).allowed,
      );
      expect(open).toEqual(COMMAND_TABLE.filter((c) => c.readOnly).map((c) => c.name));
      expect(READ_ONLY_COMMANDS).toEqual(open);
    });

    it("gives a mention with no prompt the command's default prompt", () => {
      for (const spec of COMMAND_TABLE.filter((c) => c.kind !== 'help')) {
        expect(toMentionCommand(spec.name), spec.name).toEqual({ kind: 'run', command: spec.name, prompt: spec.defaultPrompt });
      }
      expect(toMentionCommand('review')).toMatchObject({ prompt: 'Review this change.' });
      expect(toMentionCommand('help')).toEqual({ kind: 'help', unknown: undefined });
    });

    it("is the Action's command list, between auto/ask and index", () => {
      expect(ACTION_COMMANDS).toEqual(['auto', 'ask', ...NAMES, 'index']);
    });
  });

  it('names a built-in skill for every skill command, in routing order with explain (the fallback) first', () => {
    expect(SKILL_COMMANDS[0]).toBe('explain');
    expect(Object.keys(SKILL_FOR_COMMAND).sort()).toEqual([...SKILL_COMMANDS].sort());
    expect(COMMAND_TABLE.filter((c) => c.kind !== 'skill').every((c) => !('skill' in c))).toBe(true);
  });
});
