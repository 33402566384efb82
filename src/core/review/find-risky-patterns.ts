import { findLanguage } from '../code-index/languages.js';
import { isTestFile } from '../repo/is-test-file.js';
import { findSecrets } from '../secrets/find-secrets.js';
import type { DiffFile, DiffLine } from './parse-diff.js';
import type { ReviewDraft } from './review-draft.js';
import { RISK_RULES, type RiskRule, type RuleLine } from './risk-rules.js';
import { splitCodeLine } from './split-code-line.js';
import { matchesNewSide } from './reconstruct-base.js';
import { findStructuralRisks } from './structural-risk-rules.js';

/** Drafts kept per file: past this a file is better read as a whole than commented line by line. */
const MAX_DRAFTS_PER_FILE = 25;

/**
 * Risky patterns on ADDED lines only: the review is about what this change
 * brings, not what was already there. Each draft quotes the trimmed line (or
 * two lines for two-line patterns), so placement can find it in the hunk.
 */
export async function findRiskyPatterns(
  files: DiffFile[],
  rules: RiskRule[] = RISK_RULES,
  /** The head's content of a file, for the rules that read more than a line; without it they are not run. */
  readHead?: (path: string) => Promise<string>,
): Promise<ReviewDraft[]> {
  const drafts: ReviewDraft[] = [];
  for (const file of files) {
    if (file.binary || file.status === 'deleted') continue;
    const language = findLanguage(file.path);
    const applicable = rules.filter(
      (r) => (!r.languages || (language !== undefined && r.languages.includes(language))) && !(r.sourceOnly && isTestFile(file.path)),
    );
    const seen = new Set<string>();
    const forFile: ReviewDraft[] = [];
    const secretLines = await findSecretLines(file);
    for (const hunk of file.hunks) {
      hunk.lines.forEach((line, i) => {
        if (line.kind !== 'add' || secretLines.within.has(line)) return;
        const ruleLine = toRuleLine(file.path, line, hunk.lines[i + 1], secretLines.starts.has(line));
        for (const rule of applicable) {
          const hit = rule.test(ruleLine);
          if (hit === false) continue;
          const quote = hit === 2 && ruleLine.next ? `${line.text.trim()}\n${ruleLine.next.raw.trim()}` : line.text.trim();
          const key = `${rule.id}\n${quote}`;
          if (seen.has(key)) continue; // The same line twice: one draft, which placement will send to a person.
          seen.add(key);
          const suggestion = hit === 2 ? undefined : rule.suggest?.(ruleLine);
          forFile.push({
            path: file.path,
            quote,
            body: rule.message,
            kind: `risk:${rule.id}`,
            severity: rule.severity,
            ...(suggestion !== undefined ? { suggestion } : {}),
          });
        }
      });
    }
    if (readHead) {
      const head = await readHead(file.path).catch(() => undefined);
      // Only content that is the diff's new side: a rule's quote must be the head commit's code.
      if (head !== undefined && matchesNewSide(file, head)) forFile.push(...(await findStructuralRisks(file, head)));
    }
    drafts.push(...forFile.slice(0, MAX_DRAFTS_PER_FILE));
  }
  return drafts;
}

/**
 * The added lines of a file that a secret touches, found in one scan of them
 * all (the scanner is async): where one starts, and where one goes on (the
 * body of a key block). A draft quotes its line, and a line of bare key
 * material is text no redactor can tell from any other; so such lines get no
 * draft at all, and the key is flagged once, on its BEGIN line.
 */
async function findSecretLines(file: DiffFile): Promise<{ starts: Set<DiffLine>; within: Set<DiffLine> }> {
  const added = file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add'));
  const spans = await findSecrets(added.map((l) => l.text).join('\n'));
  const starts = new Set<DiffLine>();
  const within = new Set<DiffLine>();
  let offset = 0;
  for (const line of added) {
    const end = offset + line.text.length;
    if (spans.some((s) => s.start >= offset && s.start <= end)) starts.add(line);
    else if (spans.some((s) => s.start < offset && s.end > offset)) within.add(line);
    offset = end + 1;
  }
  return { starts, within };
}

function toRuleLine(path: string, line: DiffLine, next: DiffLine | undefined, hasSecret: boolean): RuleLine {
  const { code, comment } = splitCodeLine(line.text, path);
  const ruleLine: RuleLine = { path, language: findLanguage(path), raw: line.text, code, comment, hasSecret };
  if (next?.kind === 'add') ruleLine.next = { raw: next.text, code: splitCodeLine(next.text, path).code };
  return ruleLine;
}
