import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { waitForWriters } from '../../bench/first-answer.js';
import { makeTempDir } from '../helpers/temp-repo.js';

describe('waitForWriters', () => {
  it('waits for a detached build whose log has no summary yet, though it holds no lock yet, and returns once it ends', async () => {
    const index = path.join(makeTempDir(), 'first-answer-0.db');
    writeFileSync(`${index}.build.log`, 'nanodex index: building …\n');
    let ended = false;
    const waiting = waitForWriters(index).then((waited) => ({ waited, ended }));
    await sleep(600);
    ended = true;
    appendFileSync(`${index}.build.log`, '  added 1922, changed 0\n  index: /tmp/x.db\n');
    expect(await waiting).toEqual({ waited: true, ended: true });
  });

  it('returns at once when no build was started', async () => {
    expect(await waitForWriters(path.join(makeTempDir(), 'first-answer-1.db'))).toBe(false);
  });
});
