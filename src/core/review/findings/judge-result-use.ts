import type { ResultUse } from './classify-result-use.js';
import type { FindingSeverity } from './review-finding.js';

/** How the returned shape changed, as the signatures before and after spell it. */
export type ShapeShift =
  | { kind: 'async'; python: boolean }
  | { kind: 'results'; before: number; after: number }
  | { kind: 'collection'; toCollection: boolean; python: boolean }
  | { kind: 'nullable' };

export interface Verdict {
  severity: FindingSeverity;
  /** What the call site does, completing "but this call …". */
  does: string;
}

const PROMISE_MEMBERS = new Set(['then', 'catch', 'finally']);
/** Members only a list or an array has: reading them from a single value is the old shape. */
const ARRAY_MEMBERS = new Set([
  'length',
  'map',
  'forEach',
  'filter',
  'reduce',
  'some',
  'every',
  'find',
  'slice',
  'join',
  'push',
  'includes',
]);
/** Go callees that take any number of values of any type: `fmt.Println(F())` with F's two results is legal. */
const SPREADS_RESULTS =
  /^(?:fmt|log|slog)\.|\.(?:Log|Logf|Print|Printf|Println|Error|Errorf|Fatal|Fatalf|Skip|Debug|Info|Warn)$|^(?:print|println|append|panic)$/;
/** Callees that take a promise or a coroutine as such. */
const TAKES_PROMISE =
  /(?:^|\.)(?:all|allSettled|race|any|resolve|reject|run|gather|create_task|ensure_future|wait_for|run_until_complete|shield|expect|assert\w*|rejects|resolves)$/;

/** Whether a call site's use of the result still fits the old shape only (a break), and how sure that is. */
export function judgeResultUse(shift: ShapeShift, use: ResultUse): Verdict | undefined {
  switch (shift.kind) {
    case 'async':
      return shift.python ? judgeCoroutine(use) : judgePromise(use);
    case 'results':
      return judgeResultCount(shift, use);
    case 'collection':
      return judgeCollection(shift, use);
    case 'nullable':
      return judgeNullable(use);
  }
}

function judgePromise(use: ResultUse): Verdict | undefined {
  switch (use.kind) {
    case 'member':
      if (PROMISE_MEMBERS.has(use.property)) return undefined;
      return { severity: 'error', does: `reads \`.${use.property}\` of the result without \`await\` (a Promise has none)` };
    case 'index':
    case 'called':
    case 'operand':
      return { severity: 'error', does: 'uses the result as a value without `await`' };
    case 'decorator':
      return { severity: 'error', does: 'applies the result as a decorator: a Promise cannot be called with the decorated function' };
    case 'destructured':
      return { severity: 'error', does: 'destructures the result without `await`' };
    case 'condition':
      return { severity: 'error', does: 'tests the result without `await` (a Promise is always truthy)' };
    case 'iterated':
      return { severity: 'error', does: 'iterates over the result without `await`' };
    case 'argument':
      if (TAKES_PROMISE.test(use.callee)) return undefined;
      return { severity: 'warning', does: `passes the result to \`${use.callee}\` without \`await\`, which got a value before` };
    case 'statement':
      return {
        severity: 'check',
        does: 'does not await it: its work now finishes after the next line, and a failure is an unhandled rejection',
      };
    case 'stored':
      return { severity: 'warning', does: `stores the result in \`${use.target}\` without \`await\`: it holds a Promise now` };
    case 'returned':
      if (use.inAsync || use.arrow) return undefined;
      return { severity: 'warning', does: 'returns the result from a function that is not async: its callers now get a Promise' };
    case 'assigned':
      if (!use.next) return undefined;
      return nextUse(judgePromise(use.next));
    default:
      return undefined;
  }
}

function judgeCoroutine(use: ResultUse): Verdict | undefined {
  switch (use.kind) {
    case 'statement':
      return { severity: 'error', does: 'does not await it: the coroutine is created and never runs' };
    case 'member':
    case 'index':
    case 'called':
    case 'destructured':
    case 'iterated':
    case 'operand':
      return { severity: 'error', does: 'uses the result as a value without `await` (it is a coroutine)' };
    case 'decorator':
      return { severity: 'error', does: 'applies the result as a decorator: a coroutine cannot be called with the decorated function' };
    case 'condition':
      return { severity: 'error', does: 'tests the result without `await` (a coroutine is always true)' };
    case 'context':
      return { severity: 'error', does: 'enters it with `with` (a coroutine is not a context manager; `async with` would be needed)' };
    case 'stored':
      return { severity: 'warning', does: `stores the coroutine in \`${use.target}\` without \`await\`, where a value was stored before` };
    case 'returned':
      if (use.inAsync) return undefined;
      return { severity: 'warning', does: 'returns the coroutine from a function that is not async: its callers now get a coroutine' };
    case 'argument':
      if (TAKES_PROMISE.test(use.callee)) return undefined;
      return { severity: 'warning', does: `passes the coroutine to \`${use.callee}\` without \`await\`, which got a value before` };
    case 'assigned':
      if (!use.next || use.next.kind === 'statement') return undefined;
      // `encoding = f()` then `yield stream, encoding`: handed on as it is, and nothing awaits it.
      if (use.next.kind === 'other')
        return { severity: 'warning', does: 'keeps the coroutine in a variable and hands it on without `await`' };
      return nextUse(judgeCoroutine(use.next));
    case 'collected':
      return gathered(use.outer)
        ? undefined
        : { severity: 'warning', does: 'collects the coroutines in a comprehension and never awaits them' };
    default:
      return undefined;
  }
}

/** The comprehension's coroutines go to something that awaits them (`asyncio.gather(*[f(x) for x in xs])`) or nowhere known. */
function gathered(use: ResultUse): boolean {
  if (use.kind === 'other' || use.kind === 'awaited') return true;
  if (use.kind === 'argument') return TAKES_PROMISE.test(use.callee);
  if (use.kind === 'assigned') return use.next === undefined || gathered(use.next);
  return false;
}

function judgeResultCount(shift: { before: number; after: number }, use: ResultUse): Verdict | undefined {
  const { after } = shift;
  const values = `${after} value${after === 1 ? '' : 's'}`;
  switch (use.kind) {
    case 'assigned':
      if (use.count === after) return undefined;
      return { severity: 'error', does: `assigns ${use.count} (it no longer compiles: assignment mismatch)` };
    case 'returned': {
      if (use.alone ? use.results === after : after === 1) return undefined;
      if (use.results === undefined) return undefined;
      const expected = use.alone ? use.results : 1;
      return {
        severity: 'error',
        does: `returns it where ${expected} value${expected === 1 ? ' is' : 's are'} expected (it no longer compiles)`,
      };
    }
    case 'member':
    case 'index':
    case 'called':
    case 'condition':
    case 'iterated':
    case 'operand':
      if (after === 1) return undefined;
      return { severity: 'error', does: `uses it as one value (it no longer compiles: ${values} in a single-value context)` };
    case 'argument':
      // `g(F())` with F's results as g's whole argument list is legal Go where g takes exactly them, as a printer does.
      if (after === 1 || (use.sole && SPREADS_RESULTS.test(use.callee))) return undefined;
      return { severity: 'error', does: `passes it as one argument (it no longer compiles: ${values} in a single-value context)` };
    default:
      return undefined;
  }
}

function judgeCollection(shift: { toCollection: boolean; python: boolean }, use: ResultUse): Verdict | undefined {
  if (use.kind === 'assigned') return use.next ? nextUse(judgeCollection(shift, use.next)) : undefined;
  if (shift.toCollection) {
    if (use.kind === 'destructured' && use.pattern === 'object') return { severity: 'warning', does: 'destructures it as one object' };
    if (use.kind === 'member' && !ARRAY_MEMBERS.has(use.property) && !(shift.python && /^(?:count|index)$/.test(use.property))) {
      return { severity: 'warning', does: `reads \`.${use.property}\` of it as of one value` };
    }
    return undefined;
  }
  if (use.kind === 'destructured' && use.pattern === 'array') return { severity: 'warning', does: 'unpacks it as a sequence' };
  if (use.kind === 'index') return { severity: 'warning', does: 'indexes it as a sequence' };
  if (use.kind === 'iterated') return { severity: 'warning', does: 'iterates over it as a sequence' };
  if (use.kind === 'member' && ARRAY_MEMBERS.has(use.property))
    return { severity: 'warning', does: `reads \`.${use.property}\` of it as of a sequence` };
  return undefined;
}

function judgeNullable(use: ResultUse): Verdict | undefined {
  switch (use.kind) {
    case 'member':
      return use.optional ? undefined : { severity: 'check', does: `reads \`.${use.property}\` of the result with no check for it` };
    case 'index':
    case 'called':
    case 'destructured':
      return { severity: 'check', does: 'uses the result with no check for it' };
    case 'assigned':
      if (!use.next || use.guarded) return undefined;
      return nextUse(judgeNullable(use.next));
    default:
      return undefined;
  }
}

/** A verdict on the variable the result was assigned to. */
function nextUse(verdict: Verdict | undefined): Verdict | undefined {
  return verdict && { ...verdict, does: `assigns the result and then ${verdict.does.replace(/^uses the result/, 'uses it')}` };
}
