import { describe, expect, it } from 'vitest';
import { renderAnswer } from '../../../src/core/answer/render-answer.js';
import type { EvidenceItem, RepoContext } from '../../../src/core/explore/types.js';

const item = (over: Partial<EvidenceItem> & Pick<EvidenceItem, 'path' | 'startLine' | 'endLine' | 'reason' | 'source'>): EvidenceItem => ({
  snippet: Array.from({ length: over.endLine - over.startLine + 1 }, (_, i) => `line ${over.startLine + i}`).join('\n'),
  blobSha: 'a'.repeat(40),
  round: 1,
  ...over,
});

function render(evidence: EvidenceItem[]): string {
  const context: RepoContext = {
    repo: 'o/r',
    headSha: undefined,
    intent: 'flow',
    questions: [],
    summary: '',
    keyFindings: [],
    evidence,
    confidence: 'high',
    confidenceReason: 'test',
    knownGaps: [],
    tokens: 0,
  };
  const blocks = renderAnswer(
    { flavour: 'explain', question: 'in what order does Get() look up a key', context, answer: undefined },
    () => '#',
  );
  return blocks.map((b) => b.text).join('\n\n');
}

describe('renderAnswer offline', () => {
  const stub = item({ path: 'remote.go', startLine: 19, endLine: 19, reason: 'definition of Get (method)', source: 'definition' });
  const implementation = item({
    path: 'viper.go',
    startLine: 715,
    endLine: 762,
    reason: 'definition of Get (method)',
    source: 'definition',
  });
  const matches = Array.from({ length: 8 }, (_, i) =>
    item({
      path: 'viper.go',
      startLine: 100 * (i + 1),
      endLine: 100 * (i + 1) + 5,
      reason: `matches the question (${i})`,
      source: 'chunk',
    }),
  );
  const flow = item({
    path: 'viper.go',
    startLine: 1194,
    endLine: 1260,
    reason: 'called by Viper.Get (find)',
    source: 'chunk',
    round: 2,
    flow: true,
  });
  const text = render([stub, ...matches, flow, implementation]);
  const order = [...text.matchAll(/^#### \[([^\]]+)\]/gm)].map((m) => m[1]);

  it('shows the implementation first, then the flow from it, then a one-line stub, then the code that only shares words', () => {
    expect(order.slice(0, 3)).toEqual(['viper.go#L715-L762', 'viper.go#L1194-L1260', 'remote.go#L19']);
    expect(order[3]).toBe('viper.go#L100-L105');
  });

  it('never hides the flow behind "more excerpts": the cut falls on the matches', () => {
    expect(order).toHaveLength(8);
    expect(text).toContain('3 more excerpts gathered');
  });

  it("shows more of the flow's lines than of a match's", () => {
    expect(text).toContain('line 1253');
    expect(text).not.toContain('line 1254');
  });
});
