import path from 'node:path';
import type { Command } from 'commander';
import { COMMAND_TABLE, DIAGRAM_TYPES, findUnknownDiagramType, getCommandSpec, NanodexError } from '../../core/lookups.js';
import type { Request } from '../../core/index.js';
import type { CliIo } from '../cli-context.js';
import { refuseBlankPrompt, withCommonOptions, type Wrap } from '../cli-options.js';
import { withModelOptions } from '../model-options.js';
import { isRepoUrl } from '../is-repo-url.js';
import type { RunOptions } from '../run-request.js';

/** Loaded on use: the pipeline, the model providers and Octokit are most of the CLI's modules (lookups skip them). */
const runRequest: typeof import('../run-request.js').runRequest = async (...args) =>
  (await import('../run-request.js')).runRequest(...args);

/** Commands that ask about the code: on a repository with no index yet they answer first from the files they need. */
const QUESTIONS = new Set(['explain', 'plan', 'debug']);

interface SkillOptions extends RunOptions {
  base?: string;
  head?: string;
}

/**
 * The command table's skill commands, and its help as `nanodex skills`: each
 * prints the comment nanodex would post (Markdown) or, with --json, the structured result (sections, inline comments with
 * path/line/side, diagram graph and Mermaid, citations check, metrics).
 */
export function registerSkillCommands(program: Command, io: CliIo, wrap: Wrap): void {
  for (const { name, description, needsPrompt, defaultPrompt } of COMMAND_TABLE.filter((c) => c.kind === 'skill')) {
    const command = withModelOptions(withCommonOptions(program.command(name)))
      .argument(
        needsPrompt ? '<prompt...>' : '[prompt...]',
        'what to do; may carry budget words: rounds=3 files=10 budget=20k focus=src/api',
      )
      .description(description)
      .option('--verbose', 'log the run (one JSON line) on stderr', false)
      .option('--no-refresh', 'use the index as it is, without updating it first');
    if (name === 'review' || name === 'diagram') {
      command.option(
        '--base <ref>',
        name === 'review' ? 'the branch or commit the change goes into (required)' : 'show the change base...head',
      );
      command.option('--head <ref>', 'the branch or commit with the change (default HEAD)');
    }
    command.action(
      wrap(async (...args) => {
        const [words, options] = args as [string[], SkillOptions];
        const blank = needsPrompt ? refuseBlankPrompt(name, words, io) : undefined;
        if (blank !== undefined) return blank;
        const unknownType = name === 'diagram' && options.base === undefined ? findUnknownDiagramType(words.join(' ')) : undefined;
        if (unknownType !== undefined) {
          io.stderr.write(
            `nanodex diagram: "${unknownType}" is not a diagram type. Fix: use one of ${DIAGRAM_TYPES.join(', ')} (e.g. nanodex diagram component), or describe what to draw in words\n`,
          );
          return 2;
        }
        if (name === 'review' && options.base === undefined) {
          io.stderr.write('nanodex review needs --base REF (the branch the change goes into), e.g. --base main\n');
          return 2;
        }
        if (options.base === undefined) {
          return runRequest(
            (repo) => ({ command: name, prompt: words.join(' ') || defaultPrompt, repo, urlDetected: repo.kind === 'github' }),
            QUESTIONS.has(name) ? { ...options, question: words.join(' ') || defaultPrompt } : options,
            io,
          );
        }
        if (isRepoUrl(options.repo)) {
          throw new NanodexError('bad-option', '--base/--head work on a local repository only', {
            hint: 'clone the repository and pass --repo DIR',
          });
        }
        const root = path.resolve(io.cwd, options.repo);
        // The review reads .github/nanodex.yml of the checkout (rules, path instructions), as replay does.
        const { readLocalConfig, renderLocalConfigProblems } = await import('../read-local-config.js');
        const config = readLocalConfig(root);
        if (!config.ok) {
          io.stderr.write(`nanodex ${name}: the repository's settings have problems:\n${renderLocalConfigProblems(config.problems)}`);
          return 2;
        }
        // Lines and callers must be the head commit's: another checkout, or local edits, are read from a snapshot of it.
        const { readChangeAtHead } = await import('../change-at-head.js');
        const { diff, baseSha, headSha, snapshot } = await readChangeAtHead(root, options.base, options.head ?? 'HEAD');
        if (snapshot) {
          io.stderr.write(`note: ${snapshot.reason}; indexing ${headSha.slice(0, 12)} from a snapshot of its files\n`);
        }
        try {
          return await runRequest(
            (repo): Request => {
              const prompt = words.join(' ') || defaultPrompt;
              return {
                command: name,
                prompt,
                repo: snapshot ? { kind: 'local' as const, root } : repo,
                diff,
                pullRequest: { number: 0, title: prompt, body: '', baseSha, headSha },
                review: config.config.review,
              };
            },
            snapshot ? { ...options, repo: snapshot.dir, index: snapshot.indexFile, refresh: true } : options,
            io,
            undefined,
            root,
          );
        } finally {
          await snapshot?.remove();
        }
      }),
    );
  }
  const help = getCommandSpec('help');
  withCommonOptions(program.command(help.cliName ?? help.name))
    .description(`list ${help.description}`)
    .option('--verbose', 'log the run (one JSON line) on stderr', false)
    .option('--no-refresh', 'use the index as it is, without updating it first')
    .action(
      wrap(async (...args) => {
        const options = args[0] as SkillOptions;
        return runRequest((repo) => ({ command: 'help', prompt: help.defaultPrompt, repo }), options, io);
      }),
    );
}
