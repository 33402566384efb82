/**
 * Whole-process timings, as a user at a terminal pays them: wall time, CPU
 * time (user + system of the process and its threads and children, from the
 * kernel's accounting of reaped children) and peak RSS (the kernel's
 * high-water mark, VmHWM, sampled until exit). Linux only (/proc).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { median } from './measure.js';

export interface ProcessRun {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ProcessTiming {
  command: string;
  runs: ProcessRun[];
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** The last run's output and exit code: the caller checks the command did its work. */
  last: ProcessRun;
}

const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const RSS_SAMPLE_MS = 20;

/** CPU of this process's reaped children so far (cutime + cstime), in ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
}

/** CPU of a live process so far (utime + stime of its threads, cutime + cstime of its reaped children), in ms. */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
}

/**
 * CPU the whole machine has spent so far (every core's user, nice, system,
 * irq, softirq and steal time in /proc/stat), in ms: the difference over a
 * measurement, less what the measured processes spent, is what ran beside it.
 */
export function machineBusyMs(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / TICKS;
}

function readPeakRssKb(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined; // exited between samples
  }
}

/** One run of `file args`, timed; one process at a time (the CPU figure is the delta of all reaped children). */
export function runProcess(file: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const child = spawn(file, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const sample = (): void => {
      peakKb = Math.max(peakKb, child.pid === undefined ? 0 : (readPeakRssKb(child.pid) ?? 0));
    };
    const timer = setInterval(sample, RSS_SAMPLE_MS);
    sample();
    child.on('error', (error) => {
      clearInterval(timer);
      reject(error);
    });
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(timer);
      resolve({ wallMs: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore, peakRssMb: peakKb / 1024, code, stdout, stderr });
    });
  });
}

/** `runs` timed runs after `warmup` untimed ones; medians of each figure (peak RSS: the largest). */
export async function timeProcess(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; runs?: number; warmup?: number } = {},
): Promise<ProcessTiming> {
  for (let i = 0; i < (options.warmup ?? 1); i += 1) await runProcess(file, args, options);
  const runs: ProcessRun[] = [];
  for (let i = 0; i < (options.runs ?? 5); i += 1) runs.push(await runProcess(file, args, options));
  return toTiming([file, ...args].join(' '), runs);
}

/** Runs of one command summed up: medians of wall and CPU, the largest peak RSS, the last run for its output. */
export function toTiming(command: string, runs: ProcessRun[]): ProcessTiming {
  if (runs.length === 0) throw new Error(`no timed run of ${command}`);
  return {
    command,
    runs,
    wallMs: median(runs.map((r) => r.wallMs)),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    last: runs[runs.length - 1]!,
  };
}

/** Whether a command can be run here (`--version` answers). */
export function hasCommand(file: string): boolean {
  try {
    execFileSync(file, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Two commands timed in turn (A B A B …), so a drift in the machine's speed hits both alike. */
export async function timePair(
  a: [string, string[]],
  b: [string, string[]],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; runs?: number; warmup?: number } = {},
): Promise<[ProcessTiming, ProcessTiming]> {
  for (let i = 0; i < (options.warmup ?? 1); i += 1) {
    await runProcess(a[0], a[1], options);
    await runProcess(b[0], b[1], options);
  }
  const runsA: ProcessRun[] = [];
  const runsB: ProcessRun[] = [];
  for (let i = 0; i < (options.runs ?? 5); i += 1) {
    runsA.push(await runProcess(a[0], a[1], options));
    runsB.push(await runProcess(b[0], b[1], options));
  }
  return [toTiming([a[0], ...a[1]].join(' '), runsA), toTiming([b[0], ...b[1]].join(' '), runsB)];
}
