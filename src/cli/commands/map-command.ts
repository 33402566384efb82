import type { Command } from 'commander';
import { DEFAULT_MAP_TOKENS, getCommandSpec, loadRepoMap, readIndexStats } from '../../core/lookups.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { openIndex } from '../open-index.js';
import { positiveInt, withCommonOptions, type Wrap } from '../cli-options.js';

interface MapOptions extends CommonOptions {
  tokens: number;
  focus: string[];
}

export function registerMapCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withCommonOptions(program.command('map'))
    .description(getCommandSpec('map').description)
    .option('--tokens <n>', 'token budget for the map', positiveInt('--tokens', 200_000), DEFAULT_MAP_TOKENS)
    .option('--focus <pathOrName...>', 'paths, folders or identifiers to centre the map on')
    .action(
      wrap(async (...args) => {
        const options = args[0] as MapOptions;
        const [{ store, source }, { buildRepoMap }] = await Promise.all([openIndex(options, io), loadRepoMap()]);
        try {
          const focus = options.focus ?? [];
          const started = performance.now();
          const map = buildRepoMap(store, {
            tokens: options.tokens,
            focusPaths: focus.filter((f) => f.includes('/') || f.includes('.')),
            mentions: focus.filter((f) => !f.includes('/')),
          });
          const ms = performance.now() - started;
          const stats = readIndexStats(store);
          if (options.json) {
            io.stdout.write(`${JSON.stringify({ repo: source.root, ...map, ms, stats }, null, 2)}\n`);
          } else {
            io.stdout.write(map.text);
            io.stdout.write(
              `\n— ${map.files.length} of ${map.totalFiles} files shown, ~${map.tokens} tokens; ` +
                `${stats.symbols} symbols, ${stats.references} references, ${stats.chunks} chunks indexed ` +
                `(map built in ${ms.toFixed(0)} ms)\n`,
            );
          }
          return map.totalFiles === 0 ? EXIT.notFound : EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );
}
