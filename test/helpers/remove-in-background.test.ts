import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { removeInBackground } from './remove-in-background.js';

describe('removeInBackground', () => {
  it('takes the tree away from its path at once and deletes it in a process of its own', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nanodex-big-tree-'));
    for (let i = 0; i < 50; i++) {
      mkdirSync(path.join(dir, `pkg-${i}`));
      writeFileSync(path.join(dir, `pkg-${i}`, 'index.js'), 'module.exports = 1;\n');
    }

    const doomed = removeInBackground(dir);

    expect(existsSync(dir)).toBe(false);
    expect(doomed).toHaveLength(1);
    // However slow the machine, the detached process gets there: the test's timeout is the only bound.
    while (doomed.some((d) => existsSync(d))) await sleep(100);
  }, 90_000);

  it('does nothing for a path that is not there', () => {
    expect(removeInBackground(path.join(tmpdir(), 'nanodex-never-made'))).toEqual([]);
  });
});
