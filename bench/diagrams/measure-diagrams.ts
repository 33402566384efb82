/**
 * Diagram figures on real repositories (issue 14): for each checkout given
 * and each offline diagram (architecture, component, dependency), the boxes,
 * the arrows, and the share of arrows backed by a resolved import in the
 * index; and whether the component diagram differs from the architecture.
 *
 *   npm run build && npx tsx bench/diagrams/measure-diagrams.ts DIR... [--index-dir DIR]
 *
 * The checkouts stay outside this repository. An arrow between boxes is
 * backed when some file under its start imports some file under its end and
 * that import resolved (an `import` row of the index's edges table, which
 * update-edges.ts writes only for resolved imports). An arrow to a
 * third-party package is backed when a file under its start has an import
 * whose source names the package (an `imports` row). Manifest -> package
 * arrows (dotted: declared, use not seen) are counted apart: they claim a
 * declaration, not a dependency of the code.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { findProjectRoot } from '../project-root.js';
import { toKindCode } from '../../src/core/code-index/stored-kinds.js';

interface Graph {
  type: string;
  title?: string;
  nodes: { id: string; label: string; paths: string[]; kind?: string }[];
  edges: { from: string; to: string; kind?: string; label?: string }[];
}

interface Figures {
  repo: string;
  type: string;
  parses: boolean;
  boxes: number;
  edges: number;
  backed: number;
  declared: number;
  /** Arrows between files of one Go or Java package (no import), and how many the parsed references confirm. */
  scope: number;
  scopeBacked: number;
  unbacked: string[];
  mermaid: string;
  title: string;
}

const TYPES = ['architecture', 'component', 'dependency'] as const;

function isUnder(file: string, unit: string): boolean {
  if (unit === '.') return !file.includes('/');
  return file === unit || file.startsWith(`${unit}/`);
}

function namesPackage(source: string, ecosystem: string, name: string): boolean {
  const norm = (s: string) => s.toLowerCase().replace(/[-_.]+/g, '_');
  if (ecosystem === 'pypi') return norm(source.replace(/^\.+/, '').split('.')[0] ?? '') === norm(name);
  return source === name || source.startsWith(`${name}/`);
}

function measure(repoDir: string, indexFile: string, type: string): Figures {
  const cli = path.join(findProjectRoot(), 'dist/src/cli/main.js');
  const out = execFileSync(process.execPath, [cli, 'diagram', type, '--repo', repoDir, '--json', '--index', indexFile], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const result = JSON.parse(out) as { output?: { diagrams: { graph: Graph; mermaid: string }[] } };
  // The producer posts only diagrams Mermaid's parser accepted (validate-mermaid): a missing one did not parse.
  const diagram = result.output?.diagrams[0];
  if (!diagram)
    return {
      repo: path.basename(repoDir),
      type,
      parses: false,
      boxes: 0,
      edges: 0,
      backed: 0,
      declared: 0,
      scope: 0,
      scopeBacked: 0,
      unbacked: [],
      mermaid: '',
      title: '',
    };
  const db = new Database(indexFile, { readonly: true });
  const fileEdges = db
    .prepare(
      `SELECT fa.path AS a, fb.path AS b FROM edges e JOIN files fa ON fa.id = e.src_file_id
    JOIN files fb ON fb.id = e.dst_file_id WHERE e.kind = ${toKindCode('edge', 'import')}`,
    )
    .all() as { a: string; b: string }[];
  const imports = db.prepare('SELECT f.path, i.source FROM imports i JOIN files f ON f.id = i.file_id').all() as {
    path: string;
    source: string;
  }[];
  const refsOf = db.prepare('SELECT DISTINCT r.name FROM refs r JOIN files f ON f.id = r.file_id WHERE f.path = ?').pluck();
  const definedInDir = db
    .prepare(
      `SELECT DISTINCT f.path FROM symbols s JOIN files f ON f.id = s.file_id JOIN folders d ON d.id = f.dir_id
       WHERE s.name = ? AND s.scope = '' AND d.path = ?`,
    )
    .pluck();
  const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  // A same-package arrow (Go, Java: no import between files of one package) is checked against the parsed
  // references: the start file refers to a name that, in its folder, only the end file defines at top level.
  const scopeBacked = (from: string, to: string): boolean =>
    dirOf(from) === dirOf(to) &&
    (refsOf.all(from) as string[]).some((name) => {
      const defs = definedInDir.all(name, dirOf(to)) as string[];
      return defs.length === 1 && defs[0] === to;
    });
  const { graph } = diagram;
  // A file belongs to the most specific box holding it: a Java package box does not hold its subpackages' boxes.
  const boxIds = graph.nodes.filter((n) => n.kind !== 'external' && !n.id.startsWith('manifest:')).map((n) => n.id);
  const boxOf = (file: string): string | undefined => boxIds.filter((id) => isUnder(file, id)).sort((a, b) => b.length - a.length)[0];
  let backed = 0;
  let declared = 0;
  let scope = 0;
  let scopeBackedCount = 0;
  const unbacked: string[] = [];
  for (const e of graph.edges) {
    if (e.from.startsWith('manifest:')) {
      declared += 1;
      continue;
    }
    if (e.kind === 'scope') {
      scope += 1;
      if (scopeBacked(e.from, e.to)) scopeBackedCount += 1;
      else unbacked.push(`${e.from} -> ${e.to} (same package)`);
      continue;
    }
    const target = graph.nodes.find((n) => n.id === e.to);
    let ok: boolean;
    if (target?.kind === 'external') {
      const [ecosystem, ...rest] = e.to.split(':');
      const name = rest.join(':');
      ok = imports.some((i) => isUnder(i.path, e.from) && namesPackage(i.source, ecosystem ?? '', name));
    } else {
      ok = fileEdges.some((f) => boxOf(f.a) === e.from && boxOf(f.b) === e.to);
    }
    if (ok) backed += 1;
    else unbacked.push(`${e.from} -> ${e.to}`);
  }
  db.close();
  return {
    repo: path.basename(repoDir),
    type,
    parses: true,
    boxes: graph.nodes.length,
    edges: graph.edges.length,
    backed,
    declared,
    scope,
    scopeBacked: scopeBackedCount,
    unbacked,
    mermaid: diagram.mermaid,
    title: graph.title ?? '',
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const at = args.indexOf('--index-dir');
  const indexDir = at >= 0 ? args.splice(at, 2)[1]! : path.join(os.tmpdir(), 'nanodex-diagram-eval');
  mkdirSync(indexDir, { recursive: true });
  const rows: string[] = [
    '| repository | diagram | parses | boxes | arrows | import arrows backed by a resolved import | same-package arrows confirmed by references | declared (dotted) | component ≠ architecture |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const dir of args) {
    const indexFile = path.join(indexDir, `${path.basename(dir)}.sqlite`);
    const figures = TYPES.map((type) => measure(path.resolve(dir), indexFile, type));
    const differs = figures[0]!.mermaid !== figures[1]!.mermaid;
    for (const f of figures) {
      const code = f.edges - f.declared - f.scope;
      const share = code === 0 ? 'n/a' : `${f.backed}/${code} (${Math.round((100 * f.backed) / code)}%)`;
      rows.push(
        `| ${f.repo} | ${f.type} | ${f.parses ? 'yes' : 'no'} | ${f.boxes} | ${f.edges} | ${share} | ${f.scope === 0 ? '' : `${f.scopeBacked}/${f.scope}`} | ${f.declared} | ${f.type === 'component' ? (differs ? 'yes' : 'no') : ''} |`,
      );
      console.error(`${f.repo} ${f.type}: ${f.title}`);
      for (const u of f.unbacked) console.error(`  not backed: ${u}`);
    }
  }
  console.log(rows.join('\n'));
}

main();
