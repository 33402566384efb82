import { addParameter, changeResult, removeDefinition, type EditedFile } from './edit-definition.js';
import type { FunctionDefinition } from './find-definitions.js';
import { findUses, type Use } from './find-uses.js';
import type { RepoScan } from './repo-scan.js';
import { seededShuffle } from './seeded-shuffle.js';
import { isProductPath, type SourceFile } from './source-file.js';

export const MUTATION_KINDS = ['add-parameter', 'remove-definition', 'change-result'] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

/** The finding rule each injected break should raise. */
export const RULE_OF: Record<MutationKind, string> = {
  'add-parameter': 'callers-not-updated',
  'remove-definition': 'removed-still-used',
  'change-result': 'return-shape-changed',
};

/**
 * A place the injected break should be reported at. A finding matches it
 * when it names the path and one of the lines (a call's line; for a removal,
 * any import or use in that file). Only required sites count for recall;
 * the others (same-file callers, calls whose value is dropped or returned,
 * sites on lines the diff adds) are right when reported, not missed when not.
 */
export interface ExpectedSite {
  path: string;
  lines: number[];
  required: boolean;
  what: string;
}

export interface Mutation {
  kind: MutationKind;
  rule: string;
  path: string;
  name: string;
  line: number;
  /** The edited file's whole text. */
  text: string;
  removed?: EditedFile['removed'];
  /** The line of the head that carries the break (the changed signature), for checking the diff; none for a removal. */
  breakLine?: string;
  expected: ExpectedSite[];
}

export interface InjectOptions {
  /** Seeds the choice among eligible definitions (with the commit and kind, so each is chosen once and always the same). */
  seed: string;
  /** Head lines the real commit changed, per path: a definition that overlaps them is left alone. */
  changed: Map<string, Set<number>>;
  /** Most required sites a chosen definition may have (a function called 200 times would outweigh the rest). */
  maxSites?: number;
}

/**
 * One break of `kind` in a product definition that other files use, chosen
 * in a seeded order among the eligible ones: the edited text and the sites
 * it breaks, or why none could be injected.
 */
export function injectMutation(scan: RepoScan, kind: MutationKind, options: InjectOptions): Mutation | { skipped: string } {
  const candidates = scan.files
    .filter((f) => isProductPath(f.path))
    .flatMap((f) => (scan.definitions.get(f.path) ?? []).map((d) => ({ file: f, def: d })))
    .filter(({ def }) => scan.findDefinition(def.path, def.name) !== undefined && !overlaps(def, options.changed.get(def.path)));
  for (const { file, def } of seededShuffle(candidates, `${options.seed}:${kind}`)) {
    const mutation = tryInject(scan, kind, file, def, options.maxSites ?? 25);
    if (mutation) return mutation;
  }
  return { skipped: `no ${kind} target among ${candidates.length} product functions (none used by other files in a way it breaks)` };
}

function tryInject(scan: RepoScan, kind: MutationKind, file: SourceFile, def: FunctionDefinition, maxSites: number): Mutation | undefined {
  if (file.language === 'typescript' && def.exportedAs?.length === 0) return undefined;
  if (kind === 'remove-definition' && !isExported(file, def)) return undefined;
  const edited =
    kind === 'add-parameter' ? addParameter(file, def) : kind === 'change-result' ? changeResult(file, def) : removeDefinition(file, def);
  if (edited === undefined) return undefined;
  const uses = findUses(scan, def);
  const elsewhere = uses.filter((u) => !u.sameFile);
  if (kind !== 'remove-definition' && elsewhere.some((u) => u.kind === 'reference')) return undefined; // passed as a value: what breaks is unclear
  const expected = kind === 'remove-definition' ? removalSites(uses, edited) : callSites(kind, file, uses);
  const required = expected.filter((s) => s.required).length;
  if (required === 0 || required > maxSites) return undefined;
  const breakLine = edited.line === undefined ? undefined : edited.text.split('\n')[edited.line - 1];
  return {
    kind,
    rule: RULE_OF[kind],
    path: def.path,
    name: def.name,
    line: def.line,
    text: edited.text,
    removed: edited.removed,
    breakLine,
    expected,
  };
}

function callSites(kind: MutationKind, file: SourceFile, uses: Use[]): ExpectedSite[] {
  const sites: ExpectedSite[] = [];
  for (const u of uses.filter((x) => x.kind === 'call')) {
    if (kind === 'add-parameter') {
      sites.push({ path: u.path, lines: [u.line], required: !u.sameFile, what: 'call' });
    } else if (!u.awaited) {
      // A Python coroutine never awaited never runs; a dropped Promise or Go result still compiles and runs.
      const dropped = u.statement && file.language !== 'python';
      sites.push({
        path: u.path,
        lines: [u.line],
        required: !u.sameFile && !u.returned && !dropped,
        what: dropped ? 'call, value dropped' : 'call',
      });
    }
  }
  return sites;
}

function removalSites(uses: Use[], edited: EditedFile): ExpectedSite[] {
  const byFile = new Map<string, Use[]>();
  for (const u of uses) byFile.set(u.path, [...(byFile.get(u.path) ?? []), u]);
  const shift = (u: Use) => (u.sameFile && edited.removed && u.line >= edited.removed.from ? u.line - edited.removed.count : u.line);
  return [...byFile].map(([path, list]) => ({
    path,
    lines: list.map(shift),
    required: !list[0]!.sameFile,
    what: list.map((u) => u.kind).join(','),
  }));
}

/** A removal breaks an export: Go's capitalised names, Python's names without a leading `_` (TypeScript's `export`, above). */
function isExported(file: SourceFile, def: FunctionDefinition): boolean {
  if (file.language === 'go') return /^[A-Z]/.test(def.name);
  return file.language !== 'python' || !def.name.startsWith('_');
}

function overlaps(def: FunctionDefinition, lines: Set<number> | undefined): boolean {
  if (lines === undefined) return false;
  for (let l = def.startLine; l <= def.endLine; l += 1) if (lines.has(l)) return true;
  return false;
}
