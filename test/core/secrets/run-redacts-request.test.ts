import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { findPastedLeaks, PASTED_FAMILIES } from '../../helpers/find-pasted-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const pasted = buildSecretCorpus().filter((s) => PASTED_FAMILIES.includes(s.name));
const tokens = pasted.map((s) => s.value).join(' and ');

describe('run', () => {
  describe('when the request pastes a secret', () => {
    it('redacts the prompt before any step reads it: the planner is given none', async () => {
      const { ports, ask } = await explorePorts();
      const seen: string[] = [];
      const planner = async (input: { prompt: string }) => {
        seen.push(input.prompt);
        return { not: 'a plan' }; // refused: the heuristic plans instead
      };
      const result = await run(ask(`where is parseHttpRequest used with ${tokens}?`), { ...ports, planner });
      expect(result.kind).toBe('done');
      expect(seen).toHaveLength(1);
      expect(seen[0]).toContain('[redacted]');
      expect(findPastedLeaks(seen[0]!, pasted)).toEqual([]);
      expect(findPastedLeaks(JSON.stringify(result), pasted)).toEqual([]);
    });

    it('redacts the issue a request carries before a plan reads it', async () => {
      const { ports, repo } = await explorePorts();
      const seen: string[] = [];
      const planner = async (input: { prompt: string }) => {
        seen.push(input.prompt);
        return { not: 'a plan' };
      };
      const result = await run(
        {
          command: 'plan',
          prompt: `rotate ${pasted[0]!.value}`,
          repo: { kind: 'local', root: repo.root },
          issue: { number: 7, title: `Leaked ${pasted[1]!.value}`, body: `Found ${tokens} in the logs.` },
        },
        { ...ports, planner },
      );
      expect(result.kind).toBe('done');
      expect(findPastedLeaks(JSON.stringify(result), pasted)).toEqual([]);
      expect(findPastedLeaks(seen.join('\n'), pasted)).toEqual([]);
    });
  });
});
