import type { ExpectedSite, Mutation } from './inject-mutation.js';

/** A finding as `review --json` prints it (output.review.findings), the fields the benchmark reads. */
export interface Finding {
  rule: string;
  severity: string;
  path: string;
  line: number;
  startLine?: number;
  message: string;
  evidence?: Array<{ label: string; path: string; startLine: number; endLine?: number; side?: 'head' | 'base' }>;
}

/** One mutated head reviewed: its break and the findings the review raised that the untouched commit did not. */
export interface ScoredMutation {
  kind: Mutation['kind'];
  rule: string;
  language: string;
  expected: ExpectedSite[];
  /** Findings of this head not raised on the untouched commit (lines mapped across a removal). */
  added: Finding[];
}

export interface RuleScore {
  rule: string;
  mutations: number;
  requiredSites: number;
  found: number;
  recall: number | null;
  /** Required sites not reported at their line but named in the evidence of a finding of the rule (a finding per change, not per site). */
  inEvidenceOnly: number;
  /** Findings on mutated heads at an injected site (any rule's site: it reports a real break). */
  matched: number;
  /** Findings not at an injected site, on mutated heads (added by the break) and on untouched commits: each to read by hand. */
  candidates: number;
  /** matched / (matched + candidates), counting every unread candidate as false: a lower bound. */
  precision: number | null;
  untouchedFindings: number;
  perUntouchedCommit: number | null;
}

/** Whether a finding is about a site: same path, and its line (or line range) holds one of the site's lines. */
export function isAtSite(finding: Finding, site: ExpectedSite): boolean {
  if (finding.path !== site.path) return false;
  const from = finding.startLine ?? finding.line;
  return site.lines.some((l) => l >= from && l <= finding.line);
}

/** The findings of `head` that `base` (the untouched commit's review) did not raise; `shift` maps a base line to the head. */
export function findAdded(head: Finding[], base: Finding[], shift: (path: string, line: number) => number): Finding[] {
  const key = (f: Finding, line: number) => `${f.rule}\u0000${f.path}\u0000${line}`;
  const before = new Set(base.map((f) => key(f, shift(f.path, f.line))));
  return head.filter((f) => !before.has(key(f, f.line)));
}

/** Maps a line of the untouched commit to the mutated head's numbering (only a removal shifts lines). */
export function toHeadLine(mutation: Pick<Mutation, 'path' | 'removed'>): (path: string, line: number) => number {
  const r = mutation.removed;
  return (path, line) => (r === undefined || path !== mutation.path || line < r.from ? line : Math.max(r.from, line - r.count));
}

/** Whether a finding of `rule` lists the site among its evidence (head side). */
export function isInEvidence(site: ExpectedSite, rule: string, findings: Finding[]): boolean {
  return findings.some(
    (f) =>
      f.rule === rule &&
      (f.evidence ?? []).some(
        (e) => e.side !== 'base' && e.path === site.path && site.lines.some((l) => l >= e.startLine && l <= (e.endLine ?? e.startLine)),
      ),
  );
}

/** Whether a required site was reported by a finding of the rule the break should raise. */
export function isFound(site: ExpectedSite, rule: string, findings: Finding[]): boolean {
  return findings.some((f) => f.rule === rule && isAtSite(f, site));
}

/**
 * Per rule: recall over the required sites of its breaks, precision over
 * every finding of it (at an injected site, or a candidate to read), and how
 * many it raised per untouched commit.
 */
export function scoreRules(rules: string[], mutations: ScoredMutation[], untouched: Finding[][]): RuleScore[] {
  return rules.map((rule) => {
    const own = mutations.filter((m) => m.rule === rule);
    const required = own.flatMap((m) => m.expected.filter((s) => s.required).map((s) => ({ s, m })));
    const found = required.filter(({ s, m }) => isFound(s, rule, m.added)).length;
    const inEvidenceOnly = required.filter(({ s, m }) => !isFound(s, rule, m.added) && isInEvidence(s, rule, m.added)).length;
    let matched = 0;
    let candidates = 0;
    for (const m of mutations) {
      for (const f of m.added.filter((x) => x.rule === rule)) {
        if (m.expected.some((s) => isAtSite(f, s))) matched += 1;
        else candidates += 1;
      }
    }
    const untouchedFindings = untouched.flat().filter((f) => f.rule === rule).length;
    candidates += untouchedFindings;
    return {
      rule,
      mutations: own.length,
      requiredSites: required.length,
      found,
      recall: required.length === 0 ? null : found / required.length,
      inEvidenceOnly,
      matched,
      candidates,
      precision: matched + candidates === 0 ? null : matched / (matched + candidates),
      untouchedFindings,
      perUntouchedCommit: untouched.length === 0 ? null : untouchedFindings / untouched.length,
    };
  });
}
