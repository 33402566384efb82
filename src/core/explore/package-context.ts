import { estimateTokens } from '../tokens.js';
import type { Confidence, EvidenceItem, MapModule, RepoBootstrapContext, RepoContext, RepoExplorationPlan } from './types.js';

/** How the confidence reason starts when a name the question uses has no definition in the repository. */
export const NOT_DEFINED_HERE = 'no definition in this repository for';

/**
 * Packs the evidence into the context every output is built from. Nothing in
 * it comes from anywhere but the evidence, the findings the index produced
 * and the plan.
 *
 * Confidence rule: high when every planned name was found and evidence comes
 * from a definition or the files the question names; medium when there is
 * evidence but a name was not found or only text search backs it; low with
 * no evidence.
 */
export function packageContext(input: {
  bootstrap: RepoBootstrapContext;
  plan: RepoExplorationPlan;
  evidence: EvidenceItem[];
  findings: string[];
  notes: string[];
  gaps: string[];
  namesWanted: string[];
  namesFound: Set<string>;
  modules?: MapModule[];
}): RepoContext {
  const { bootstrap, plan, evidence, findings, gaps } = input;
  const missing = input.namesWanted.filter((n) => !input.namesFound.has(n));
  let confidence: Confidence;
  let confidenceReason: string;
  const structural = evidence.some((e) => e.source === 'definition' || e.source === 'references');
  if (evidence.length === 0) {
    confidence = 'low';
    confidenceReason = 'no evidence was found';
  } else if (missing.length === 0 && (structural || input.namesWanted.length === 0) && gaps.length === 0) {
    confidence = input.namesWanted.length > 0 ? 'high' : 'medium';
    confidenceReason =
      input.namesWanted.length > 0
        ? 'every name the question mentions was found in the index, and the evidence includes its definition'
        : 'the evidence comes from text search and the repository map, not from named definitions';
  } else {
    confidence = 'medium';
    confidenceReason =
      missing.length > 0
        ? `${NOT_DEFINED_HERE}: ${missing.join(', ')} (from a dependency, a setting's name, or spelled differently in the code?)`
        : gaps.length > 0
          ? 'some reads failed or found nothing (see gaps)'
          : 'the evidence comes from text search and the repository map, not from named definitions';
  }
  const files = new Set(evidence.map((e) => e.path));
  const summary =
    evidence.length === 0
      ? `Nothing in ${bootstrap.repo} matched the question.`
      : `${evidence.length} excerpt${evidence.length === 1 ? '' : 's'} from ${files.size} file${files.size === 1 ? '' : 's'} of ${bootstrap.repo}` +
        ` (${bootstrap.files} files indexed) answer a ${plan.intent} question.`;
  const context: RepoContext = {
    repo: bootstrap.repo,
    headSha: bootstrap.headSha,
    intent: plan.intent,
    questions: plan.questions,
    summary,
    keyFindings: [
      ...findings,
      // An overview's modules are listed whole; the reads of their starts need no second mention.
      ...(input.modules?.length ? [] : describeBestEvidence(evidence, findings.length)),
      ...input.notes.map((n) => describeNote(n, input.modules)),
    ],
    evidence,
    confidence,
    confidenceReason,
    knownGaps: [...new Set(gaps)],
    tokens: 0,
    ...(input.modules && input.modules.length > 0 ? { modules: input.modules } : {}),
  };
  context.tokens = estimateTokens(evidence.map((e) => e.snippet).join('\n')) + estimateTokens(input.notes.join('\n'));
  return context;
}

/**
 * When the index found no named definition, the findings still say where the
 * question's words matched (the strongest excerpts): a reply must not say
 * "nothing matched" above the code that did. The best excerpt of each of the
 * first files before a second of any one, so "where to look first" names
 * three places to look, not three parts of one file.
 */
function describeBestEvidence(evidence: EvidenceItem[], findings: number): string[] {
  if (findings > 0) return [];
  const ranked = [...evidence].filter((e) => e.source !== 'head').sort((a, b) => (b.relevance ?? 0) - (a.relevance ?? 0));
  const firstOfFile = ranked.filter((e, i) => ranked.findIndex((o) => o.path === e.path) === i);
  const best = [...firstOfFile, ...ranked.filter((e) => !firstOfFile.includes(e))].slice(0, BEST_EVIDENCE);
  return best.map((e) => {
    const reason = e.reason.length > MAX_REASON_CHARS ? `${e.reason.slice(0, MAX_REASON_CHARS - 1)}…` : e.reason;
    return `${e.path} lines ${e.startLine}-${e.endLine}: ${reason}`;
  });
}

const BEST_EVIDENCE = 3;
const MAX_REASON_CHARS = 160;

/** A note's first line as a finding; the repository map's says which modules it ranks first. */
function describeNote(note: string, modules: MapModule[] | undefined): string {
  const first = note.split('\n')[0]!;
  const map = /^Repository map \((\d+) of (\d+) files, ranked by use\):$/.exec(first);
  if (!map) return first;
  const top = (modules ?? []).slice(0, 3).map((m) => m.path);
  return top.length > 0
    ? `The repository map ranks ${map[2]} files by use; the most used of the product's own: ${top.join(', ')} (see Modules)`
    : `The repository map ranks ${map[2]} files by use`;
}
