import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkout, cloneShared } from './git.js';
import { runReviewCli } from './run-review-cli.js';
import { isFound, type Finding } from './score-findings.js';

/** A real commit that broke callers, with the sites a rule should name (found by reading the code). */
export interface KnownBreak {
  repo: string;
  sha: string;
  rule: string;
  what: string;
  sites: Array<{ path: string; lines: number[] }>;
}

/** The issue's own example (issue 26): the review printed the signature change and both callers and said nothing. */
export const KNOWN_BREAKS: KnownBreak[] = [
  {
    repo: 'axios/axios',
    sha: '32c7bcc0f233285ba27dec73a4b1e81fb7a219b3',
    rule: 'callers-not-updated',
    what: '`buildFullPath(baseURL, requestedURL)` gains `allowAbsoluteUrls`; Axios.js is updated, two callers still pass two arguments',
    sites: [
      { path: 'lib/adapters/http.js', lines: [231] },
      { path: 'lib/helpers/resolveConfig.js', lines: [17] },
    ],
  },
];

export interface KnownBreakResult extends KnownBreak {
  ok: boolean;
  error?: string;
  found: boolean[];
  findings: Finding[];
}

/** Each known break reviewed as it was committed (parent..commit) through the CLI; a repository without a mirror is left out. */
export async function reviewKnownBreaks(options: {
  mirrors: string;
  work: string;
  cli: string;
  env: NodeJS.ProcessEnv;
}): Promise<KnownBreakResult[]> {
  const results: KnownBreakResult[] = [];
  for (const k of KNOWN_BREAKS) {
    const mirror = path.join(options.mirrors, k.repo.replace('/', '+'), 'repo');
    if (!existsSync(mirror)) continue;
    const dir = path.join(options.work, `known-${k.repo.replace('/', '+')}-${k.sha.slice(0, 8)}`);
    cloneShared(mirror, dir);
    checkout(dir, k.sha);
    const r = await runReviewCli({
      cli: options.cli,
      repo: dir,
      base: `${k.sha}^`,
      head: k.sha,
      indexFile: `${dir}.sqlite`,
      env: options.env,
    });
    const own = r.findings.filter((f) => f.rule === k.rule);
    results.push({
      ...k,
      ok: r.ok,
      error: r.error,
      found: k.sites.map((s) => isFound({ ...s, required: true, what: 'call' }, k.rule, own)),
      findings: own,
    });
  }
  return results;
}

/** One line per known break: which of its sites the rule named. */
export function renderKnownBreaks(results: KnownBreakResult[]): string[] {
  if (results.length === 0) return [];
  return [
    '| real break (known sites) | rule | sites found | findings of the rule |',
    '| --- | --- | ---: | ---: |',
    ...results.map(
      (r) =>
        `| ${r.repo} ${r.sha.slice(0, 8)}: ${r.what} | ${r.rule} | ${r.ok ? `${r.found.filter(Boolean).length}/${r.sites.length}` : `review failed: ${r.error ?? ''}`} | ${r.findings.length} |`,
    ),
  ];
}
