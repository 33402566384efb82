import fc from 'fast-check';

/**
 * What one input did to the code under test. A check catches the errors and
 * results its code documents; anything else it lets through is thrown and
 * counted as a crash by runTarget.
 */
export interface Verdict {
  /** The input got past validation to the code behind it (a handled payload, a parsed config): the table shows how often. */
  accepted?: boolean;
  /** A property the result must have and did not (an over-long message, a value echoed back). */
  violation?: string;
  /** A path that left the repository root. */
  escape?: string;
}

export interface FuzzTarget<T> {
  name: string;
  /** Inputs at scale 1. */
  runs: number;
  arbitrary: fc.Arbitrary<T>;
  /** One input taking longer than this is a violation (a hang in waiting); default SLOW_MS. */
  slowMs?: number;
  /** Set-up before the first input (a server to start), outside the timings. */
  prepare?(): Promise<void>;
  check(input: T): Verdict | undefined | Promise<Verdict | undefined>;
}

export interface TargetReport {
  name: string;
  inputs: number;
  /** Inputs the code under test accepted as valid. */
  accepted: number;
  crashes: number;
  violations: number;
  escapes: number;
  unhandled: number;
  ms: number;
  slowestMs: number;
  /** Failures by kind (the first line, numbers and quoted text left out), with how often each happened. */
  kinds: Map<string, number>;
  /** The first failure, its input shrunk by fast-check, to reproduce and fix. */
  failure?: { problem: string; input: string };
}

const MAX_SHOWN_INPUT = 400;
/**
 * A webhook handler or a reply check that holds the event loop this long
 * stalls every other delivery; well above the noise of a shared 2-core
 * machine (the slowest honest inputs take tens of milliseconds).
 */
const SLOW_MS = 1000;

/**
 * Runs every input (a failing one does not stop the run, so the counts are
 * real), then, when something failed, asks fast-check for the smallest input
 * that fails the same way.
 */
export async function runTarget<T>(
  target: FuzzTarget<T>,
  options: { seed: number; scale: number },
): Promise<Omit<TargetReport, 'unhandled'>> {
  const numRuns = Math.max(1, Math.round(target.runs * options.scale));
  const report = {
    name: target.name,
    inputs: 0,
    accepted: 0,
    crashes: 0,
    violations: 0,
    escapes: 0,
    ms: 0,
    slowestMs: 0,
    kinds: new Map<string, number>(),
  };
  let first: string | undefined;
  await target.prepare?.();
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(target.arbitrary, async (input) => {
      const at = performance.now();
      const problem = await judge(target, input);
      report.slowestMs = Math.max(report.slowestMs, performance.now() - at);
      report.inputs += 1;
      if (problem?.kind === 'accepted') report.accepted += 1;
      if (problem?.kind === 'crash') report.crashes += 1;
      if (problem?.kind === 'violation') report.violations += 1;
      if (problem?.kind === 'escape') report.escapes += 1;
      if (problem !== undefined && problem.kind !== 'accepted') {
        const kind = toKind(problem.text);
        report.kinds.set(kind, (report.kinds.get(kind) ?? 0) + 1);
        first ??= problem.text;
      }
      return true;
    }),
    { numRuns, seed: options.seed },
  );
  report.ms = performance.now() - started;
  if (first === undefined) return report;
  const shrunk = await fc.check(
    fc.asyncProperty(target.arbitrary, async (input) => isPass(await judge(target, input))),
    { numRuns, seed: options.seed },
  );
  const input = shrunk.counterexample === null ? '(not reproduced)' : fc.stringify(shrunk.counterexample[0]);
  const again = shrunk.counterexample === null ? undefined : await judge(target, shrunk.counterexample[0]);
  const problem = again !== undefined && !isPass(again) ? again.text : first;
  return { ...report, failure: { problem, input: input.length > MAX_SHOWN_INPUT ? `${input.slice(0, MAX_SHOWN_INPUT)}…` : input } };
}

type Judgement = { kind: 'crash' | 'violation' | 'escape' | 'accepted'; text: string } | undefined;

function isPass(judgement: Judgement): boolean {
  return judgement === undefined || judgement.kind === 'accepted';
}

async function judge<T>(target: FuzzTarget<T>, input: T): Promise<Judgement> {
  try {
    const started = performance.now();
    const verdict = await target.check(input);
    const ms = performance.now() - started;
    if (verdict?.escape !== undefined) return { kind: 'escape', text: `escape: ${verdict.escape}` };
    if (verdict?.violation !== undefined) return { kind: 'violation', text: `violation: ${verdict.violation}` };
    if (ms > (target.slowMs ?? SLOW_MS)) return { kind: 'violation', text: `violation: one input took ${Math.round(ms)} ms` };
    return verdict?.accepted === true ? { kind: 'accepted', text: '' } : undefined;
  } catch (error) {
    const text =
      error instanceof Error ? `${error.name}: ${error.message}\n${error.stack?.split('\n').slice(1, 4).join('\n') ?? ''}` : String(error);
    return { kind: 'crash', text: `crash: ${text}` };
  }
}

function toKind(problem: string): string {
  return (problem.split('\n')[0] ?? '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\/tmp\/[^\s)]*/g, '<tmp>')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}
