import { SingleBar } from 'cli-progress';
import type { IndexProgress } from '../core/index.js';
import type { CliIo } from './cli-context.js';

/**
 * A progress bar on stderr when it is a terminal; nothing otherwise, so
 * pipes and CI logs stay clean and --json output stays machine-readable.
 */
export function createIndexProgress(io: CliIo, enabled: boolean): { update: (p: IndexProgress) => void; stop: () => void } {
  if (!enabled || !io.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    stream: io.stderr,
    format: 'indexing {bar} {percentage}% | {value}/{total} files | {mb} MB | {phase}',
    hideCursor: true,
    clearOnComplete: true,
  });
  let started = false;
  return {
    update(p) {
      const payload = { mb: (p.bytes / 1e6).toFixed(1), phase: p.phase };
      if (!started && p.total > 0) {
        bar.start(p.total, p.done, payload);
        started = true;
      } else if (started) {
        bar.update(p.done, payload);
      }
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
