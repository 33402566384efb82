import { findGoBinding } from './bindings-go.js';
import { findPythonBinding } from './bindings-python.js';
import { findTypeScriptBinding } from './bindings-typescript.js';
import { matchClose, type FunctionDefinition } from './find-definitions.js';
import type { Binding, RepoScan } from './repo-scan.js';
import { lineOf, lineText, type SourceFile } from './source-file.js';

/** A place that uses a definition: an import of it, a call, or another reference (passed as a value, a decorator). */
export interface Use {
  path: string;
  line: number;
  kind: 'import' | 'call' | 'reference';
  sameFile: boolean;
  /** A call under `await`. */
  awaited: boolean;
  /** A call whose value is dropped: an expression statement (`foo(x)`, `void foo()`, Go's `go`/`defer`). */
  statement: boolean;
  /** A call whose value is returned as it is (`return foo(x)`). */
  returned: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every use of `def` in the scan's files, through each file's own imports (bindings-*.ts), in path and line order. */
export function findUses(scan: RepoScan, def: FunctionDefinition): Use[] {
  const uses: Use[] = [];
  for (const file of scan.files) {
    const sameFile = file.path === def.path;
    const binding = sameFile ? { names: [def.name], qualified: [], importLines: [] } : findBinding(scan, def, file.path);
    if (binding === undefined) continue;
    const imports = new Set([...binding.importLines, ...binding.qualified.map((q) => q.line)]);
    const patterns = [
      ...binding.names.map((n) => ({ re: new RegExp(`(?<![\\w$.])${escape(n)}(?![\\w$])`, 'g'), importLine: undefined })),
      ...binding.qualified.map((q) => ({
        re: new RegExp(`(?<![\\w$.])${escape(q.qualifier)}\\s*\\.\\s*${escape(q.member)}(?![\\w$])`, 'g'),
        importLine: q.line,
      })),
    ];
    const importsUsed = new Set(binding.importLines);
    for (const { re, importLine } of patterns) {
      for (const x of file.masked.matchAll(re)) {
        const line = lineOf(file, x.index);
        if (imports.has(line) || (sameFile && line === def.line) || isDeclaration(file, x.index, x[0].length)) continue;
        uses.push(classify(file, x.index, x.index + x[0].length, line, sameFile));
        if (importLine !== undefined) importsUsed.add(importLine);
      }
    }
    for (const line of importsUsed)
      uses.push({ path: file.path, line, kind: 'import', sameFile, awaited: false, statement: false, returned: false });
  }
  const seen = new Set<string>();
  return uses
    .filter((u) => !seen.has(`${u.path}:${u.line}:${u.kind}`) && seen.add(`${u.path}:${u.line}:${u.kind}`))
    .sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
}

function findBinding(scan: RepoScan, def: FunctionDefinition, file: string): Binding | undefined {
  const language = scan.byPath.get(file)!.language;
  if (language === 'typescript') return findTypeScriptBinding(scan, def, file);
  if (language === 'python') return findPythonBinding(scan, def, file);
  return findGoBinding(scan, def, file);
}

/** A name being declared, not used: another function of that name, a method, a keyword argument, an object key. */
function isDeclaration(file: SourceFile, start: number, length: number): boolean {
  const before = file.masked.slice(file.lineStarts[lineOf(file, start) - 1], start);
  const after = file.masked.slice(start + length, start + length + 3);
  if (/\b(function\*?|def|func|class|const|let|var)\s*$/.test(before) || /^func\s*\([^)]*\)\s*$/.test(before)) return true;
  if (file.language === 'python' && /[(,]\s*$/.test(before) && /^\s*=(?!=)/.test(after)) return true;
  if (file.language !== 'python' && /[{,]\s*$/.test(before) && /^\s*:/.test(after)) return true;
  return false;
}

function classify(file: SourceFile, start: number, end: number, line: number, sameFile: boolean): Use {
  const m = file.masked;
  const call = (file.language === 'go' ? /^\s*(\[[^\]\n]*\])?\s*\(/ : /^\s*(<[^()\n]*>)?\s*\(/).exec(m.slice(end, end + 200));
  if (call === null) return { path: file.path, line, kind: 'reference', sameFile, awaited: false, statement: false, returned: false };
  const open = end + call[0].length - 1;
  const close = matchClose(m, open) ?? open;
  const prefix = m.slice(file.lineStarts[line - 1], start).trim();
  const chained = /^\s*(\?\.|\.|\[)/.test(m.slice(close + 1, close + 4));
  const awaited = /\bawait$/.test(prefix);
  const returned = prefix === 'return' && !chained;
  const dropped = prefix === '' || prefix === 'void' || prefix === 'go' || prefix === 'defer';
  const statement = dropped && !chained && depthAt(file, start) === 0 && !continues(file, line);
  return { path: file.path, line, kind: 'call', sameFile, awaited, statement, returned };
}

/** Whether the line carries on an expression from the line above (`x =`, an operator, an open argument list). */
function continues(file: SourceFile, line: number): boolean {
  let l = line - 1;
  while (l >= 1 && lineText(file, l, true).trim() === '') l -= 1;
  if (l < 1) return false;
  const previous = lineText(file, l, true).trimEnd();
  return file.language === 'python' ? /[\\=]$/.test(previous) : /(=|,|\?|:|&&|\|\||\+|-|\(|=>)$/.test(previous);
}

/** Depth of `(` and `[` at an offset: inside an argument list or an array, a call's value is used. */
function depthAt(file: SourceFile, offset: number): number {
  let depth = 0;
  for (let i = 0; i < offset; i += 1) {
    const c = file.masked[i];
    if (c === '(' || c === '[') depth += 1;
    else if ((c === ')' || c === ']') && depth > 0) depth -= 1;
  }
  return depth;
}
