import { SqliteCodeIndex } from '../../src/core/code-index/code-index.js';
import type { Clock, Logger } from '../../src/core/ports.js';
import type { Request } from '../../src/core/request.js';
import type { RunPorts } from '../../src/core/run.js';
import { cleanUpAfterTest } from './clean-up-after-test.js';
import { indexSample, type IndexedRepo } from './sample-repo.js';

/** A clock that moves only when told: run metrics stay deterministic. */
export function fixedClock(start = 1_700_000_000_000): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

export function recordingLogger(): Logger & { lines: { level: string; message: string; fields?: Record<string, unknown> }[] } {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

/** The sample repository indexed, with ports ready for run(); its index is closed after the test. */
export async function explorePorts(
  files?: Record<string, string>,
): Promise<{ repo: IndexedRepo; ports: RunPorts & { logger: ReturnType<typeof recordingLogger> }; ask: (prompt: string) => Request }> {
  const repo = await indexSample(files);
  cleanUpAfterTest(() => repo.store.close());
  const ports = { source: repo.source, index: new SqliteCodeIndex(repo.store), logger: recordingLogger(), clock: fixedClock() };
  const ask = (prompt: string): Request => ({ command: 'ask', prompt, repo: { kind: 'local', root: repo.root } });
  return { repo, ports, ask };
}
