import type { Command } from 'commander';
import { findCallSites, getCommandSpec, GraphQueries, renderCallSites } from '../../core/lookups.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { openIndex } from '../open-index.js';
import { positiveInt, withCommonOptions, type Wrap } from '../cli-options.js';

interface LookupOptions extends CommonOptions {
  limit: number;
}

export function registerLookupCommands(program: Command, io: CliIo, wrap: Wrap): void {
  withCommonOptions(program.command('find'))
    .argument('<symbol>', 'a name, or Scope.name (case-insensitive when no exact match)')
    .description(getCommandSpec('find').description)
    .option('--limit <n>', 'most definitions to print', positiveInt('--limit', 10_000), 50)
    .action(
      wrap(async (...args) => {
        const [symbol, options] = args as [string, LookupOptions];
        const { store } = await openIndex(options, io);
        try {
          const hits = new GraphQueries(store).findDefinitions(symbol, options.limit);
          if (options.json) io.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
          else if (hits.length === 0) io.stderr.write(`no definition of "${symbol}" in the index; try \`nanodex search ${symbol}\`\n`);
          // One write: every write is one pass of the redactor.
          else
            io.stdout.write(
              hits
                .map(
                  (h) =>
                    `${h.path}:${h.startLine}-${h.endLine}  ${h.kind} ${h.name}${h.scope ? ` in ${h.scope}` : ''}\n    ${h.signature}\n`,
                )
                .join(''),
            );
          return hits.length === 0 ? EXIT.notFound : EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );

  withCommonOptions(program.command('refs'))
    .argument('<symbol>', 'a name (every use of it), or Scope.name (the call sites of that definition, through what the index resolved)')
    .description(getCommandSpec('refs').description)
    .option('--limit <n>', 'most references to print', positiveInt('--limit', 100_000), 200)
    .action(
      wrap(async (...args) => {
        const [symbol, options] = args as [string, LookupOptions];
        const { store } = await openIndex(options, io);
        try {
          const graph = new GraphQueries(store);
          const sites = findCallSites(graph, symbol, options.limit);
          if (sites) {
            io.stdout.write(options.json ? `${JSON.stringify(sites, null, 2)}\n` : `${renderCallSites(sites)}\n`);
            return EXIT.ok;
          }
          const hits = graph.findReferences(symbol, options.limit);
          if (options.json) io.stdout.write(`${JSON.stringify(hits, null, 2)}\n`);
          else if (hits.length === 0) io.stderr.write(`no references to "${symbol}" in the index\n`);
          else io.stdout.write(hits.map((h) => `${h.path}:${h.line}  ${h.kind}${h.inSymbol ? `  in ${h.inSymbol}` : ''}\n`).join(''));
          return hits.length === 0 ? EXIT.notFound : EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );
}
