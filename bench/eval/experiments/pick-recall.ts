/**
 * Where a first answer's pick puts each case's changed files (issue 28), without indexing:
 *
 *   NANODEX_EVAL_DIR=... npx tsx bench/eval/experiments/pick-recall.ts CASES.json [more.json]
 *
 * For each case: the tree listed and scanned as indexForFirstAnswer does, the
 * pick made, and each expected file's place in the ranking (`-` when unscored)
 * and whether it fits the pick. Prints the share of expected files picked.
 */
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { findFirstAnswerFiles, FIRST_ANSWER_LIMITS, readFirstAnswerTerms } from '../../../src/core/code-index/find-first-answer-files.js';
import { scanTreeText } from '../../../src/core/code-index/scan-tree-text.js';
import { findFileKind } from '../../../src/core/code-index/languages.js';
import { findPathSkipReason } from '../../../src/core/repo/skip-rules.js';
import { walkDirectory } from '../../../src/core/repo/walk-directory.js';
import { loadCases, snapshotDir } from '../eval-paths.js';

if (process.env.FL) Object.assign(FIRST_ANSWER_LIMITS, JSON.parse(process.env.FL));
let found = 0;
let wanted = 0;
for (const file of process.argv.slice(2)) {
  for (const c of loadCases(file)) {
    const root = snapshotDir(c);
    const paths = walkDirectory(root, {})
      .entries.filter((e) => e.kind === 'file')
      .map((e) => e.path)
      .filter((p) => findPathSkipReason(p) === undefined && findFileKind(p) !== undefined);
    const sizeOf = (f: string) => lstatSync(path.join(root, f)).size;
    const { spellings } = readFirstAnswerTerms(c.query);
    const matches = await scanTreeText(root, [...spellings.keys()], { timeoutMs: 60_000, paths, git: false, spellings });
    const pick = findFirstAnswerFiles(c.query, paths, matches, { ...FIRST_ANSWER_LIMITS, sizeOf });
    const all = findFirstAnswerFiles(c.query, paths, matches, { files: 100_000, bytes: Number.MAX_SAFE_INTEGER, sizeOf });
    const bytes = pick.paths.reduce((s, f) => s + sizeOf(f), 0);
    const marks = c.expected.map((e) => {
      const rank = all.paths.indexOf(e);
      const inPick = pick.paths.includes(e);
      wanted += 1;
      if (inPick) found += 1;
      return `${inPick ? '+' : '-'}${e}@${rank < 0 ? '-' : rank}`;
    });
    process.stdout.write(
      `${c.sha.slice(0, 12)} ${pick.paths.length}f ${(bytes / 1e6).toFixed(2)}MB [${pick.terms.join(',')}] ${marks.join(' ')}\n`,
    );
    if (process.env.SHOW) process.stdout.write(`   pick: ${pick.paths.slice(0, Number(process.env.SHOW)).join(' ')}\n`);
  }
}
process.stdout.write(`picked ${found}/${wanted} expected files\n`);
