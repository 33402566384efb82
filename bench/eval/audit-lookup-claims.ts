/**
 * Two claim kinds of the claims audit that are checked against the index
 * through the CLI's own lookups (cli-lookups.ts), on the checkout the output
 * was made at:
 *
 * - "no definition in this repository for NAME" / "no definition of NAME in
 *   the index" (ask, explain, debug, plan): false when `find NAME` resolves
 *   it, or `find MEMBER` for `recv.member` (unless every import binding `recv`
 *   is of a package from outside the repository);
 * - call sites (plan "N call sites", review callers): each site counted is a
 *   line that calls the name on a receiver not known to be another type
 *   (check-call-site.ts). A method's sites come from `refs Scope.name`, the
 *   rule the outputs count with, after checking the count is the one stated.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/**
 * A gap is true when neither the name as written nor its member part resolves. The member part does not count
 * when the receiver is bound only by imports of packages from outside the repository (`tseslint.config` with
 * `import tseslint from 'typescript-eslint'`): a `const config` of `.prettierrc.js` is not what it names.
 */
export function checkDefinitionGap(
  run: RunCli,
  name: string,
  receiverSources: (receiver: string) => ImportSource[] = () => [],
): ClaimCheck {
  if (findDefinitions(run, name).length > 0) return { ok: false, what: `find ${name} resolves it` };
  const dot = name.lastIndexOf('.');
  const member = dot > 0 ? name.slice(dot + 1).replace(/\(\)$/, '') : '';
  const receiver = dot > 0 ? name.slice(0, dot).split('.').pop()! : '';
  const sources = receiver ? receiverSources(receiver) : [];
  if (sources.length > 0 && sources.every((s) => s.external))
    return { ok: true, what: `${name}: ${receiver} is imported from ${sources[0]!.source}` };
  if (member && findDefinitions(run, member).length > 0) return { ok: false, what: `find ${member} resolves its member` };
  return { ok: true, what: name };
}

export interface ImportSource {
  source: string;
  /** A package from outside the repository: not a relative path, not the repository's own package or module. */
  external: boolean;
}

/**
 * The sources of the imports that bind `receiver` in a checkout (JS/TS `import x from`, `import * as x from`,
 * `x = require(…)`; Python `import x`, `import y as x`, `from y import x`), read with `git grep`.
 */
export function importSourcesOf(dir: string, receiver: string): ImportSource[] {
  if (!/^[A-Za-z_$][\w$]*$/.test(receiver)) return [];
  const r = receiver.replace(/\$/g, '\\$');
  const patterns = [
    `import\\s+(\\*\\s+as\\s+)?${r}\\s+from\\s+['"]([^'"]+)['"]`,
    `\\b${r}\\s*=\\s*require\\(\\s*['"]([^'"]+)['"]`,
    `^\\s*import\\s+([\\w.]+\\s+as\\s+)?${r}\\b`,
    `^\\s*from\\s+([\\w.]+)\\s+import\\s+.*\\b${r}\\b`,
  ];
  let out = '';
  try {
    out = execFileSync(
      'git',
      ['-C', dir, 'grep', '-h', '-P', '-e', patterns.join('|'), '--', '*.js', '*.mjs', '*.cjs', '*.ts', '*.tsx', '*.py'],
      {
        encoding: 'utf8',
        maxBuffer: 16 << 20,
      },
    );
  } catch {
    return [];
  }
  let own = '';
  try {
    own = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string }).name ?? '';
  } catch {
    own = '';
  }
  const sources: ImportSource[] = [];
  for (const line of out.split('\n').filter(Boolean)) {
    const js = /(?:from|require\()\s*['"]([^'"]+)['"]/.exec(line)?.[1];
    const py = js === undefined ? (/^\s*from\s+([\w.]+)\s+import/.exec(line)?.[1] ?? /^\s*import\s+([\w.]+)/.exec(line)?.[1]) : undefined;
    const source = js ?? py;
    if (!source) continue;
    const external =
      js !== undefined
        ? !/^[./]/.test(source) && source !== own && !source.startsWith(`${own}/`) && !source.startsWith('node:')
        : !source.startsWith('.') && !pythonModuleInRepo(dir, source.split('.')[0]!);
    sources.push({ source, external });
  }
  return sources;
}

function pythonModuleInRepo(dir: string, top: string): boolean {
  return [top, `${top}.py`, `src/${top}`, `src/${top}.py`, `lib/${top}`].some((p) => existsSync(path.join(dir, p)));
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
  override = false,
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
      override,
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
  /** A method no one calls by its own class: the base method's calls that "may run this one". */
  overrides?: { callers: { path: string; line: number }[] };
}

/**
 * A review's callers: every caller it links (depth 1), each a call of the changed definition; for an override no
 * one calls by its own class, each call of the base it lists as one that "may run this one".
 */
export function checkReviewCallers(run: RunCli, dir: string, blast: BlastJson[]): ClaimCheck[] {
  return blast
    .filter((b) => !b.ambiguous)
    .flatMap((b) => [
      ...checkSites(
        run,
        dir,
        b.changed.symbol,
        b.topCallers.filter((c) => c.depth === 1),
        'review',
      ),
      // An override's base calls: each must be able to run the override (not `super()` in it, not a base built as such).
      ...checkSites(run, dir, b.changed.symbol, b.overrides?.callers ?? [], 'review override', true),
    ]);
}
