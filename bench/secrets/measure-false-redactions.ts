/**
 * False redactions on ordinary code: runs the redactor over every text file
 * of a tree and counts the lines it changed. In a tree nobody put secrets
 * in, each changed line is a false redaction (a reader loses that line).
 * The goal (issue 11) is fewer than 1 per 10,000 lines.
 *
 *   npm run bench:secrets                    this repository and two package trees from node_modules
 *   npm run bench:secrets -- DIR [DIR...]    other trees
 *   npm run bench:secrets -- --examples=200  list more of the changed lines (25 per tree by default)
 *
 * Writes bench/results/secrets.json and prints one table row per tree, with
 * the changed lines themselves so a rule can be tuned against them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redactSecrets } from '../../src/core/secrets/redact-secrets.js';
import { findProjectRoot } from '../project-root.js';

/** The corpus of fake secrets, the tests built on it, and this benchmark's own report: secrets on purpose. */
const SECRET_CORPUS =
  /^test\/core\/secrets\/|^test\/(?:helpers\/(?:secret-corpus|secret-repo|find-leaks)\.ts|.*secrets?[\w-]*\.test\.ts)$|^bench\/results\/secrets\.json$/;
/**
 * Older tests that plant a fake secret on purpose (a token the Action must mask, a key the index must
 * skip, a literal the review must flag). Their redactions are correct, so they are counted apart.
 */
const PLANTED = new Set([
  'test/action/action-harness.ts',
  'test/app/read-app-env.test.ts',
  'test/core/code-index/index-repository.test.ts',
  'test/core/review/find-risky-patterns.test.ts',
  'test/helpers/sample-repo.ts',
]);
/** Files past this are data or bundles; the redactor still runs on them, but one file should not dominate the time. */
const MAX_FILE_BYTES = 4_000_000;
/** Inside a walked tree: version control, and nested dependencies (each is its own tree). */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

interface TreeReport {
  tree: string;
  files: number;
  lines: number;
  megabytes: number;
  falseRedactions: number;
  per10kLines: number;
  /** Lines changed in files that plant fake secrets on purpose (PLANTED): correct, not counted above. */
  plantedRedactions: number;
  ms: number;
  msPerMegabyte: number;
  examples: string[];
}

const root = findProjectRoot();
const args = process.argv.slice(2);
const trees = args.filter((a) => !a.startsWith('--'));
const maxExamples = Number(args.find((a) => a.startsWith('--examples='))?.slice('--examples='.length) ?? 25);
const targets =
  trees.length > 0
    ? trees.map((t) => ({ tree: t, files: walk(path.resolve(t)) }))
    : [
        { tree: 'this repository (git ls-files, without the secrets corpus)', files: listRepository(root) },
        { tree: 'node_modules/typescript/lib', files: walk(path.join(root, 'node_modules/typescript/lib')) },
        { tree: 'node_modules/@langchain', files: walk(path.join(root, 'node_modules/@langchain')) },
      ];

const reports: TreeReport[] = [];
for (const target of targets) reports.push(await measure(target.tree, target.files));
for (const r of reports) {
  process.stdout.write(
    `${r.tree}\n  ${r.files} files, ${r.lines} lines, ${r.megabytes.toFixed(1)} MB: ` +
      `${r.falseRedactions} false redactions (${r.per10kLines.toFixed(3)} per 10K lines), ${r.ms.toFixed(0)} ms (${r.msPerMegabyte.toFixed(1)} ms/MB)` +
      `${r.plantedRedactions > 0 ? `; ${r.plantedRedactions} lines in tests that plant fake secrets, redacted as they should be` : ''}\n`,
  );
  for (const e of r.examples) process.stdout.write(`    ${e}\n`);
}
const out = path.join(root, 'bench/results/secrets.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ node: process.version, at: new Date().toISOString(), reports }, null, 2)}\n`);

async function measure(tree: string, files: string[]): Promise<TreeReport> {
  let lines = 0;
  let bytes = 0;
  let changed = 0;
  let planted = 0;
  let ms = 0;
  const examples: string[] = [];
  for (const file of files) {
    const buffer = readFileSync(file);
    if (buffer.length > MAX_FILE_BYTES || buffer.subarray(0, 8192).includes(0)) continue;
    const text = buffer.toString('utf8');
    const started = performance.now();
    const redacted = await redactSecrets(text);
    ms += performance.now() - started;
    bytes += buffer.length;
    const before = text.split('\n');
    lines += before.length;
    if (redacted === text) continue;
    const after = redacted.split('\n');
    const isPlanted = PLANTED.has(path.relative(root, file));
    before.forEach((line, i) => {
      if (after[i] === line) return;
      if (isPlanted) {
        planted += 1;
        return;
      }
      changed += 1;
      if (examples.length < maxExamples) examples.push(`${path.relative(root, file)}:${i + 1}: ${line.trim().slice(0, 160)}`);
    });
  }
  const megabytes = bytes / 1e6;
  return {
    tree,
    files: files.length,
    lines,
    megabytes,
    falseRedactions: changed,
    per10kLines: lines === 0 ? 0 : (changed / lines) * 10_000,
    plantedRedactions: planted,
    ms,
    msPerMegabyte: megabytes === 0 ? 0 : ms / megabytes,
    examples,
  };
}

function listRepository(dir: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0');
  return listed
    .filter((f) => f !== '' && !SECRET_CORPUS.test(f))
    .map((f) => path.join(dir, f))
    .filter(isFile);
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) out.push(...walk(full));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false; // deleted in the work tree but still listed: nothing to read
  }
}
