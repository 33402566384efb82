import type { Command } from 'commander';
import { readIndexStats } from '../../core/lookups.js';
import type { IndexState } from '../../core/lookups.js';
import { EXIT, type CliIo, type CommonOptions } from '../cli-context.js';
import { openIndex } from '../open-index.js';
import { withCommonOptions, type Wrap } from '../cli-options.js';

export function registerStatsCommand(program: Command, io: CliIo, wrap: Wrap): void {
  withCommonOptions(program.command('stats'))
    .description('what the index holds: files by language and status, symbols, references, chunks, edges')
    .action(
      wrap(async (...args) => {
        const options = args[0] as CommonOptions;
        const { store } = await openIndex(options, io);
        try {
          const s = readIndexStats(store);
          if (options.json) {
            io.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
            return EXIT.ok;
          }
          const list = (r: Record<string, number>) =>
            Object.entries(r)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ') || 'none';
          io.stdout.write(
            [
              `repository  ${s.root ?? '?'}${s.headSha ? ` @ ${s.headSha.slice(0, 12)}` : ''}`,
              `index       ${s.indexFile} (${(s.indexBytes / 1e6).toFixed(1)} MB), built ${s.indexedAt ?? 'never'}`,
              `state       ${s.state.complete ? 'complete' : `partial (${describePartial(s.state)})`}`,
              `files       ${s.files} (${(s.bytes / 1e6).toFixed(2)} MB): ${list(s.languages)}`,
              `status      ${list(s.status)}`,
              `symbols     ${s.symbols}`,
              `references  ${s.references}`,
              `chunks      ${s.chunks}`,
              `edges       ${list(s.edges)}`,
              ...(s.pendingEdges > 0 ? [`pending     ${s.pendingEdges} files await graph edges (run \`nanodex index\`)`] : []),
              '',
            ].join('\n'),
          );
          return EXIT.ok;
        } finally {
          store.close();
        }
      }),
    );
}

function describePartial(state: Exclude<IndexState, { complete: true }>): string {
  if (state.reason === 'first-answer') return `${state.files} of ${state.total} files, indexed for a first answer`;
  return state.reason === 'building' ? 'a build is running' : 'the last build was interrupted';
}
