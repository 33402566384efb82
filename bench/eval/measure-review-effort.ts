/**
 * The review effort's distribution on real history (docs/reviews.md, "Walkthrough: effort and flow"):
 * for each checkout, every Nth of its last 800 non-merge commits (40 per checkout), the walkthrough of
 * `git diff C^ C` (heads read with `git show C:path`), the history before C and the risky patterns, then
 * estimateReviewEffort. Prints one line per commit (score, subject, reasons) and the counts of 1-5.
 *
 *   npx tsx bench/eval/measure-review-effort.ts /work/repos/axios /work/repos/gin [--per 40]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gitChangeHistory } from '../../src/core/repo/git-change-history.js';
import { buildWalkthrough } from '../../src/core/review/build-walkthrough.js';
import { estimateReviewEffort } from '../../src/core/review/estimate-review-effort.js';
import { findCoChanges, HISTORY_WINDOW } from '../../src/core/review/find-co-changes.js';
import { findRiskyPatterns } from '../../src/core/review/find-risky-patterns.js';
import { parseDiff } from '../../src/core/review/parse-diff.js';

const perIndex = process.argv.indexOf('--per');
const per = perIndex >= 0 ? Number(process.argv[perIndex + 1]) : 40;
const roots = process.argv.slice(2).filter((a, i, all) => a !== '--per' && all[i - 1] !== '--per');
const git = (root: string, args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

const counts: Record<string, number[]> = {};
for (const root of roots) {
  const name = path.basename(root);
  const shas = git(root, ['log', '--no-merges', '--format=%H', '-n', '800']).trim().split('\n');
  const every = Math.max(1, Math.floor(shas.length / per));
  const history = gitChangeHistory(root);
  const scores = [0, 0, 0, 0, 0];
  for (const sha of shas.filter((_, i) => i % every === 0).slice(0, per)) {
    const files = parseDiff(git(root, ['diff', '--no-color', `${sha}^`, sha]));
    if (files.length === 0) continue;
    const readHead = (file: string) => Promise.resolve(git(root, ['show', `${sha}:${file}`]));
    const walkthrough = await buildWalkthrough(files, readHead);
    const commits = await history.recentCommits(git(root, ['rev-parse', `${sha}^`]).trim(), HISTORY_WINDOW);
    const changed = files.filter((f) => f.status !== 'added').map((f) => f.oldPath ?? f.path);
    const coChange = 'unavailable' in commits ? commits : findCoChanges(commits, changed, () => true);
    const effort = estimateReviewEffort({ walkthrough, history: coChange, drafts: await findRiskyPatterns(files, undefined, readHead) });
    scores[effort.score - 1]! += 1;
    const subject = git(root, ['log', '-1', '--format=%s', sha]).trim().slice(0, 70);
    process.stdout.write(`${name} ${sha.slice(0, 8)} ${effort.score} | ${subject} | ${effort.reasons.join('; ')}\n`);
  }
  counts[name] = scores;
}
process.stdout.write('\nrepository: commits scoring 1 2 3 4 5\n');
for (const [name, scores] of Object.entries(counts)) process.stdout.write(`${name}: ${scores.join(' ')}\n`);
