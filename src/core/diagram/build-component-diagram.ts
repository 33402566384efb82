import type { CodeIndex } from '../code-index/code-index.js';
import { parseRepoPath } from '../repo/repo-path.js';
import { RESOLVED_EDGE_KINDS } from './build-architecture-diagram.js';
import { DEFAULT_CAPS } from './cap-diagram-graph.js';
import type { DiagramEdge, DiagramGraph, DiagramGroup, DiagramNode } from './diagram-graph.js';
import { commonFolder, relativeTo } from './folder-unit.js';
import { describeLeftOut, listProductFiles } from './list-product-files.js';

export interface ComponentOptions {
  /** The package to draw; by default the main one (findMainPackage). */
  scope?: string;
  maxNodes?: number;
}

const MAX_BOXES = 25;
const MAP_TOKENS = 16_000;
/** Symbols named on an arrow or in a box: more is a list, not a label. */
const NAMES_PER_EDGE = 3;
const NAMES_PER_BOX = 2;
/** Labelled arrows past this many cross each other's labels; the ones carrying most symbols stay. */
const MAX_ARROWS = 30;
/** Kinds of symbol a module exposes to another (not locals, fields or parameters); a name starting with `_` is private by convention. */
const EXPOSED_KINDS = new Set([
  'function',
  'class',
  'interface',
  'type',
  'enum',
  'struct',
  'trait',
  'constant',
  'variable',
  'macro',
  'module',
]);
/** Languages whose import names a package: the import alone does not say which file is used. */
const PACKAGE_LANGUAGES = new Set(['go', 'java', 'kotlin', 'scala', 'csharp']);

/**
 * A component diagram: inside the main package, its modules and the symbols
 * they expose to each other.
 *
 * Boxes: the package's files (the most central `maxNodes`), each labelled
 * with the symbols other boxes use from it. Arrows: a resolved import from
 * one file to the other, labelled with the top-level symbols the target
 * defines whose names appear in the importing file. In a package language
 * (Go, Java) an import resolves to the whole package, so an arrow is drawn
 * only where such a symbol is used, and files of one package, which share
 * its scope without importing each other, are linked where a name resolves
 * to one file of it (linkSamePackage). Groups: the subfolders of the package.
 */
export async function buildComponentDiagram(index: CodeIndex, options: ComponentOptions = {}): Promise<DiagramGraph> {
  const scope = options.scope === undefined ? undefined : parseRepoPath(options.scope);
  const maxNodes = Math.max(1, Math.min(options.maxNodes ?? MAX_BOXES, DEFAULT_CAPS.nodes));
  const { files: product, leftOut } = listProductFiles(index, scope);
  const pkg = scope ?? findMainPackage(product);
  const files = product.filter((p) => pkg === '' || p.startsWith(`${pkg}/`));
  if (files.length === 0)
    return { type: 'component', title: `No source files${pkg ? ` under ${pkg}` : ''}`, nodes: [], edges: [], groups: [] };

  const rank = new Map(index.repoMap({ tokens: MAP_TOKENS, focusPaths: pkg ? [pkg] : undefined }).files.map((f) => [f.path, f.rank]));
  const language = new Map(index.listFiles().map((f) => [f.path, f.language]));
  const boxes = [...files].sort((a, b) => (rank.get(b) ?? 0) - (rank.get(a) ?? 0) || (a < b ? -1 : 1)).slice(0, maxNodes);
  const shown = new Set(boxes);
  const rows = index
    .neighbours(boxes, ['import'])
    .filter((r) => RESOLVED_EDGE_KINDS.has(r.kind) && r.from !== r.to && shown.has(r.from) && shown.has(r.to));
  const pairs = [...new Map(rows.map((r) => [`${r.from}\0${r.to}`, r])).values()];

  const exposed = new Map<string, string[]>();
  const exposedBy = (path: string): string[] => {
    if (!exposed.has(path)) {
      const names = index
        .symbolsIn(path)
        .filter((s) => s.scope === '' && EXPOSED_KINDS.has(s.kind) && s.name.length > 1 && !s.name.startsWith('_'))
        .map((s) => s.name);
      exposed.set(path, [...new Set(names)]);
    }
    return exposed.get(path)!;
  };
  // Labels are names the importer's parse refers to (calls, imported names, types), not words found in its text;
  // a name the importer defines itself at top level is its own, not the target's (flask's json/provider.py `dumps`).
  const referenced = new Map<string, Set<string>>();
  const referencedBy = (path: string): Set<string> => {
    if (!referenced.has(path)) {
      const own = new Set(
        index
          .symbolsIn(path)
          .filter((s) => s.scope === '')
          .map((s) => s.name),
      );
      referenced.set(path, new Set(index.referencedNames(path).filter((n) => !own.has(n))));
    }
    return referenced.get(path)!;
  };
  const used = new Map<string, number>();
  const edges: DiagramEdge[] = [];
  for (const pair of pairs) {
    const refs = referencedBy(pair.from);
    const names = exposedBy(pair.to).filter((name) => refs.has(name));
    if (names.length === 0 && PACKAGE_LANGUAGES.has(language.get(pair.to) ?? '')) continue;
    for (const name of names) used.set(`${pair.to}\0${name}`, (used.get(`${pair.to}\0${name}`) ?? 0) + 1);
    const label =
      names.length === 0
        ? undefined
        : names.slice(0, NAMES_PER_EDGE).join(', ') + (names.length > NAMES_PER_EDGE ? ` +${names.length - NAMES_PER_EDGE}` : '');
    edges.push({ from: pair.from, to: pair.to, kind: 'import', weight: Math.max(1, names.length), ...(label ? { label } : {}) });
  }
  edges.push(...linkSamePackage(index, { boxes, files, language, exposedBy, used }));
  edges.sort(
    (a, b) => (b.weight ?? 1) - (a.weight ?? 1) || (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : 0),
  );
  const cut = Math.max(0, edges.length - MAX_ARROWS);
  edges.splice(MAX_ARROWS);

  const groupOf = (path: string): string | undefined => {
    const inner = relativeTo(path, pkg).split('/');
    return inner.length > 1 ? (pkg ? `${pkg}/${inner[0]!}` : inner[0]) : undefined;
  };
  const groupIds = [...new Set(boxes.map(groupOf).filter((g): g is string => g !== undefined))].sort().slice(0, DEFAULT_CAPS.groups);
  const groups: DiagramGroup[] = groupIds.map((id) => ({ id, label: `${relativeTo(id, pkg)}/` }));
  const nodes: DiagramNode[] = boxes.map((path) => {
    const group = groupOf(path);
    const inGroup = group !== undefined && groupIds.includes(group);
    const top = exposedBy(path)
      .map((name) => ({ name, uses: used.get(`${path}\0${name}`) ?? 0 }))
      .filter((n) => n.uses > 0)
      .sort((a, b) => b.uses - a.uses)
      .slice(0, NAMES_PER_BOX)
      .map((n) => n.name);
    const name = relativeTo(path, inGroup ? group : pkg);
    return {
      id: path,
      label: top.length > 0 ? `${name}: ${top.join(', ')}` : name,
      paths: [path],
      kind: 'module',
      ...(inGroup ? { group } : {}),
    };
  });
  const of = files.length > boxes.length ? `the ${boxes.length} most central of ${files.length} modules` : `${boxes.length} modules`;
  let title = `${pkg || 'the repository root'}: ${of} and the symbols they use of each other`;
  if (edges.length === 0 && boxes.length > 1) title += '; no import between them resolves in the index';
  if (cut > 0) title += `; the ${MAX_ARROWS} arrows carrying most symbols of ${MAX_ARROWS + cut}`;
  if (scope === undefined && leftOut.length > 0) title += `; not drawn: ${describeLeftOut(leftOut)}`;
  return { type: 'component', title, nodes, edges, groups };
}

/**
 * Arrows inside one Go or Java package, where files use each other without
 * an import: they share the package's scope, so a name the file refers to
 * that exactly one other file of its folder defines at top level resolves
 * to that file (kind `scope`). A name defined in two files of the folder, or
 * in the referring file itself, is left out.
 */
function linkSamePackage(
  index: CodeIndex,
  input: {
    boxes: string[];
    files: string[];
    language: Map<string, string>;
    exposedBy: (path: string) => string[];
    used: Map<string, number>;
  },
): DiagramEdge[] {
  const { boxes, files, language, exposedBy, used } = input;
  const shown = new Set(boxes);
  const isPackageFile = (p: string) => PACKAGE_LANGUAGES.has(language.get(p) ?? '');
  const edges: DiagramEdge[] = [];
  for (const dir of new Set(boxes.filter(isPackageFile).map(dirOf))) {
    const members = files.filter((f) => dirOf(f) === dir && isPackageFile(f));
    const definedIn = new Map<string, string[]>();
    for (const f of members) for (const name of exposedBy(f)) definedIn.set(name, [...(definedIn.get(name) ?? []), f]);
    for (const from of members.filter((f) => shown.has(f))) {
      const byTarget = new Map<string, string[]>();
      for (const name of index.referencedNames(from)) {
        const defs = definedIn.get(name);
        if (defs?.length !== 1 || defs[0] === from || !shown.has(defs[0]!)) continue;
        byTarget.set(defs[0]!, [...(byTarget.get(defs[0]!) ?? []), name]);
      }
      for (const [to, names] of byTarget) {
        for (const name of names) used.set(`${to}\0${name}`, (used.get(`${to}\0${name}`) ?? 0) + 1);
        const label =
          names.slice(0, NAMES_PER_EDGE).join(', ') + (names.length > NAMES_PER_EDGE ? ` +${names.length - NAMES_PER_EDGE}` : '');
        edges.push({ from, to, kind: 'scope', weight: names.length, label });
      }
    }
  }
  return edges;
}

function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/**
 * The package a component diagram looks inside: the deepest folder holding
 * every product file, unless that is the root of a repository with several
 * top-level folders; then the folder with the most product files, followed
 * down while it holds only one folder (gson/src/main/java/com/google/gson).
 * Files directly at the root outnumbering every folder make the root it.
 */
export function findMainPackage(files: string[]): string {
  const base = commonFolder(files);
  if (base !== '') return base;
  const counts = new Map<string, number>();
  let atRoot = 0;
  for (const f of files) {
    const at = f.indexOf('/');
    if (at < 0) atRoot += 1;
    else counts.set(f.slice(0, at), (counts.get(f.slice(0, at)) ?? 0) + 1);
  }
  const [top] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (top === undefined || atRoot >= top[1]) return '';
  return commonFolder(files.filter((f) => f.startsWith(`${top[0]}/`)).map((f) => `${f}`)) || top[0];
}
