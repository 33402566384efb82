import type { CodeIndex } from '../code-index/code-index.js';
import type { SymbolHit } from '../code-index/graph-queries.js';
import { findLanguage } from '../code-index/languages.js';
import { readFullHeader } from '../code-index/read-full-header.js';
import { readParameterNames } from '../code-index/read-parameter-names.js';
import type { EvidenceSet } from './evidence-set.js';
import { isProductFile } from './map-modules.js';
import type { Operation } from './types.js';

/** Calls of a stored argument read: the first few, where the flow goes on. */
const MAX_CALLS = 2;
/** Lines around a call read. */
const AROUND = 4;
/** `this.parseArg = fn;`, `self._callback = callback`: an attribute given the value of a plain name. */
const STORES = /^\s*(?:this|self)\.([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$/;

/**
 * A setter hands its work on through an attribute: commander's `Option.argParser(fn)` only stores `fn` in
 * `this.parseArg`, and the question "when is the custom argParser called" is answered where the product's code
 * calls `.parseArg(…)`. For a definition the evidence holds whose body stores one of its parameters in an
 * attribute, reads the product's calls of that attribute's name (the first MAX_CALLS not yet read).
 */
export function readStoredArgumentCalls(index: CodeIndex, evidence: EvidenceSet, def: SymbolHit): Operation[] {
  const language = findLanguage(def.path);
  if (!language || (def.kind !== 'method' && def.kind !== 'function')) return [];
  const read = evidence.list().find((e) => e.path === def.path && e.startLine <= def.startLine && e.endLine >= def.endLine);
  if (!read) return [];
  const lines = read.snippet.split('\n');
  const at = { startLine: def.startLine - read.startLine + 1, endLine: def.endLine - read.startLine + 1 };
  const params = new Set(readParameterNames(readFullHeader(lines, at) ?? def.signature, def.name, language));
  const body = lines.slice(at.startLine - 1, at.endLine);
  const stored = body.map((line) => STORES.exec(line)).filter((m): m is RegExpExecArray => m !== null && params.has(m[2]!));
  const ops: Operation[] = [];
  for (const [, attribute, param] of stored) {
    const calls = index
      .findReferences(attribute!, 200)
      .filter((r) => r.kind === 'call' && isProductFile(index, r.path) && !evidence.has(r.path, r.line));
    for (const call of calls.slice(0, MAX_CALLS)) {
      const qualified = def.scope ? `${def.scope}.${def.name}` : def.name;
      ops.push({
        kind: 'chunk',
        path: call.path,
        startLine: Math.max(1, call.line - AROUND),
        endLine: call.line + AROUND,
        reason: `calls the ${param} ${qualified} stores in ${attribute}${call.inSymbol ? ` (in ${call.inSymbol})` : ''}`,
        relevance: 1.4,
        flow: true,
      });
    }
  }
  return ops;
}
