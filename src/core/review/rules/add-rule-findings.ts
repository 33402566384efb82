import type { CodeIndex } from '../../code-index/code-index.js';
import type { ReviewSettings } from '../../config/repo-config.js';
import { compareFindings } from '../findings/review-finding.js';
import type { DiffFile } from '../parse-diff.js';
import type { OfflineReview } from '../review-offline.js';
import type { AstGrepRule } from './ast-grep-rule.js';
import { BUILT_IN_RULES } from './built-in-rules.js';
import { findRuleFindings } from './find-rule-findings.js';
import { readRepositoryRules } from './read-repository-rules.js';
import { renderRuleProblem } from './rule-problem.js';

/**
 * The review with its rule findings added: the built-in pack and the
 * repository's `.github/nanodex/rules/*.yml` (a repository rule with a
 * built-in's id replaces it), run on the reviewed files' added lines. A
 * bad rule file, or an engine that cannot load on this machine, becomes a
 * note; the review goes on without those rules.
 */
export async function addRuleFindings(
  review: OfflineReview,
  input: { files: DiffFile[]; index: CodeIndex; readFile: (path: string) => Promise<string>; settings?: ReviewSettings },
): Promise<{ review: OfflineReview; notes: string[] }> {
  const reviewed = new Set(review.receipt.reviewed.map((r) => r.path));
  const files = input.files.filter((f) => reviewed.has(f.path));
  if (files.length === 0) return { review, notes: [] };
  try {
    const repository = await readRepositoryRules(input.index, input.readFile);
    const own = new Set(repository.rules.map((r) => r.id));
    const rules: AstGrepRule[] = [...BUILT_IN_RULES.filter((r) => !own.has(r.id)), ...repository.rules];
    const found = await findRuleFindings({ files, rules, readHead: input.readFile, settings: input.settings });
    return {
      review: { ...review, findings: [...review.findings, ...found.findings].sort(compareFindings) },
      notes: [...repository.problems.map((p) => `rule file ${renderRuleProblem(p)}`), ...found.notes],
    };
  } catch (error) {
    return { review, notes: [`review rules did not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`] };
  }
}
