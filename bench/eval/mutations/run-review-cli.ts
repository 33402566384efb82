import { execFile } from 'node:child_process';
import type { Finding } from './score-findings.js';

export interface CliReview {
  ok: boolean;
  /** What went wrong when not ok: the exit code and the end of stderr. */
  error?: string;
  findings: Finding[];
  /** Names of the declarations the walkthrough says changed, per path (did the review see the break?). */
  changedNames: Map<string, Set<string>>;
  ms: number;
}

interface ReviewJson {
  kind?: string;
  output?: {
    review?: {
      findings?: Finding[];
      walkthrough?: { files?: Array<{ path: string; symbolChanges?: Array<{ name: string }> }> };
    };
  };
}

/**
 * `nanodex review --json` run as the shipped CLI process on a checkout at
 * `head` (so it reads the checkout, not a snapshot), with the index in
 * `indexFile`: reused across commits, it is brought up to each head by the
 * CLI's own delta update. No model: the environment carries no provider.
 */
export function runReviewCli(options: {
  cli: string;
  repo: string;
  base: string;
  head: string;
  indexFile: string;
  env: NodeJS.ProcessEnv;
}): Promise<CliReview> {
  const args = [
    options.cli,
    'review',
    '--repo',
    options.repo,
    '--base',
    options.base,
    '--head',
    options.head,
    '--json',
    '--index',
    options.indexFile,
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(process.execPath, args, { env: options.env, maxBuffer: 256 * 1024 * 1024, timeout: 600_000 }, (error, stdout, stderr) => {
      const ms = Date.now() - started;
      const fail = (why: string): CliReview => ({ ok: false, error: why, findings: [], changedNames: new Map(), ms });
      if (error) return resolve(fail(`exit ${String(error.code ?? error.signal)}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
      let json: ReviewJson;
      try {
        json = JSON.parse(stdout) as ReviewJson;
      } catch {
        return resolve(fail(`stdout is not JSON: ${stdout.slice(0, 200)}`));
      }
      const review = json.output?.review;
      if (json.kind !== 'done' || review === undefined) return resolve(fail(`no review in the result (kind ${json.kind})`));
      const changedNames = new Map<string, Set<string>>();
      for (const f of review.walkthrough?.files ?? []) changedNames.set(f.path, new Set((f.symbolChanges ?? []).map((c) => c.name)));
      resolve({ ok: true, findings: review.findings ?? [], changedNames, ms });
    });
  });
}
