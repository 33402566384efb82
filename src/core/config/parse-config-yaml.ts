import { isCollection, isMap, isPair, isScalar, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import type { ConfigPath, ConfigProblem } from './to-config-problems.js';

export type { ConfigPath } from './to-config-problems.js';

/** A settings file uses no anchors; a small bound keeps an alias bomb from costing anything. */
const MAX_ALIAS_COUNT = 10;

export type ConfigYaml =
  { ok: true; data: unknown; lineOf: (path: ConfigPath) => number | undefined } | { ok: false; problems: ConfigProblem[] };

/**
 * Safe YAML, as for skill frontmatter (skills/parse-frontmatter.ts): the core
 * schema (so `yes` stays a string), no custom tags, unique keys, no merge
 * keys, and any explicit tag refused. Every syntax error is reported with
 * its line, not only the first.
 */
export function parseConfigYaml(text: string, file: string): ConfigYaml {
  const lineCounter = new LineCounter();
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text.replace(/^\uFEFF/, ''), {
      schema: 'core',
      customTags: [],
      uniqueKeys: true,
      merge: false,
      strict: true,
      prettyErrors: false,
      lineCounter,
    });
  } catch (error) {
    // Absurd nesting can exhaust the parser's stack: a bad file, not a crash.
    return fail(
      '',
      `${file} could not be parsed (${error instanceof Error ? error.message : String(error)})`,
      'keep the file to plain "key: value" lines and short lists',
    );
  }
  const lineAt = (offset: number): number => lineCounter.linePos(offset).line;
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((error) => {
        const line = lineAt(error.pos[0]);
        return error.code === 'DUPLICATE_KEY'
          ? {
              path: '',
              line,
              message: 'a key is set twice, so which value counts would be a guess',
              fix: 'keep one of the two lines and delete the other',
            }
          : {
              path: '',
              line,
              message: `${file} is not valid YAML: ${error.message.split('\n')[0]}`,
              fix: 'check the indentation and quoting on that line; quote values that contain ": " or start with a special character',
            };
      }),
    };
  }
  const tagged = findExplicitTag(doc);
  if (tagged !== undefined) {
    return fail(
      tagged.path,
      `the YAML tag ${tagged.tag} is not allowed; tags can construct values other than text, numbers and lists`,
      `remove ${tagged.tag} and write the value plainly`,
      tagged.range?.[0] === undefined ? undefined : lineAt(tagged.range[0]),
    );
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    return fail(
      '',
      `${file} must be a mapping of settings ("review:", "access:", …), not a list or a single value`,
      'start the file with a top-level key such as "review:" and indent its settings under it',
      1,
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (cause) {
    return fail(
      '',
      `the anchors and aliases in ${file} expand too far (${cause instanceof Error ? cause.message : String(cause)})`,
      'write the values out instead of using "&anchor" and "*alias"',
    );
  }
  return { ok: true, data, lineOf: (path) => findLine(doc, path, lineAt) };
}

function fail(path: string, message: string, fix: string, line?: number): ConfigYaml {
  return { ok: false, problems: [{ path, message, fix, ...(line !== undefined ? { line } : {}) }] };
}

/** The line of the key (or item) a path names, or of the nearest enclosing one that exists. */
function findLine(doc: Document.Parsed, path: ConfigPath, lineAt: (offset: number) => number): number | undefined {
  let node: unknown = doc.contents;
  let line: number | undefined;
  for (const segment of path) {
    if (!isCollection(node)) break;
    const pair = isMap(node) ? node.items.find((p) => isScalar(p.key) && p.key.value === segment) : undefined;
    const next: unknown = isMap(node) ? pair?.value : node.get(segment as number, true);
    const at = (isScalar(pair?.key) ? pair.key.range : undefined) ?? (next as Node | undefined)?.range;
    if (at === undefined || at === null) break;
    line = lineAt(at[0]);
    node = next;
  }
  return line;
}

function findExplicitTag(doc: Document.Parsed): { tag: string; path: string; range: readonly number[] | undefined } | undefined {
  let found: { tag: string; path: string; range: readonly number[] | undefined } | undefined;
  visit(doc, {
    Node(_key, node, path) {
      if (node.tag === undefined) return undefined;
      const keys = path.filter(isPair).map((pair) => (isScalar(pair.key) ? String(pair.key.value) : '?'));
      found = { tag: node.tag.replace(/^tag:yaml\.org,2002:/, '!!'), path: keys.join('.'), range: node.range ?? undefined };
      return visit.BREAK;
    },
  });
  return found;
}
