import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { parseFile } from '../../../src/core/code-index/parse-file.js';
import type { ParsedFile, ReferenceKind, SymbolKind } from '../../../src/core/code-index/types.js';

const REPOS = fileURLToPath(new URL('../../fixtures/repos/', import.meta.url));

/** Parses `test/fixtures/repos/<repo>/<file>` under its repository-relative path and checks it parsed cleanly. */
export async function parseFixture(repo: string, file: string): Promise<ParsedFile> {
  const parsed = await parseFile(file, readFileSync(`${REPOS}${repo}/${file}`));
  expect(parsed.status, `${repo}/${file}`).toBe('ok');
  expect(parsed.reason, `${repo}/${file}`).toBeUndefined();
  return parsed;
}

/** Each definition but fields as [name, kind, scope, startLine], in file order. */
export function definitions(file: ParsedFile): [string, SymbolKind, string, number][] {
  return file.symbols.filter((s) => s.kind !== 'field').map((s) => [s.name, s.kind, s.scope, s.startLine]);
}

/** Each field as `Scope.name`, in file order. */
export function fields(file: ParsedFile): string[] {
  return file.symbols.filter((s) => s.kind === 'field').map((s) => `${s.scope}.${s.name}`);
}

/** Each member call as `name on receiver` (`?`: the code does not say; `''`: a module's member), in file order. */
export function receivers(file: ParsedFile): string[] {
  return file.references.filter((r) => r.receiver !== undefined).map((r) => `${r.name} on ${r.receiver || "''"}`);
}

/** Each reference as [name, kind, line], in file order; only the given kinds when some are given. */
export function references(file: ParsedFile, ...kinds: ReferenceKind[]): [string, ReferenceKind, number][] {
  return file.references.filter((r) => kinds.length === 0 || kinds.includes(r.kind)).map((r) => [r.name, r.kind, r.line]);
}

/** Each import as [source, line], or [source, line, 'contains'] for a module declared here that lives elsewhere. */
export function imports(file: ParsedFile): ([string, number] | [string, number, 'contains'])[] {
  return file.imports.map((i) => (i.kind === 'contains' ? [i.source, i.line, i.kind] : [i.source, i.line]));
}

/** The signature of the first symbol with this name. */
export function signatureOf(file: ParsedFile, name: string): string | undefined {
  return file.symbols.find((s) => s.name === name)?.signature;
}

/** The name of the symbol enclosing the first reference to `name` of `kind`. */
export function enclosingOf(file: ParsedFile, name: string, kind: ReferenceKind): string | undefined {
  const ref = file.references.find((r) => r.name === name && r.kind === kind);
  return ref?.enclosing === undefined ? undefined : file.symbols[ref.enclosing]?.name;
}
