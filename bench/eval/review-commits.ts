/**
 * `npm run eval:reviews`: offline reviews of real commits, each at its own
 * head (the index built from the commit's tree, the diff from its parent),
 * judged on what a review claims:
 * - test gaps claimed on commits that changed runnable tests (each such claim
 *   is suspect: the test may reach the code; the target is 0);
 * - test code counted as a changed symbol (target 0);
 * - callers: how many, and every caller's call line written to a file for
 *   checking by hand (precision target >= 0.95);
 * - the walkthrough: signature, visibility and removal changes, moved and
 *   re-indented blocks, each written to a file for checking against the diff;
 * - risk rules: findings by rule, each written to the same file for checking;
 * - history: co-change pairs listed (one bounded git log of the mirror before
 *   the commit) and linked issues read from the commit message.
 *
 * Repositories are git mirrors or clones given as DIR[:PATH_PREFIX] (the
 * commits taken are the last --commits non-merge commits touching the
 * prefix). Checkouts go to a temporary folder, never into the repository.
 *
 *   npx tsx bench/eval/review-commits.ts /work/.mirror/pallets+flask/repo:src /work/.mirror/sindresorhus+got/repo:source
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SqliteCodeIndex } from '../../src/core/code-index/code-index.js';
import { gitChangeHistory } from '../../src/core/repo/git-change-history.js';
import { formatIssue } from '../../src/core/review/find-linked-issues.js';
import { openRepoIndex } from '../../src/core/code-index/open-repo-index.js';
import { findChangedSymbols } from '../../src/core/review/find-changed-symbols.js';
import { parseDiff } from '../../src/core/review/parse-diff.js';
import { reviewOffline } from '../../src/core/review/review-offline.js';
import { LocalRepoSource } from '../../src/core/repo/local-repo-source.js';
import { isRunnableTest, isTestFile } from '../../src/core/repo/is-test-file.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    commits: { type: 'string', default: '10' },
    callers: { type: 'string', default: path.join(tmpdir(), 'nanodex-review-callers.txt') },
    claims: { type: 'string', default: path.join(tmpdir(), 'nanodex-review-claims.txt') },
  },
});
if (positionals.length === 0) {
  process.stderr.write('usage: review-commits.ts REPO_DIR[:PATH_PREFIX]... [--commits N] [--callers FILE]\n');
  process.exit(2);
}

const git = (dir: string, ...rest: string[]) =>
  execFileSync('git', ['-C', dir, ...rest], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const work = mkdtempSync(path.join(tmpdir(), 'nanodex-review-eval-'));
const callerLines: string[] = [];
const claimLines: string[] = [];
const walkRows: string[] = [
  '| repository | commits | signature changes | visibility changes | removed | renamed | moved blocks | re-indented | files not compared | risk findings | files with co-change | co-change pairs | linked issues |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const rows: string[] = [
  '| repository | commits | with test changes | gap claims | gap claims on commits that changed tests | test symbols counted (filtered) | callers listed |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];

for (const spec of positionals) {
  const [dir, prefix = '.'] = spec.split(':') as [string, string?];
  const name = path.basename(dir === '.' ? process.cwd() : dir.replace(/\/repo$/, ''));
  const shas = git(dir, 'log', '--no-merges', '--format=%H', '-n', args.commits, 'HEAD', '--', prefix).trim().split('\n').filter(Boolean);
  let withTests = 0;
  let claims = 0;
  let suspect = 0;
  let testSymbols = 0;
  let callers = 0;
  const walk = {
    signature: 0,
    visibility: 0,
    removed: 0,
    renamed: 0,
    moved: 0,
    reindented: 0,
    notCompared: 0,
    risks: 0,
    coFiles: 0,
    coPairs: 0,
    issues: 0,
  };
  const history = gitChangeHistory(dir);
  for (const sha of shas) {
    const tree = path.join(work, `${name}-${sha.slice(0, 8)}`);
    try {
      execFileSync('bash', ['-c', `set -o pipefail; mkdir -p "${tree}" && git -C "${dir}" archive ${sha} | tar -x -C "${tree}"`], {
        stdio: ['ignore', 'ignore', 'ignore'],
      });
    } catch {
      // A mirror may lack a large blob (kept out of the snapshot): that commit cannot be checked out whole.
      process.stderr.write(`${name} ${sha.slice(0, 8)}: skipped (the tree cannot be read whole from ${dir})\n`);
      rmSync(tree, { recursive: true, force: true });
      continue;
    }
    const diff = git(dir, 'diff', '--no-color', '--find-renames', `${sha}^`, sha);
    const files = parseDiff(diff);
    const source = new LocalRepoSource(tree);
    const { store } = await openRepoIndex(path.join(work, `${name}-${sha.slice(0, 8)}.sqlite`), {
      files: { kind: 'checkout', source },
      indexing: { workers: 0 },
    });
    const index = new SqliteCodeIndex(store);
    try {
      const parent = git(dir, 'rev-parse', `${sha}^`).trim();
      const review = await reviewOffline({
        files,
        index,
        base: parent,
        head: sha,
        readHead: (p) => source.readFile(p),
        history,
        repoName: name.replace('+', '/'),
      });
      const at = `${name} ${sha.slice(0, 8)}`;
      for (const f of review.walkthrough.files) {
        if (f.notCompared === 'head content differs from the diff' || f.notCompared === 'unreadable') walk.notCompared += 1;
        for (const c of f.symbolChanges) {
          walk[c.kind] += 1;
          const detail = c.kind === 'signature' ? `${c.before} => ${c.after}` : c.kind === 'visibility' ? `${c.before} -> ${c.after}` : '';
          claimLines.push(`${at} ${c.kind} ${f.path}:${c.line} ${c.name} ${detail}`.slice(0, 300));
        }
      }
      for (const m of review.walkthrough.moved) {
        walk[m.reindented ? 'reindented' : 'moved'] += 1;
        claimLines.push(
          `${at} ${m.reindented ? 'reindented' : 'moved'} ${m.lines} lines ${m.from.path}:${m.from.startLine} -> ${m.to.path}:${m.to.startLine}-${m.to.endLine}`,
        );
      }
      for (const d of review.drafts) {
        walk.risks += 1;
        claimLines.push(`${at} ${d.kind} ${d.path} | ${d.quote.split('\n')[0]!.slice(0, 120)}`);
      }
      if ('files' in review.history) {
        for (const f of review.history.files.filter((h) => h.usuallyWith.length > 0)) {
          walk.coFiles += 1;
          walk.coPairs += f.usuallyWith.length;
          claimLines.push(
            `${at} co-change ${f.path} (${f.commits}) with ${f.usuallyWith.map((w) => `${w.path} ${w.together}`).join(', ')}`,
          );
        }
      }
      const message = git(dir, 'log', '-1', '--format=%B', sha);
      const issues = review.linkedIssues.length > 0 ? review.linkedIssues : [];
      walk.issues += issues.length;
      for (const i of issues) claimLines.push(`${at} issue ${i.relation} ${formatIssue(i)} | ${message.split('\n')[0]!.slice(0, 100)}`);
      const changedTests = files.some((f) => f.status !== 'deleted' && isRunnableTest(f.path));
      if (changedTests) withTests += 1;
      claims += review.tests.gaps.length;
      if (changedTests) suspect += review.tests.gaps.length;
      testSymbols += findChangedSymbols(files, index).filter((c) => isTestFile(c.symbol.path)).length;
      for (const b of review.blastRadius) {
        for (const c of b.topCallers) {
          callers += 1;
          const line = readFileSync(path.join(tree, c.path), 'utf8').split('\n')[c.line - 1]?.trim() ?? '';
          const target = `${b.changed.symbol.scope ? `${b.changed.symbol.scope}.` : ''}${b.changed.symbol.name}`;
          callerLines.push(
            `${name} ${sha.slice(0, 8)} ${target} <- ${c.path}:${c.line} (${c.depth} hop${c.depth > 1 ? 's' : ''}) | ${line.slice(0, 100)}`,
          );
        }
      }
      process.stderr.write(
        `${name} ${sha.slice(0, 8)}: ${review.tests.gaps.length} gap(s)${changedTests ? ' (tests changed)' : ''}, ${review.changedSymbols.length} symbols${review.tests.gaps.length > 0 ? `: ${review.tests.gaps.map((g) => g.path).join(', ')}` : ''}\n`,
      );
    } finally {
      store.close();
      rmSync(tree, { recursive: true, force: true });
    }
  }
  rows.push(`| ${name} | ${shas.length} | ${withTests} | ${claims} | ${suspect} | ${testSymbols} | ${callers} |`);
  walkRows.push(
    `| ${name} | ${shas.length} | ${walk.signature} | ${walk.visibility} | ${walk.removed} | ${walk.renamed} | ${walk.moved} | ${walk.reindented} | ${walk.notCompared} | ${walk.risks} | ${walk.coFiles} | ${walk.coPairs} | ${walk.issues} |`,
  );
}
writeFileSync(args.callers, `${callerLines.join('\n')}\n`);
writeFileSync(args.claims, `${claimLines.join('\n')}\n`);
rmSync(work, { recursive: true, force: true });
process.stdout.write(
  `${rows.join('\n')}\n\n${walkRows.join('\n')}\n\nEvery caller listed, with its call line, for checking by hand: ${args.callers}\nEvery walkthrough, risk, co-change and issue claim: ${args.claims}\n`,
);
