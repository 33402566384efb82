/** The baseline: Universal Ctags over the same corpus, timed in the same run. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CTAGS_INSTALL_HINT = 'install Universal Ctags: `apt-get install universal-ctags` (macOS: `brew install universal-ctags`)';

export interface CtagsResult {
  available: boolean;
  version: string | undefined;
  command: string;
  seconds: number | undefined;
  files: number | undefined;
  tags: number | undefined;
  /** Peak RSS of the ctags process, when /usr/bin/time is there to tell. */
  peakRssMb: number | undefined;
  note: string | undefined;
}

function ctagsVersion(): string | undefined {
  const probe = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return undefined;
  const first = probe.stdout.split('\n')[0] ?? '';
  return /universal ctags/i.test(first) ? first.trim() : undefined;
}

export function runCtags(corpus: string): CtagsResult {
  const args = ['-R', '--languages=JavaScript,TypeScript,Python', '--totals=yes', '-f', '/dev/null', corpus];
  const command = `ctags ${args.join(' ')}`;
  const version = ctagsVersion();
  if (!version) {
    const exuberant = spawnSync('ctags', ['--version'], { encoding: 'utf8' });
    const note = exuberant.error ? `ctags not installed; ${CTAGS_INSTALL_HINT}` : `ctags is not Universal Ctags; ${CTAGS_INSTALL_HINT}`;
    return { available: false, version, command, seconds: undefined, files: undefined, tags: undefined, peakRssMb: undefined, note };
  }
  const timeBinary = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
  const [file, argv] = timeBinary ? [timeBinary, ['-f', 'BENCH_MAXRSS_KB=%M', 'ctags', ...args]] : ['ctags', args];
  const started = performance.now();
  const run = spawnSync(file, argv, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (run.error || run.status !== 0) {
    return {
      available: false,
      version,
      command,
      seconds: undefined,
      files: undefined,
      tags: undefined,
      peakRssMb: undefined,
      note: `ctags failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.slice(0, 300)}`,
    };
  }
  const files = /(\d+) files?, [\d,]+ lines?/.exec(run.stderr);
  const tags = /(\d+) tags? added/.exec(run.stderr);
  const rss = /BENCH_MAXRSS_KB=(\d+)/.exec(run.stderr);
  return {
    available: true,
    version,
    command,
    seconds,
    files: files ? Number(files[1]) : undefined,
    tags: tags ? Number(tags[1]) : undefined,
    peakRssMb: rss ? Number(rss[1]) / 1024 : undefined,
    note: undefined,
  };
}
