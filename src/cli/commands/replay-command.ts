import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { NanodexError } from '../../core/lookups.js';
import { EXIT, type CliIo } from '../cli-context.js';
import type { Wrap } from '../cli-options.js';
import { readModelConfig, withModelOptions, type ModelOptions } from '../model-options.js';

interface ReplayOptions extends ModelOptions {
  event: string;
  payload: string;
  repo: string;
  slug: string;
  permission?: string;
  base?: string;
  head?: string;
  dataDir?: string;
  verbose: boolean;
}

/** `nanodex replay`: the App's handler on a saved webhook payload, offline; prints what it would post. */
export function registerReplayCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withModelOptions(program.command('replay'))
    .description(
      'run what the GitHub App runs for a saved webhook payload against a local repository; print what it would post (nothing is sent)',
    )
    .requiredOption('--event <name>', 'the webhook event (X-GitHub-Event), e.g. issue_comment, pull_request, push')
    .requiredOption('--payload <file>', 'the saved webhook payload (JSON)')
    .requiredOption('--repo <dir>', "the local repository standing in for the payload's repository")
    .option('--slug <slug>', "the App's slug, as in @slug mentions", 'nanodex')
    .option('--permission <level>', "the commenter's permission to pretend (admin, write, read, none)", 'admin')
    .option('--base <ref>', 'for pull request events: the local base ref of the diff (default: the current branch)')
    .option('--head <ref>', 'for pull request events: the local head ref of the diff (default HEAD)')
    .option('--data-dir <dir>', 'where to keep the index (default: a temporary folder)')
    .option('--verbose', "log the App's work (JSON lines) on stderr", false)
    .action(
      wrap(async (...args) => {
        const options = args[0] as ReplayOptions;
        const payload = readPayload(path.resolve(io.cwd, options.payload));
        // Loaded on use: the flows, the pipeline and pino are for replay only.
        const [{ replayEvent }, { createCliLogger }, { loadChatModel }] = await Promise.all([
          import('../replay/replay-event.js'),
          import('../cli-logger.js'),
          import('../../core/index.js'),
        ]);
        const modelConfig = await readModelConfig(options, io.env);
        const transcript = await replayEvent({
          event: options.event,
          payload,
          repo: path.resolve(io.cwd, options.repo),
          appSlug: options.slug,
          permission: options.permission,
          base: options.base,
          head: options.head,
          dataDir: options.dataDir ? path.resolve(io.cwd, options.dataDir) : undefined,
          model: modelConfig ? { modelConfig, model: await loadChatModel(modelConfig) } : undefined,
          logger: createCliLogger(io, options.verbose),
        });
        io.stdout.write(transcript.endsWith('\n') ? transcript : `${transcript}\n`);
        return EXIT.ok;
      }),
    );
}

function readPayload(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new NanodexError('payload-unreadable', `cannot read the payload ${file} as JSON`, {
      hint: "save the delivery's payload from the App's Advanced settings page",
      cause: error,
    });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new NanodexError('payload-unreadable', `${file} is not a webhook payload (a JSON object)`);
  }
  return parsed as Record<string, unknown>;
}
