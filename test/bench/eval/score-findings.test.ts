import { describe, expect, it } from 'vitest';
import type { ExpectedSite } from '../../../bench/eval/mutations/inject-mutation.js';
import { findAdded, scoreRules, toHeadLine, type Finding } from '../../../bench/eval/mutations/score-findings.js';

const finding = (rule: string, path: string, line: number): Finding => ({ rule, severity: 'error', path, line, message: 'm' });
const site = (path: string, lines: number[], required = true): ExpectedSite => ({ path, lines, required, what: 'call' });

describe('scoreRules', () => {
  it('counts a required site found only by a finding of the break’s own rule, and every other finding as one to read', () => {
    const [score] = scoreRules(
      ['callers-not-updated'],
      [
        {
          kind: 'add-parameter',
          rule: 'callers-not-updated',
          language: 'go',
          expected: [site('a.go', [3]), site('b.go', [7]), site('a.go', [9], false)],
          added: [
            finding('callers-not-updated', 'a.go', 3),
            finding('callers-not-updated', 'a.go', 9),
            finding('callers-not-updated', 'c.go', 1),
          ],
        },
      ],
      [[finding('callers-not-updated', 'd.go', 4)], []],
    );
    expect(score).toEqual({
      rule: 'callers-not-updated',
      mutations: 1,
      requiredSites: 2,
      found: 1,
      recall: 0.5,
      inEvidenceOnly: 0,
      matched: 2,
      candidates: 2,
      precision: 0.5,
      untouchedFindings: 1,
      perUntouchedCommit: 0.5,
    });
  });

  it('says there is no recall or precision to speak of when nothing was injected or reported, and 0 recall when nothing was found', () => {
    const scores = scoreRules(
      ['removed-still-used', 'new-api-untested'],
      [{ kind: 'remove-definition', rule: 'removed-still-used', language: 'python', expected: [site('x.py', [1, 4])], added: [] }],
      [[]],
    );
    expect(scores.map((s) => [s.rule, s.recall, s.precision, s.perUntouchedCommit])).toEqual([
      ['removed-still-used', 0, null, 0],
      ['new-api-untested', null, null, 0],
    ]);
  });
});

describe('a finding that names the call sites in its evidence instead of one finding per site', () => {
  it('is not counted as finding them, but is counted apart as "in evidence only"', () => {
    const atDefinition: Finding = {
      ...finding('callers-not-updated', 'lib.go', 10),
      evidence: [
        { label: 'definition after', path: 'lib.go', startLine: 10 },
        { label: 'call site', path: 'a.go', startLine: 3 },
      ],
    };
    const [score] = scoreRules(
      ['callers-not-updated'],
      [{ kind: 'add-parameter', rule: 'callers-not-updated', language: 'go', expected: [site('a.go', [3])], added: [atDefinition] }],
      [],
    );
    expect(score).toMatchObject({ found: 0, inEvidenceOnly: 1, matched: 0, candidates: 1 });
  });
});

describe('findAdded', () => {
  it('drops findings the untouched commit raised, mapping its lines across a removal in the mutated file', () => {
    const shift = toHeadLine({ path: 'a.ts', removed: { from: 10, count: 5 } });
    const base = [finding('r', 'a.ts', 20), finding('r', 'b.ts', 20), finding('r', 'a.ts', 3)];
    const head = [finding('r', 'a.ts', 15), finding('r', 'b.ts', 20), finding('r', 'a.ts', 3), finding('r', 'a.ts', 20)];
    expect(findAdded(head, base, shift)).toEqual([finding('r', 'a.ts', 20)]);
  });
});
