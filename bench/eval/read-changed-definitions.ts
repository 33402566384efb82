/**
 * The functions and methods a commit changed in a file, for the claims audit's truth of "tests to run" (a listed
 * test that calls one is related to the change): read from the head's text and the changed line numbers alone,
 * not from nanodex.
 */

/** A definition's first line: its indentation and name (Python def, JS function or `x.name = function`, Go func). */
const DEFINITION = [
  /^(\s*)(?:async\s+)?def\s+(\w+)/,
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(\w+)/,
  /^(\s*)(?:[\w$]+\.)+(\w+)\s*=\s*(?:async\s+)?function\b/,
  /^(\s*)func\s+(?:\([^)]*\)\s*)?(\w+)/,
  // A JS/TS class member written as a method (`displayWidth(str) {`, `static async get(x) {`).
  /^(\s*)(?:(?:static|async|public|private|protected|override|get|set)\s+)*\*?#?(\w+)\s*\([^)]*\)\s*(?::[^{]*)?\{\s*$/,
  // A class (Python, JS/TS): the constructor's callers name it.
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)/,
];
/** Words a method-shaped line starts with that are statements, not members (`if (x) {`). */
const STATEMENT = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'else']);
/** A constructor is called by its class's name: `new Command(` runs `Command`'s `constructor`, `Foo(` its `__init__`. */
const CONSTRUCTOR = new Set(['constructor', '__init__']);
const CLASS = /^(\s*)(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(\w+)/;

function definitionAt(line: string): { indent: number; name: string } | undefined {
  for (const r of DEFINITION) {
    const m = r.exec(line);
    if (m && !STATEMENT.has(m[2]!)) return { indent: m[1]!.length, name: m[2]! };
  }
  return undefined;
}

/**
 * For each changed line (1-based), the nearest definition above it that is less indented (or, for the
 * definition's own line, that one); a constructor counts as its class (the name its callers write). Names of 4+
 * letters, dunders aside.
 */
export function changedDefinitionNames(lines: string[], changedLines: number[]): string[] {
  const names = new Set<string>();
  for (const n of changedLines) {
    if (n < 1 || n > lines.length) continue;
    const indent = /^\s*/.exec(lines[n - 1]!)![0].length;
    for (let i = n - 1; i >= 0; i--) {
      const d = definitionAt(lines[i]!);
      if (d && (i === n - 1 || d.indent < indent || lines[n - 1]!.trim() === '')) {
        names.add(CONSTRUCTOR.has(d.name) ? (enclosingClass(lines, i, d.indent) ?? d.name) : d.name);
        break;
      }
    }
  }
  return [...names].filter((name) => name.length >= 4 && !name.startsWith('__'));
}

/** The class whose body holds line `at` (0-based): the nearest `class` line above it that is less indented. */
function enclosingClass(lines: string[], at: number, indent: number): string | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const m = CLASS.exec(lines[i]!);
    if (m && m[1]!.length < indent) return m[2]!;
  }
  return undefined;
}
