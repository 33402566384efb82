import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from './temp-repo.js';

export interface GitCallRecorder {
  /** Put first on a child's PATH: its `git` records the call, then runs the real one. */
  binDir: string;
  /** Each git process started since the recorder was made (or last cleared), as its argument line. */
  calls(): string[];
  clear(): void;
}

/** A `git` in a folder of its own that writes each call's arguments to a log and hands over to the real git. */
export function recordGitCalls(): GitCallRecorder {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const binDir = makeTempDir('nanodex-git-shim-');
  const log = path.join(binDir, 'calls.log');
  const shim = path.join(binDir, 'git');
  writeFileSync(shim, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(shim, 0o755);
  return {
    binDir,
    calls: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .split('\n')
            .filter((line) => line !== '')
        : [],
    clear: () => writeFileSync(log, ''),
  };
}
