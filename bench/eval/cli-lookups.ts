/**
 * The CLI's lookups as the audits read them: `find NAME --json` (definitions,
 * names as users write them) and `refs Scope.name --json` (a method's call
 * sites by the one rule every output counts). One process per lookup, as a
 * user runs them; measure-call-sites.ts and audit-claims.ts share these.
 */
import { spawnSync } from 'node:child_process';

export interface FoundDefinition {
  name: string;
  kind: string;
  scope: string;
  signature: string;
  path: string;
  startLine: number;
  endLine: number;
}

export interface FoundCallSites {
  definition: FoundDefinition;
  callers: { depth: number; name?: string; kind?: string; path: string; line: number }[];
  unresolved: number;
  ambiguous: boolean;
}

/** Runs the built CLI on `repo` and returns its stdout (a lookup that finds nothing exits 1 with empty JSON or none). */
export type RunCli = (args: string[]) => string;

export function cliRunner(main: string, repo: string, env: Record<string, string | undefined> = {}): RunCli {
  return (args) => {
    const run = spawnSync(process.execPath, [main, ...args, '--repo', repo], {
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 64 << 20,
      env: { ...process.env, ...env },
    });
    return run.stdout ?? '';
  };
}

function parse<T>(text: string): T[] {
  try {
    const value = JSON.parse(text || '[]') as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** `find NAME --json`: the definitions the index resolves for a name as written. */
export function findDefinitions(run: RunCli, name: string): FoundDefinition[] {
  return parse<FoundDefinition>(run(['find', name, '--json']));
}

/** `refs Scope.name --json`: per definition, its call sites; empty when the name is bare or names no callable. */
export function findCallSites(run: RunCli, symbol: string): FoundCallSites[] {
  return parse<FoundCallSites>(run(['refs', symbol, '--json', '--limit', '100000'])).filter(
    (s) => s && typeof s === 'object' && 'definition' in s,
  );
}
