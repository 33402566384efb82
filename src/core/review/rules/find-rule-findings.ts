import type { NapiConfig, SgNode } from '@ast-grep/napi';
import ignore from 'ignore';
import type { ReviewSettings } from '../../config/repo-config.js';
import type { DiffFile } from '../parse-diff.js';
import { compareFindings, type ReviewFinding } from '../findings/review-finding.js';
import { isRuleOn } from '../findings/review-paths.js';
import { findRuleLanguage, type AstGrepRule } from './ast-grep-rule.js';
import { loadAstGrep, toNapiLanguage } from './load-ast-grep.js';

/** More matches of one rule in one review are a rule that does not fit this code: say so instead of posting them all. */
export const MAX_FINDINGS_PER_RULE = 20;
/** A changed file larger than this is not parsed for rules (the index leaves out larger files too). */
const MAX_FILE_CHARS = 1_000_000;
/** Lines of a match kept as its evidence. */
const EVIDENCE_LINES = 12;

const METAVARIABLE = /\$\$\$([A-Z_][A-Z0-9_]*)|\$([A-Z_][A-Z0-9_]*)/g;

/**
 * Runs ast-grep rules on the changed files at the head and keeps the matches
 * that start on an added line: a rule speaks about what the change wrote,
 * never about code it left alone. Each rule is switched by `review.rules`
 * and `review.paths[].rules` (isRuleOn) and by its own `files`/`ignores`.
 * A match with a `fix` spans its lines and carries them rewritten as the
 * finding's suggestion; one without points at its first line.
 */
export async function findRuleFindings(input: {
  files: DiffFile[];
  rules: AstGrepRule[];
  readHead: (path: string) => Promise<string>;
  settings?: ReviewSettings;
}): Promise<{ findings: ReviewFinding[]; notes: string[] }> {
  const findings: ReviewFinding[] = [];
  const notes: string[] = [];
  const perRule = new Map<string, number>();
  for (const file of input.files) {
    if (file.binary || file.status === 'deleted') continue;
    const language = findRuleLanguage(file.path);
    if (language === undefined) continue;
    const rules = input.rules.filter(
      (r) => r.language === language && isRuleOn(r.id, file.path, input.settings, r.offByDefault) && matchesFiles(r, file.path),
    );
    const added = new Set(
      file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === 'add' && l.newLine !== undefined).map((l) => l.newLine!)),
    );
    if (rules.length === 0 || added.size === 0) continue;
    let text: string;
    try {
      text = await input.readHead(file.path);
    } catch {
      continue; // not readable at the head (a submodule, a file the source cannot show): nothing for a rule to read
    }
    if (text.length > MAX_FILE_CHARS) continue;
    const napi = loadAstGrep();
    const root = napi.parse(toNapiLanguage(napi, language), text).root();
    const lines = text.split('\n');
    for (const rule of rules) {
      let matches: SgNode[];
      try {
        matches = root.findAll({ rule: rule.rule, constraints: rule.constraints, utils: rule.utils } as NapiConfig);
      } catch (error) {
        notes.push(
          `rule ${rule.id} (${rule.source}) could not run on ${file.path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
        continue;
      }
      const seen = new Set<number>();
      for (const match of matches) {
        const { start, end } = match.range();
        const startLine = start.line + 1;
        if (!added.has(startLine) || seen.has(startLine)) continue;
        seen.add(startLine);
        const count = (perRule.get(rule.id) ?? 0) + 1;
        perRule.set(rule.id, count);
        if (count > MAX_FINDINGS_PER_RULE) continue;
        findings.push(toFinding(rule, file.path, match, lines, { startLine, endLine: end.line + 1 }));
      }
    }
  }
  for (const [id, count] of perRule) {
    if (count > MAX_FINDINGS_PER_RULE)
      notes.push(`rule ${id}: ${count} matches on changed lines; the first ${MAX_FINDINGS_PER_RULE} are shown`);
  }
  return { findings: findings.sort(compareFindings), notes };
}

function toFinding(
  rule: AstGrepRule,
  path: string,
  match: SgNode,
  lines: string[],
  at: { startLine: number; endLine: number },
): ReviewFinding {
  const { startLine, endLine } = at;
  const shown = lines.slice(startLine - 1, Math.min(endLine, startLine - 1 + EVIDENCE_LINES));
  const note = rule.note
    ?.split(/\n\s*\n/)[0]
    ?.replace(/\s+/g, ' ')
    .trim();
  const base = {
    rule: `rule:${rule.id}`,
    severity: rule.severity,
    path,
    message: note ? `${rule.message} ${note}` : rule.message,
    evidence: [{ label: 'match', path, startLine, ...(endLine > startLine ? { endLine } : {}), code: shown.join('\n') }],
  };
  if (rule.fix === undefined) return { ...base, line: startLine };
  return {
    ...base,
    line: endLine,
    ...(endLine > startLine ? { startLine } : {}),
    suggestion: buildSuggestion(rule.fix, match, lines),
  };
}

/** The matched lines with the match replaced by the fix (metavariables filled in, later lines indented as the match). */
function buildSuggestion(fix: string, match: SgNode, lines: string[]): string {
  const { start, end } = match.range();
  const first = lines[start.line] ?? '';
  const last = lines[end.line] ?? '';
  const indent = /^[ \t]*/.exec(first)?.[0] ?? '';
  const filled = fix
    .replace(/\n+$/, '')
    .replace(/\n/g, `\n${indent}`)
    .replace(METAVARIABLE, (_all, many: string | undefined, one: string | undefined) =>
      many !== undefined ? sliceMatches(match.getMultipleMatches(many), lines) : (match.getMatch(one!)?.text() ?? ''),
    );
  const replaced = `${first.slice(0, start.column)}${filled}${last.slice(end.column)}`;
  // An empty fix on a match that fills its lines deletes them (the suggestion removes the lines, not leaves them blank).
  return replaced.trim() === '' ? '' : replaced;
}

/** `$$$ARGS` as written in the source: from the first matched node to the last, separators included. */
function sliceMatches(nodes: SgNode[], lines: string[]): string {
  if (nodes.length === 0) return '';
  const from = nodes[0]!.range().start;
  const to = nodes[nodes.length - 1]!.range().end;
  if (from.line === to.line) return (lines[from.line] ?? '').slice(from.column, to.column);
  return [
    (lines[from.line] ?? '').slice(from.column),
    ...lines.slice(from.line + 1, to.line),
    (lines[to.line] ?? '').slice(0, to.column),
  ].join('\n');
}

/** A rule's own `files` (only these) and `ignores` (never these), gitignore-style. */
function matchesFiles(rule: AstGrepRule, path: string): boolean {
  if (rule.files !== undefined && !ignore().add(rule.files).ignores(path)) return false;
  if (rule.ignores !== undefined && ignore().add(rule.ignores).ignores(path)) return false;
  return true;
}
