import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneSettled } from '../../bench/clone-settled.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** Seconds, as git compares a file with its index (a file of the index's own second is "racily clean"). */
const second = (file: string) => Math.floor(statSync(file).mtimeMs / 1000);

describe('cloneSettled', () => {
  it("writes the clone's git index in a later second than every file it checked out", () => {
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`src/f${i}.py`, `def f${i}():\n    return ${i}\n`]));
    const repo = makeTempRepo(files, { git: true });
    const clone = path.join(makeTempDir('nanodex-clone-'), 'clone');
    cloneSettled(repo, clone);
    const checkedOut = readdirSync(path.join(clone, 'src')).map((f) => second(path.join(clone, 'src', f)));
    expect(checkedOut).toHaveLength(20);
    expect(second(path.join(clone, '.git', 'index'))).toBeGreaterThan(Math.max(...checkedOut));
  });
});
