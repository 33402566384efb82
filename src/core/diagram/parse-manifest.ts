export type Ecosystem = 'npm' | 'pypi' | 'go' | 'cargo' | 'rubygems' | 'maven';

export interface Manifest {
  ecosystem: Ecosystem;
  /** The package's own name, when the manifest gives one. */
  name?: string;
  dependencies: { name: string; dev: boolean }[];
}

/** Manifest file names nanodex reads, by base name. */
export const MANIFEST_NAMES = ['package.json', 'pyproject.toml', 'requirements.txt', 'Cargo.toml', 'go.mod', 'Gemfile', 'pom.xml'] as const;

/** More than this is a lock file or a generated manifest, not what a person declared. */
const MAX_DEPENDENCIES = 200;

/**
 * The declared dependencies of one manifest, or undefined when the file is
 * not one nanodex reads or does not parse. TOML, go.mod, Gemfile and pom.xml
 * are read by their usual line shapes, not by a full grammar: no TOML or XML
 * parser is a dependency, and the sections read here have a fixed form.
 */
export function parseManifest(path: string, text: string): Manifest | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  let manifest: Manifest | undefined;
  if (base === 'package.json') manifest = parsePackageJson(text);
  else if (base === 'pyproject.toml') manifest = parsePyproject(text);
  else if (/^requirements.*\.txt$/.test(base)) manifest = { ecosystem: 'pypi', dependencies: requirementLines(text.split('\n'), false) };
  else if (base === 'Cargo.toml') manifest = parseCargo(text);
  else if (base === 'go.mod') manifest = parseGoMod(text);
  else if (base === 'Gemfile') manifest = parseGemfile(text);
  else if (base === 'pom.xml') manifest = parsePom(text);
  if (manifest === undefined) return undefined;
  const seen = new Set<string>();
  const dependencies = manifest.dependencies.filter((d) => d.name !== '' && !seen.has(d.name) && (seen.add(d.name), true));
  return { ...manifest, dependencies: dependencies.slice(0, MAX_DEPENDENCIES) };
}

function parsePackageJson(text: string): Manifest | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined; // a broken package.json declares nothing we can trust
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  const keys = (field: string): string[] => {
    const value = record[field];
    return typeof value === 'object' && value !== null ? Object.keys(value) : [];
  };
  return {
    ecosystem: 'npm',
    ...(typeof record.name === 'string' ? { name: record.name } : {}),
    dependencies: [
      ...[...keys('dependencies'), ...keys('peerDependencies'), ...keys('optionalDependencies')].map((name) => ({ name, dev: false })),
      ...keys('devDependencies').map((name) => ({ name, dev: true })),
    ],
  };
}

/** `requests>=2; python_version>"3"` -> `requests`; options, includes and URLs are skipped. */
function requirementLines(lines: string[], dev: boolean): { name: string; dev: boolean }[] {
  return lines
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('-') && !/^[\w+.-]+:\/\//.test(l))
    .map((l) => ({ name: /^[A-Za-z0-9][A-Za-z0-9._-]*/.exec(l)?.[0] ?? '', dev }));
}

/** `[section]` -> its lines, for the few TOML sections read here. */
function tomlSections(text: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) current = header[1]!.trim();
    else sections.set(current, [...(sections.get(current) ?? []), line]);
  }
  return sections;
}

/** The strings of a TOML array `key = [ "a", "b" ]`, which may span lines. */
function tomlArray(lines: string[], key: string): string[] {
  const text = lines.join('\n');
  const match = new RegExp(`^${key}\\s*=\\s*\\[([\\s\\S]*?)\\]\\s*$`, 'm').exec(text);
  if (!match) return [];
  return [...match[1]!.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2] ?? '');
}

function tomlKeys(lines: string[] | undefined): string[] {
  return (lines ?? []).map((l) => /^([A-Za-z0-9_.-]+)\s*=/.exec(l)?.[1] ?? '').filter(Boolean);
}

function tomlString(lines: string[] | undefined, key: string): string | undefined {
  for (const line of lines ?? []) {
    const match = new RegExp(`^${key}\\s*=\\s*["']([^"']+)["']`).exec(line);
    if (match) return match[1];
  }
  return undefined;
}

function parsePyproject(text: string): Manifest {
  const sections = tomlSections(text);
  const project = sections.get('project') ?? [];
  const optional = [...sections.entries()].filter(([name]) => name === 'project.optional-dependencies').flatMap(([, lines]) => lines);
  const poetry = tomlKeys(sections.get('tool.poetry.dependencies')).filter((k) => k !== 'python');
  const poetryDev = [...sections.entries()]
    .filter(([name]) => /^tool\.poetry\.(dev-dependencies|group\.[^.]+\.dependencies)$/.test(name))
    .flatMap(([, lines]) => tomlKeys(lines));
  const name = tomlString(project, 'name') ?? tomlString(sections.get('tool.poetry'), 'name');
  return {
    ecosystem: 'pypi',
    ...(name ? { name } : {}),
    dependencies: [
      ...requirementLines(tomlArray(project, 'dependencies'), false),
      ...poetry.map((n) => ({ name: n, dev: false })),
      ...requirementLines(
        optional.flatMap((l) => [...l.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)),
        true,
      ),
      ...poetryDev.map((n) => ({ name: n, dev: true })),
    ],
  };
}

function parseCargo(text: string): Manifest {
  const sections = tomlSections(text);
  const deps = (prefix: string, dev: boolean) => [
    ...tomlKeys(sections.get(prefix)).map((name) => ({ name, dev })),
    // `[dependencies.serde]` tables name one crate each.
    ...[...sections.keys()].filter((s) => s.startsWith(`${prefix}.`)).map((s) => ({ name: s.slice(prefix.length + 1), dev })),
  ];
  const name = tomlString(sections.get('package'), 'name');
  return {
    ecosystem: 'cargo',
    ...(name ? { name } : {}),
    dependencies: [...deps('dependencies', false), ...deps('dev-dependencies', true), ...deps('build-dependencies', true)],
  };
}

/** `require x v1` and `require ( … )` blocks; `// indirect` ones are what the direct ones pulled in. */
function parseGoMod(text: string): Manifest {
  const name = /^module\s+(\S+)/m.exec(text)?.[1];
  const lines: string[] = [];
  for (const block of text.matchAll(/^require\s*\(([\s\S]*?)^\)/gm)) lines.push(...block[1]!.split('\n'));
  for (const single of text.matchAll(/^require\s+([^(\s].*)$/gm)) lines.push(single[1]!);
  const dependencies = lines
    .filter((l) => !/\/\/\s*indirect/.test(l))
    .map((l) => ({ name: l.trim().split(/\s+/)[0] ?? '', dev: false }))
    .filter((d) => d.name !== '' && !d.name.startsWith('//'));
  return { ecosystem: 'go', ...(name ? { name } : {}), dependencies };
}

function parseGemfile(text: string): Manifest {
  const dependencies: { name: string; dev: boolean }[] = [];
  let devBlock = false;
  for (const line of text.split('\n')) {
    if (/^\s*group\b.*:(development|test)\b/.test(line)) devBlock = true;
    else if (/^end\b/.test(line)) devBlock = false;
    const gem = /^\s*gem\s+["']([^"']+)["']/.exec(line);
    if (gem) dependencies.push({ name: gem[1]!, dev: devBlock });
  }
  return { ecosystem: 'rubygems', dependencies };
}

/** `<dependency>` blocks of a simple pom: artifactId, and test scope as dev. Parent and plugins are not dependencies. */
function parsePom(text: string): Manifest {
  const withoutPlugins = text.replace(/<(plugins|parent|dependencyManagement)>[\s\S]*?<\/\1>/g, '');
  const dependencies = [...withoutPlugins.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].map((m) => ({
    name: /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(m[1]!)?.[1] ?? '',
    dev: /<scope>\s*test\s*<\/scope>/.test(m[1]!),
  }));
  const name = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(withoutPlugins.replace(/<dependencies>[\s\S]*?<\/dependencies>/g, ''))?.[1];
  return { ecosystem: 'maven', ...(name ? { name } : {}), dependencies };
}
