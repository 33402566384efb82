/**
 * Two claim kinds of the claims audit that are checked against the index
 * through the CLI's own lookups (cli-lookups.ts), on the checkout the output
 * was made at:
 *
 * - "no definition in this repository for NAME" / "no definition of NAME in
 *   the index" (ask, explain, debug, plan): false when `find NAME` resolves
 *   it, or `find MEMBER` for `recv.member`;
 * - call sites (plan "N call sites", review callers): each site counted is a
 *   line that calls the name on a receiver not known to be another type
 *   (check-call-site.ts). A method's sites come from `refs Scope.name`, the
 *   rule the outputs count with, after checking the count is the one stated.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkCallSite } from './check-call-site.js';
import { findCallSites, findDefinitions, type RunCli } from './cli-lookups.js';

export interface ClaimCheck {
  ok: boolean;
  what: string;
}

/** Every name an output says has no definition, read from its JSON (answers, plans, risks and gaps alike). */
export function namesWithoutDefinition(output: unknown): string[] {
  const text = JSON.stringify(output);
  const names = new Set<string>();
  for (const m of text.matchAll(/no definition in this repository for: (.+?) \(from a dependency/g))
    for (const n of m[1]!.split(', ')) names.add(n.trim());
  for (const m of text.matchAll(/no definition of ([^\s"\\]+) in the index/g)) names.add(m[1]!);
  return [...names].filter(Boolean);
}

/** A gap is true when neither the name as written nor its member part resolves. */
export function checkDefinitionGap(run: RunCli, name: string): ClaimCheck {
  if (findDefinitions(run, name).length > 0) return { ok: false, what: `find ${name} resolves it` };
  const member = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).replace(/\(\)$/, '') : '';
  if (member && findDefinitions(run, member).length > 0) return { ok: false, what: `find ${member} resolves its member` };
  return { ok: true, what: name };
}

interface Definition {
  name: string;
  scope: string;
  path: string;
  startLine: number;
}

/** Class and type declaration lines by name in the checkout, through `find` (to tell subclasses apart). */
function declarations(run: RunCli, dir: string): (name: string) => string[] {
  const cache = new Map<string, string[]>();
  return (name) => {
    if (!cache.has(name))
      cache.set(
        name,
        findDefinitions(run, name)
          .filter((d) => d.name === name)
          .map((d) => readLine(dir, d.path, d.startLine)),
      );
    return cache.get(name)!;
  };
}

function readLine(dir: string, file: string, line: number): string {
  try {
    return readFileSync(path.join(dir, file), 'utf8').split('\n')[line - 1] ?? '';
  } catch {
    return '';
  }
}

function checkSites(
  run: RunCli,
  dir: string,
  definition: Definition,
  sites: { path: string; line: number }[],
  label: string,
): ClaimCheck[] {
  const declared = declarations(run, dir);
  return sites.map((site) => {
    let text = '';
    try {
      text = readFileSync(path.join(dir, site.path), 'utf8');
    } catch {
      text = '';
    }
    const verdict = checkCallSite({
      text,
      path: site.path,
      line: site.line,
      name: definition.name,
      scope: definition.scope,
      declarations: declared,
    });
    const qualified = definition.scope ? `${definition.scope}.${definition.name}` : definition.name;
    return { ok: verdict.ok, what: `${label} ${qualified}: ${site.path}:${site.line} (${verdict.why})` };
  });
}

/**
 * A plan's "N call sites" for each symbol it names: a method's sites through `refs Scope.name` (the count must
 * be the one stated, each site a call); a function's count no more than the calls by its name `refs` lists.
 */
export function checkPlanCallSites(
  run: RunCli,
  dir: string,
  symbols: { name: string; callers: number; ref: { path: string; startLine: number } }[],
): ClaimCheck[] {
  const checks: ClaimCheck[] = [];
  for (const s of symbols.filter((x) => x.callers > 0)) {
    const dot = s.name.lastIndexOf('.');
    const definition = { name: s.name.slice(dot + 1), scope: dot > 0 ? s.name.slice(0, dot) : '', ...s.ref };
    if (definition.scope) {
      const site = findCallSites(run, s.name).find((c) => c.definition.path === s.ref.path && c.definition.startLine === s.ref.startLine);
      if (!site) {
        checks.push({ ok: false, what: `plan ${s.name}: refs finds no call sites of ${s.ref.path}:${s.ref.startLine}` });
        continue;
      }
      const listed = site.callers.filter((c) => c.depth === 1);
      checks.push(...checkSites(run, dir, definition, listed, 'plan'));
      // A count above the sites refs lists counts sites nobody can read: each one a false claim.
      for (let i = listed.length; i < s.callers; i++)
        checks.push({ ok: false, what: `plan ${s.name}: ${s.callers} call sites, refs lists ${listed.length}` });
    } else {
      const calls = JSON.parse(run(['refs', s.name, '--json', '--limit', '100000']) || '[]') as { kind?: string; name?: string }[];
      const named = calls.filter((c) => c.kind === 'call' || c.kind === 'new').length;
      for (let i = 0; i < s.callers; i++)
        checks.push({ ok: i < named, what: `plan ${s.name}: ${s.callers} call sites, ${named} calls by that name in the index` });
    }
  }
  return checks;
}

interface BlastJson {
  changed: { symbol: { name: string; scope: string; path: string; startLine: number } };
  direct: number;
  topCallers: { depth: number; path: string; line: number }[];
  ambiguous?: boolean;
}

/** A review's callers: every caller it links (depth 1), each a call of the changed definition. */
export function checkReviewCallers(run: RunCli, dir: string, blast: BlastJson[]): ClaimCheck[] {
  return blast
    .filter((b) => !b.ambiguous)
    .flatMap((b) =>
      checkSites(
        run,
        dir,
        b.changed.symbol,
        b.topCallers.filter((c) => c.depth === 1),
        'review',
      ),
    );
}
