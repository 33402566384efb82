import type { CallHit } from '../code-index/graph-queries.js';

/** Where a call outside any named function sits: a test runner's block and its title, a callback, or the module's top level. */
export interface CallerPlace {
  /** `test` (also for `it`), `describe`, `suite`…; `function` (a named function expression); `the default export`; `a callback`; `module level`. */
  what: string;
  title?: string;
}

/** A caller, with its place when no named function holds it. */
export type PlacedCaller = CallHit & { place?: CallerPlace };

const ECMASCRIPT = /\.[cm]?[jt]sx?$/;
/** A test runner's block opened on a line: `test('adds', …`, `it.only("…"`, `describe.each(…)('…'`, `test.serial(`…``. */
const BLOCK = /^\s*(?:await\s+)?(it|test|describe|context|suite|specify)(?:\.\w+)*(?:\([^()]*\))?\(\s*(['"`])((?:\\.|(?!\2).)*)\2/;
/** A function opened on a line without a name of its own (`async () => {`, `function (t) {`, `.then((x) =>`). */
const UNNAMED_FUNCTION = /=>|\bfunction\s*\*?\s*\(/;
/** A function expression with a name the index holds no symbol for (`export default cond && function httpAdapter(config) {`). */
const NAMED_FUNCTION = /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(/;
/** The module's export is the function opened on the line (`export default (config) => {`, `module.exports = function (`). */
const EXPORTED = /^\s*(?:export\s+default\b|module\.exports\s*=)/;
const MAX_TITLE = 80;

/**
 * Where a call that sits in no named function is, read from the calling file's text: JavaScript and TypeScript
 * tests call from callbacks (`test('adds', async () => { … })`), which the index holds no symbol for, so such a
 * call is not at module level. The nearest test block around the line (test `adds`), or named function expression
 * (function `httpAdapter`), else the module's default export when that is the function around it, else `a
 * callback` when an unnamed function encloses it, else `module level`. Other languages: `module level` (what they mean by it).
 */
export function describeUnnamedCaller(path: string, text: string | undefined, line: number): CallerPlace {
  if (!ECMASCRIPT.test(path) || text === undefined) return { what: 'module level' };
  const lines = text.split('\n');
  const indent = (l: string) => /^\s*/.exec(l)![0].length;
  let ceiling = indent(lines[line - 1] ?? '');
  const own = BLOCK.exec(lines[line - 1] ?? '');
  // A one-line test: `test('adds', () => queue.add(job));`.
  if (own && UNNAMED_FUNCTION.test((lines[line - 1] ?? '').slice(own[0].length))) return toPlace(own);
  let inFunction = false;
  // The lines that open what encloses the call: each less indented than the one below it.
  for (let i = line - 2; i >= 0 && ceiling > 0; i--) {
    const l = lines[i] ?? '';
    if (l.trim() === '' || indent(l) >= ceiling) continue;
    ceiling = indent(l);
    const block = BLOCK.exec(l);
    if (block) return toPlace(block);
    const named = NAMED_FUNCTION.exec(l);
    if (named) return { what: 'function', title: named[1]! };
    if (UNNAMED_FUNCTION.test(l)) {
      if (EXPORTED.test(l) && !inFunction) return { what: 'the default export' };
      inFunction = true;
    }
  }
  return { what: inFunction ? 'a callback' : 'module level' };
}

function toPlace(block: RegExpExecArray): CallerPlace {
  const title = block[3]!.length > MAX_TITLE ? `${block[3]!.slice(0, MAX_TITLE - 1)}…` : block[3]!;
  return { what: block[1] === 'it' || block[1] === 'specify' ? 'test' : block[1]!, title };
}

/** A reader of files that reads each path once (a file read fails as undefined). */
export function readOnce(readFile: (path: string) => Promise<string>): (path: string) => Promise<string | undefined> {
  const texts = new Map<string, Promise<string | undefined>>();
  return (path) => {
    if (!texts.has(path))
      texts.set(
        path,
        readFile(path).catch(() => undefined),
      );
    return texts.get(path)!;
  };
}

/** The callers, those in JavaScript or TypeScript with no symbol around them given their place (describeUnnamedCaller). */
export async function placeUnnamedCallers(
  callers: CallHit[],
  read: (path: string) => Promise<string | undefined>,
): Promise<PlacedCaller[]> {
  return Promise.all(
    callers.map(async (c) =>
      c.name || !ECMASCRIPT.test(c.path) ? c : { ...c, place: describeUnnamedCaller(c.path, await read(c.path), c.line) },
    ),
  );
}
