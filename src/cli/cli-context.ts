/** What a command needs from the process, passed in so tests can run the CLI in-process. */
export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Exit codes a script can act on. */
export const EXIT = {
  ok: 0,
  /** The question had no answer (no definition, no hits), like grep. */
  notFound: 1,
  /** The command line was wrong. */
  usage: 2,
  /** Something failed: unreadable repository, broken index. */
  failed: 3,
  /** A budget limit stopped the analysis before it was complete. */
  budget: 4,
} as const;

export interface CommonOptions {
  repo: string;
  json: boolean;
  index?: string;
  dataDir?: string;
  /** Seconds to wait for another process writing the same index (--lock-wait). */
  lockWait?: number;
}
