import type { CodeIndex } from '../code-index/code-index.js';
import { RESOLVED_EDGE_KINDS } from './build-architecture-diagram.js';
import type { DiagramEdge, DiagramGraph, DiagramGroup, DiagramNode } from './diagram-graph.js';
import { aggregateEdges, commonFolder, pickFolderDepth, relativeTo, toFolderUnit } from './folder-unit.js';
import { findNonProductFolder } from '../repo/non-product-folders.js';
import { describeLeftOut, listProductFiles } from './list-product-files.js';
import { classifyFile } from '../repo/classify-file.js';
import { MANIFEST_NAMES, parseManifest, type Ecosystem, type Manifest } from './parse-manifest.js';
import { reduceTransitiveEdges } from './reduce-transitive-edges.js';
import { isImportOf } from './to-import-pattern.js';

export interface DependencyOptions {
  maxModules?: number;
  maxExternals?: number;
}

/** 12 modules + 6 manifests + 16 packages = 34, the compiler's node cap. */
const MAX_MODULES = 12;
const MAX_MANIFESTS = 6;
const MAX_EXTERNALS = 16;
/** Modules are folders at most two levels below the source root: deeper ones are parts of a module. */
const MODULE_DEPTH = 2;
const MAP_TOKENS = 16_000;

const ECOSYSTEM_LABEL: Record<Ecosystem, string> = {
  npm: 'npm packages',
  pypi: 'PyPI packages',
  go: 'Go modules',
  cargo: 'crates',
  rubygems: 'gems',
  maven: 'Maven artifacts',
};

interface External {
  id: string;
  ecosystem: Ecosystem;
  name: string;
  dev: boolean;
  declaredBy: string[];
  /** Module -> files of it that import the package. */
  usedBy: Map<string, number>;
}

/**
 * A dependency diagram from the index and the manifests.
 *
 * Boxes: the repository's modules (folders below the folder holding all
 * source: two levels when they fit in 12, else one, the most central
 * kept), each manifest, and the packages
 * the manifests declare (those seen in use first, then runtime, then dev; 16).
 *
 * Modules are product code only (listProductFiles: no tests, examples,
 * docs or benchmarks; the title names what was left out).
 *
 * Arrows: module -> module where a file imports another and the import
 * resolves in the index (calls matched by name are not used; an arrow a
 * reader can follow through other modules is left out); module -> package
 * where a file of the module has an import statement naming the package (the
 * index's parsed imports, so never an example in a comment: isImportOf). A
 * package with no import seen (or one
 * whose imports cannot be told from its name, like Maven's) hangs from the
 * manifest that declares it, dotted: declared, use not shown.
 */
export async function buildDependencyDiagram(
  index: CodeIndex,
  readFile: (path: string) => Promise<string>,
  options: DependencyOptions = {},
): Promise<DiagramGraph> {
  const manifests = await readManifests(index, readFile);
  const { files, leftOut } = listProductFiles(index);
  const base = commonFolder(files);
  const rank = new Map(index.repoMap({ tokens: MAP_TOKENS }).files.map((f) => [f.path, f.rank]));
  const maxModules = options.maxModules ?? MAX_MODULES;
  const depth = pickFolderDepth(files, base, { maxUnits: maxModules, maxDepth: MODULE_DEPTH });
  const unitOfFile = new Map(files.map((f) => [f, toFolderUnit(f, base, depth)]));
  const score = new Map<string, number>();
  for (const [file, unit] of unitOfFile) score.set(unit, (score.get(unit) ?? 0) + (rank.get(file) ?? 0));
  const modules = [...score.keys()].sort((a, b) => score.get(b)! - score.get(a)! || (a < b ? -1 : 1)).slice(0, maxModules);
  const shownModules = new Set(modules);
  const moduleOf = (path: string): string | undefined => {
    const unit = unitOfFile.get(path);
    return unit !== undefined && shownModules.has(unit) ? unit : undefined;
  };

  const externals = collectExternals(manifests);
  findUses(index, files, externals, moduleOf);
  const used = (e: External): number => [...e.usedBy.values()].reduce((a, b) => a + b, 0);
  const shown = [...externals]
    .sort((a, b) => used(b) - used(a) || Number(a.dev) - Number(b.dev) || externals.indexOf(a) - externals.indexOf(b))
    .slice(0, options.maxExternals ?? MAX_EXTERNALS);

  const nodes: DiagramNode[] = [
    ...modules.map((unit): DiagramNode => {
      const folder = !unitOfFile.has(unit);
      // `src/*`: the files directly in src, when src's subfolders are boxes of their own.
      const suffix = !folder ? '' : modules.some((m) => m.startsWith(`${unit}/`)) ? '/*' : '/';
      return { id: unit, label: relativeTo(unit, base) + suffix, paths: [unit], kind: folder ? 'folder' : 'module', group: 'repository' };
    }),
    ...manifests.map((m): DiagramNode => ({
      id: `manifest:${m.path}`,
      label: m.name ? `${m.name} (${m.path})` : m.path,
      paths: [m.path],
      kind: 'package',
      group: 'repository',
    })),
    ...shown.map((e): DiagramNode => ({ id: e.id, label: e.name, paths: [], kind: 'external', group: `ecosystem:${e.ecosystem}` })),
  ];
  const resolved = index
    .neighbours(
      files.filter((f) => moduleOf(f) !== undefined),
      ['import'],
    )
    .filter((r) => RESOLVED_EDGE_KINDS.has(r.kind));
  const { kept: internal } = reduceTransitiveEdges(aggregateEdges(resolved, moduleOf));
  const edges: DiagramEdge[] = internal.map((e) => ({ from: e.from, to: e.to, kind: e.kind, weight: e.weight }));
  for (const e of shown) {
    if (e.usedBy.size > 0) {
      for (const [unit, count] of e.usedBy) edges.push({ from: unit, to: e.id, kind: 'import', weight: count });
    } else {
      for (const path of e.declaredBy)
        edges.push({ from: `manifest:${path}`, to: e.id, kind: e.dev ? 'dev' : 'declared', ...(e.dev ? { label: 'dev' } : {}) });
    }
  }
  const ecosystems = [...new Set(shown.map((e) => e.ecosystem))];
  const groups: DiagramGroup[] = [
    { id: 'repository', label: 'this repository' },
    ...ecosystems.map((eco) => ({ id: `ecosystem:${eco}`, label: ECOSYSTEM_LABEL[eco] })),
  ];
  return {
    type: 'dependency',
    title: `${modules.length} modules and ${shown.length} of ${externals.length} declared packages${leftOut.length > 0 ? `; not drawn: ${describeLeftOut(leftOut)}` : ''}`,
    nodes,
    edges,
    groups,
  };
}

/** Manifests outside tests, fixtures, examples, build output and vendored copies, shallowest first (the root's is the repository's own). */
async function readManifests(index: CodeIndex, readFile: (path: string) => Promise<string>): Promise<(Manifest & { path: string })[]> {
  const listed = index.listFiles().map((f) => f.path);
  const names = new Set<string>(MANIFEST_NAMES);
  const ours = (p: string) => !['test', 'generated', 'vendored'].includes(classifyFile(p).kind) && findNonProductFolder(p) === undefined;
  const paths = listed.filter((p) => names.has(p.slice(p.lastIndexOf('/') + 1)) && ours(p));
  const chosen = paths.sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1)).slice(0, MAX_MANIFESTS);
  const manifests: (Manifest & { path: string })[] = [];
  for (const path of chosen) {
    const manifest = parseManifest(path, await readFile(path));
    if (manifest) manifests.push({ ...manifest, path });
  }
  // go.mod has no indexed kind, so the listing never shows it: a repository with Go is asked for one at its root.
  if (chosen.length < MAX_MANIFESTS && !chosen.includes('go.mod') && listed.some((p) => p.endsWith('.go'))) {
    const text = await readFile('go.mod').catch(() => undefined); // absent is the common answer, not an error
    const manifest = text === undefined ? undefined : parseManifest('go.mod', text);
    if (manifest) manifests.push({ ...manifest, path: 'go.mod' });
  }
  return manifests;
}

/** One entry per package, runtime before dev, in manifest order. */
function collectExternals(manifests: (Manifest & { path: string })[]): External[] {
  const byId = new Map<string, External>();
  for (const m of manifests) {
    for (const d of m.dependencies) {
      const id = `${m.ecosystem}:${d.name}`;
      const known = byId.get(id);
      if (known) {
        known.declaredBy.push(m.path);
        known.dev &&= d.dev;
      } else {
        byId.set(id, { id, ecosystem: m.ecosystem, name: d.name, dev: d.dev, declaredBy: [m.path], usedBy: new Map() });
      }
    }
  }
  return [...byId.values()].sort((a, b) => Number(a.dev) - Number(b.dev));
}

function findUses(index: CodeIndex, files: string[], externals: External[], moduleOf: (path: string) => string | undefined): void {
  const sources = index.importSources(files.filter((f) => moduleOf(f) !== undefined));
  for (const external of externals) {
    const seen = new Set<string>();
    for (const { path, source } of sources) {
      if (seen.has(path) || !isImportOf(external.ecosystem, external.name, source)) continue;
      seen.add(path);
      const unit = moduleOf(path)!;
      external.usedBy.set(unit, (external.usedBy.get(unit) ?? 0) + 1);
    }
  }
}
