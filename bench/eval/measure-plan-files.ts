/**
 * `npx tsx bench/eval/measure-plan-files.ts DIR...`: the plan's "Make the
 * change" files against what real commits changed, through the built CLI
 * (a process per plan, as a user runs it), with the claims audit's choice of
 * commits (the last --commits non-merge commits that change product source,
 * at most 8 files). For each, `plan "<subject>" --json` runs at the parent:
 *
 * - precision: the share of files listed under "Make the change" the commit
 *   changed (the claims audit's "files to change");
 * - recall: the share of commits where at least one listed file was changed;
 * - no file: plans that list no file under "Make the change" (they name candidates to read instead);
 * - head links: links in the rendered plan that start at a file's first line
 *   while none of the request's words occurs in the linked lines (a file head
 *   that nothing matched).
 *
 *   npx tsx bench/eval/measure-plan-files.ts /work/repos/chi --commits 15 [--cli other/dist/src/cli/main.js] [--verbose]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { commits: { type: 'string', default: '15' }, cli: { type: 'string' }, verbose: { type: 'boolean', default: false } },
});
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = args.cli ? path.resolve(args.cli) : path.join(ROOT, 'dist/src/cli/main.js');
// The claims audit's rules (bench/eval/audit-claims.ts), so both count the same commits.
const TEST_PATH = /(^|\/)(tests?|spec|__tests__)\/|_test\.go$|(^|\/)test_[^/]+\.py$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$|_spec\.rb$/;
const SOURCE = /\.(go|py|js|mjs|cjs|ts|tsx|jsx|rb|rs|java|kt|php)$/;
const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'into', 'when', 'not', 'add', 'use', 'fix', 'make', 'update', 'remove', 'this']);

const git = (dir: string, ...a: string[]): string =>
  execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'pipe'] });

/**
 * Checks out a commit; a blob the snapshot left out (gson's `apache-maven-3.9.6-bin.tar.gz`, "invalid object … for
 * 'path'") is kept out of the work tree by a sparse-checkout pattern, and the checkout tried again.
 */
function checkout(dir: string, ref: string): void {
  const excluded: string[] = [];
  for (;;) {
    try {
      git(dir, 'checkout', '-q', '--force', ref);
      return;
    } catch (error) {
      const missing = /invalid object \d+ [0-9a-f]+ for '([^']+)'/.exec(String((error as { stderr?: unknown }).stderr))?.[1];
      if (!missing || excluded.includes(missing) || excluded.length >= 20) throw error;
      excluded.push(missing);
      git(dir, 'sparse-checkout', 'set', '--no-cone', '/*', ...excluded.map((p) => `!/${p}`));
    }
  }
}

interface PlanJson {
  comment?: { body?: string };
  files?: { path: string; certainty: string; symbols: string[] }[];
  output?: { doc?: { phases?: { name: string; files: string[] }[] } };
}

const rows = [
  '| repository | commits | listed | precision | recall | no file | head links (unmatched / all links) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];
for (const repo of positionals) {
  const name = path.basename(repo);
  const commits = git(repo, 'log', '--no-merges', '--format=%H', '-n', '200')
    .trim()
    .split('\n')
    .filter((sha) => {
      const changed = git(repo, 'diff-tree', '--no-commit-id', '--name-only', '-r', sha).trim().split('\n');
      return changed.some((f) => SOURCE.test(f) && !TEST_PATH.test(f)) && changed.length <= 8;
    })
    .slice(0, Number(args.commits));
  const work = mkdtempSync(path.join(tmpdir(), `nanodex-plan-files-${name}-`));
  const dir = path.join(work, 'repo');
  execFileSync('git', ['clone', '-q', '--no-checkout', repo, dir]);
  let listed = 0;
  let right = 0;
  let hit = 0;
  let none = 0;
  let links = 0;
  let heads = 0;
  try {
    for (const sha of commits) {
      const files = git(repo, 'diff-tree', '--no-commit-id', '--name-only', '-r', sha).trim().split('\n');
      checkout(dir, `${sha}^`);
      const subject = git(repo, 'log', '-1', '--format=%s', sha).trim();
      const env = { ...process.env, NANODEX_DATA_DIR: path.join(work, 'data') };
      const plan = JSON.parse(
        execFileSync(process.execPath, [CLI, 'plan', subject, '--repo', dir, '--json'], { encoding: 'utf8', env, maxBuffer: 64 << 20 }),
      ) as PlanJson;
      const toChange = plan.output?.doc?.phases?.find((p) => p.name === 'Make the change')?.files ?? [];
      const good = toChange.filter((f) => files.includes(f));
      listed += toChange.length;
      right += good.length;
      if (good.length > 0) hit += 1;
      if (toChange.length === 0) none += 1;
      const words = subject
        .toLowerCase()
        .split(/[^a-z0-9_]+/)
        .filter((w) => w.length >= 3 && !STOP.has(w));
      const unmatchedHeads: string[] = [];
      for (const m of (plan.comment?.body ?? '').matchAll(/\]\(([^)#\s]+)#L(\d+)(?:-L(\d+))?\)/g)) {
        links += 1;
        if (m[2] !== '1') continue;
        const lines = readFileSync(path.join(dir, m[1]!), 'utf8')
          .split('\n')
          .slice(0, Number(m[3] ?? m[2]))
          .join('\n')
          .toLowerCase();
        if (!words.some((w) => lines.includes(w))) unmatchedHeads.push(`${m[1]}#L1-L${m[3] ?? 1}`);
      }
      heads += unmatchedHeads.length;
      const mark = toChange.map((f) => (files.includes(f) ? `+${f}` : `-${f}`)).join(' ');
      process.stderr.write(`${name} ${sha.slice(0, 8)} "${subject}": ${mark || '(none)'} | changed ${files.join(' ')}\n`);
      if (args.verbose)
        for (const f of plan.files ?? [])
          process.stderr.write(`  ${files.includes(f.path) ? '+' : '-'} ${f.certainty} ${f.path} ${f.symbols.join(',')}\n`);
      if (args.verbose && unmatchedHeads.length > 0) process.stderr.write(`  unmatched heads: ${unmatchedHeads.join(' ')}\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const ratio = (a: number, b: number) => (b === 0 ? '–' : (a / b).toFixed(2));
  rows.push(
    `| ${name} | ${commits.length} | ${listed} | ${ratio(right, listed)} | ${ratio(hit, commits.length)} | ${none} | ${heads} / ${links} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
