import { describe, expect, it } from 'vitest';
import { packageContext } from '../../../src/core/explore/package-context.js';
import type { EvidenceItem } from '../../../src/core/explore/types.js';

const BOOTSTRAP = {
  repo: 'spf13/cobra',
  headSha: undefined,
  branch: undefined,
  scope: undefined,
  shallowTree: '',
  fileCountsByExt: {},
  manifests: [],
  files: 3,
};
const PLAN = { intent: 'flow' as const, diagramType: undefined, questions: [], candidates: [], operations: [], maxRounds: 3 };

function item(path: string, startLine: number, relevance: number, reason = 'matches the question'): EvidenceItem {
  return { path, startLine, endLine: startLine + 9, snippet: '', reason, source: 'search', blobSha: '', round: 1, relevance };
}

function findings(evidence: EvidenceItem[]): string[] {
  return packageContext({
    bootstrap: BOOTSTRAP,
    plan: PLAN,
    evidence,
    findings: [],
    notes: [],
    gaps: [],
    namesWanted: [],
    namesFound: new Set(),
  }).keyFindings;
}

describe('packageContext > findings from the best evidence', () => {
  it('names the best place in each of the first files before a second place in any one', () => {
    const evidence = [
      item('command.go', 662, 2.5),
      item('command.go', 600, 2.4),
      item('command.go', 674, 2.3),
      item('completions.go', 599, 2.2),
      item('zsh_completions.go', 10, 1.1),
    ];
    expect(findings(evidence)).toEqual([
      'command.go lines 662-671: matches the question',
      'completions.go lines 599-608: matches the question',
      'zsh_completions.go lines 10-19: matches the question',
    ]);
  });

  it('fills with the next best of one file when fewer files matched, and cuts a long reason', () => {
    const long = `matches the question (${'Command > func (c *Command) NamePadding() int; '.repeat(6)})`;
    const result = findings([item('command.go', 1, 2, long), item('command.go', 40, 1.5), item('args.go', 5, 1)]);
    expect(result.map((f) => f.split(':')[0])).toEqual(['command.go lines 1-10', 'args.go lines 5-14', 'command.go lines 40-49']);
    expect(result[0]!.length).toBeLessThanOrEqual('command.go lines 1-10: '.length + 160);
    expect(result[0]!.endsWith('…')).toBe(true);
  });
});
