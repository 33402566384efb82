import type { CodeIndex, ListedFile } from '../code-index/code-index.js';
import { isGeneratedOrVendored } from '../repo/classify-file.js';
import { isTestFile } from '../repo/is-test-file.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import { findModuleFiles } from './find-module-files.js';
import { findRepoFile, indexTails } from './read-named-paths.js';
import { findTraceFiles, readReportCode } from './read-report-code.js';

/** Adds to a file's score with a reason (locateFiles' accumulator). */
export type AddScore = (path: string, amount: number, reason: string) => void;

/**
 * Weights of what a report's code and output name, beside locateFiles' own
 * signals (a definition the question names weighs 3). A check name a report
 * quotes is near-certain when few files hold it; a called name is weaker
 * (reports call the public API, the bug is often behind it); an imported
 * module is named outright.
 */
const WEIGHT = { quoted: 3, call: 1, module: 1.5, inTitle: 1.5, traceFrame: 2 };
/** A called name defined in more files than this says nothing about where (`__init__`, `subs`, `doit`). */
const MAX_CALL_FILES = 4;
/** A title word naming classes in more files than this is a common word (`Error`, `Node`), not this report's class. */
const MAX_TITLE_CLASS_FILES = 2;
/** A quoted name held by more product files than this is a common phrase, not a check's own name. */
const MAX_QUOTED_FILES = 6;

/** Chunks searched for a quoted name: its tests and examples come first (the name is in their paths), the code after. */
const QUOTED_SEARCH_CHUNKS = 300;
/**
 * Calls and quoted names looked up per report, the title's first: a pasted lint log or `--help` text holds
 * hundreds, and each is a lookup (a quoted name a 300-chunk search).
 */
const MAX_CALLS = 30;
const MAX_QUOTED_NAMES = 20;

/** A file that documents or exemplifies a name rather than defines it: in a docs or examples folder, or named after it. */
function isAboutTheName(path: string, name: string): boolean {
  const lower = path.toLowerCase();
  const spelled = name.toLowerCase();
  return (
    lower.includes(spelled) ||
    lower.includes(spelled.replace(/-/g, '_')) ||
    findNonProductFolder(path) !== undefined ||
    /(^|\/)doc\//.test(path)
  );
}

/**
 * Scores the files a bug report's code and output point at: the definitions
 * of the names its code calls (those not already looked up as identifiers),
 * the modules its import lines name, and the product files whose code holds a
 * check or option name it quotes (`unused-variable`, `W0612`) — found by a
 * search for its words side by side, leaving out tests, text files and files
 * named after the name (its examples and fixtures).
 */
export function scoreReportCode(
  index: CodeIndex,
  question: string,
  options: { add: AddScore; files: ListedFile[]; lookedUp: Set<string>; untrimmed?: string },
): void {
  const { add, files, lookedUp } = options;
  const report = readReportCode(question);

  // Each pasted traceback: the innermost frame in the repository's own code (the installed copy's path ends with the
  // repository's: `.../site-packages/pkg/checkers/typecheck.py`). Frames in other libraries are skipped, not the trace.
  const traces = findTraceFiles(options.untrimmed ?? question);
  const byTail =
    traces.length === 0
      ? new Map()
      : // A vendored copy (`requests/packages/urllib3/...`) is a library frame, not the repository's own.
        indexTails(
          files.filter((f) => f.path.endsWith('.py') && !isTestFile(f.path) && !isGeneratedOrVendored(f.path, f)).map((f) => f.path),
        );
  for (const trace of traces) {
    const own = trace.map((framePath) => findRepoFile(framePath, byTail)).find((p) => p !== undefined);
    if (own) add(own, WEIGHT.traceFrame / Math.sqrt(traces.length), 'the innermost frame of a pasted traceback in this repository');
  }

  for (const name of titleFirst(report.calls, report.titleCalls).slice(0, MAX_CALLS)) {
    if (lookedUp.has(name)) continue;
    const defs = index.findDefinitions(name, 30).filter((d) => d.name === name && !isTestFile(d.path));
    const defFiles = [...new Set(defs.map((d) => d.path))];
    if (defFiles.length === 0 || defFiles.length > MAX_CALL_FILES) continue;
    const weight = report.titleCalls.includes(name) ? WEIGHT.call * WEIGHT.inTitle : WEIGHT.call;
    for (const path of defFiles) add(path, weight / Math.sqrt(defFiles.length), `defines ${name}, which the report's code calls`);
  }

  // A capitalised word of the title naming a class exactly (`Subs in Subs returns incorrect results`): what the
  // report is about, like a call written in the title.
  for (const name of report.titleWords) {
    if (lookedUp.has(name) || report.calls.includes(name)) continue;
    const defs = index.findDefinitions(name, 30).filter((d) => d.name === name && d.kind === 'class' && !isTestFile(d.path));
    const defFiles = [...new Set(defs.map((d) => d.path))];
    if (defFiles.length === 0 || defFiles.length > MAX_TITLE_CLASS_FILES) continue;
    for (const path of defFiles)
      add(path, (WEIGHT.call * WEIGHT.inTitle) / Math.sqrt(defFiles.length), `defines ${name}, which the title names`);
  }

  for (const module of report.modules)
    for (const file of findModuleFiles(module, files)) add(file.path, WEIGHT.module, `the module ${module} the report imports`);

  // A file holding several quoted names counts by the strongest: a pasted option list is not several signals.
  const best = new Map<string, { amount: number; name: string }>();
  const language = new Map(files.map((f) => [f.path, f.language]));
  for (const name of titleFirst(report.quotedNames, report.titleNames).slice(0, MAX_QUOTED_NAMES)) {
    // Its words side by side (`used-before-assignment`, not a comment that says "used" before an "assignment"), in
    // code: docs, templates and changelogs repeat a name the code defines.
    const holders = new Set(
      index
        .search(name, { limit: QUOTED_SEARCH_CHUNKS, phrase: true })
        .map((h) => h.path)
        .filter((p) => !isTestFile(p) && !isAboutTheName(p, name) && language.get(p) !== 'text'),
    );
    if (holders.size === 0 || holders.size > MAX_QUOTED_FILES) continue;
    const weight = (report.titleNames.includes(name) ? WEIGHT.quoted * WEIGHT.inTitle : WEIGHT.quoted) / Math.sqrt(holders.size);
    for (const path of holders) if (weight > (best.get(path)?.amount ?? 0)) best.set(path, { amount: weight, name });
  }
  for (const [path, { amount, name }] of best) add(path, amount, `holds ${name}, which the report quotes`);
}

/** The names the title also holds first, then the rest in the report's order. */
function titleFirst(names: string[], inTitle: string[]): string[] {
  return [...names.filter((n) => inTitle.includes(n)), ...names.filter((n) => !inTitle.includes(n))];
}
