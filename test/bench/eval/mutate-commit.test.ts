import { describe, expect, it } from 'vitest';
import { mutateCommit } from '../../../bench/eval/mutations/mutate-commit.js';
import { git, makeTempRepo, writeFiles } from '../../helpers/temp-repo.js';

const commit = (root: string, message: string) => {
  git(root, ['add', '-A']);
  git(root, ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', message]);
  return git(root, ['rev-parse', 'HEAD']).trim();
};

describe('mutateCommit', () => {
  describe('on a real commit of a small Python package', () => {
    function makeRepo(): { root: string; sha: string } {
      const root = makeTempRepo(
        {
          'pkg/__init__.py': '',
          'pkg/util.py': 'def scale(value):\n    return value * 2\n',
          'pkg/app.py': 'from .util import scale\n\n\ndef run():\n    x = scale(1)\n    return x\n',
        },
        { git: true },
      );
      writeFiles(root, {
        'pkg/app.py':
          'from .util import scale\n\n\ndef run():\n    x = scale(1)\n    return x\n\n\ndef run_twice():\n    y = scale(2)\n    return y\n',
      });
      return { root, sha: commit(root, 'run twice') };
    }

    it('commits each break on top of it, with the break in the reviewed diff and every expected site at the head', () => {
      const { root, sha } = makeRepo();
      const { heads, skipped } = mutateCommit(root, sha, 'python', {
        seed: '1',
        kinds: ['add-parameter', 'change-result', 'remove-definition'],
      });
      expect(skipped).toEqual([]);
      expect(heads.map((h) => h.mutation.kind)).toEqual(['add-parameter', 'change-result', 'remove-definition']);
      for (const h of heads) {
        expect(git(root, ['rev-parse', `${h.head}^`]).trim()).toBe(sha);
        expect(h.checks).toEqual({ breakInDiff: true, sitesMissing: [] });
      }
      expect(git(root, ['show', `${heads[0]!.head}:pkg/util.py`])).toContain('def scale(value, nanodex_added):');
      expect(git(root, ['rev-parse', 'HEAD']).trim()).toBe(sha);
    });

    it('does not require a call on a line the reviewed diff adds (the rule looks outside the diff), but keeps it as a right answer', () => {
      const { root, sha } = makeRepo();
      const { heads } = mutateCommit(root, sha, 'python', { seed: '1', kinds: ['add-parameter'] });
      expect(heads[0]!.mutation.expected).toEqual([
        { path: 'pkg/app.py', lines: [5], required: true, what: 'call' },
        { path: 'pkg/app.py', lines: [10], required: false, what: 'call, on a line the diff adds' },
      ]);
    });

    it('gives the same mutated head for the same seed (fixed author and date)', () => {
      const { root, sha } = makeRepo();
      const first = mutateCommit(root, sha, 'python', { seed: '1', kinds: ['add-parameter'] }).heads[0]!.head;
      expect(mutateCommit(root, sha, 'python', { seed: '1', kinds: ['add-parameter'] }).heads[0]!.head).toBe(first);
    });
  });
});
