import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

/**
 * yaml is loaded on the first frontmatter parsed, not with the module: the built-in skills come from their
 * catalog (built-in-catalog.ts), so a command on a repository without skills of its own parses none.
 */
let yaml: typeof Yaml | undefined;
function loadYaml(): typeof Yaml {
  yaml ??= createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml;
}

/**
 * Aliases a frontmatter may expand. Real SKILL.md files use none; a small
 * bound keeps a "billion laughs" expansion from costing anything.
 */
const MAX_ALIAS_COUNT = 10;
/**
 * The Agent Skills fields fit in about 2 KB (a 1,024-character description
 * is the largest). Bounded well above that because the YAML parser's
 * duplicate-key check grows with the square of the key count: 6,000 keys
 * in a 64 KB file took 0.6 s (found by npm run fuzz).
 */
export const MAX_FRONTMATTER_CHARS = 16 * 1024;

type Failure = { ok: false; field?: string; message: string; fix: string };
export type FrontmatterResult = { ok: true; data: Record<string, unknown>; body: string } | Failure;

/**
 * Splits `---` frontmatter from the body and parses it as safe YAML: the
 * core schema with no custom tags, unique keys, no merge keys, and any
 * explicit tag refused (`!!js/function`, `!!binary`, `!foo`, even `!!str`):
 * a skill's fields are plain strings and lists, so a tag is never needed and
 * only widens what the parser will construct.
 */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  if (lines[0]?.trimEnd() !== '---') {
    return {
      ok: false,
      message: 'the file does not start with a frontmatter block, so it has no name or description',
      fix: 'begin the file with a line "---", then "name: <folder name>" and "description: …", then a closing "---" and the instructions',
    };
  }
  const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === '---');
  if (end < 0) {
    return {
      ok: false,
      message: 'the frontmatter is never closed: there is no second "---" line',
      fix: 'add a line "---" after the last frontmatter field, before the instructions',
    };
  }
  const yamlLines = lines.slice(1, end);
  const size = yamlLines.reduce((sum, line) => sum + line.length + 1, 0);
  if (size > MAX_FRONTMATTER_CHARS) {
    return {
      ok: false,
      message: `the frontmatter is ${size} characters, over the ${MAX_FRONTMATTER_CHARS}-character limit`,
      fix: 'keep the frontmatter to name, description and a few short fields; the instructions go below the closing "---"',
    };
  }
  const parsed = parseYaml(yamlLines.join('\n'), yamlLines);
  if (!parsed.ok) return parsed;
  return { ok: true, data: parsed.data, body: lines.slice(end + 1).join('\n') };
}

function parseYaml(yamlText: string, yamlLines: string[]): { ok: true; data: Record<string, unknown> } | Failure {
  const { isMap, parseDocument } = loadYaml();
  let doc;
  try {
    doc = parseDocument(yamlText, { schema: 'core', customTags: [], uniqueKeys: true, merge: false, strict: true, prettyErrors: false });
  } catch (error) {
    // The parser can exhaust the stack on absurd nesting; that is a bad file, not a crash.
    return {
      ok: false,
      message: `the frontmatter could not be parsed (${error instanceof Error ? error.message : String(error)})`,
      fix: 'keep the frontmatter to plain "key: value" lines and short lists',
    };
  }
  const [error] = doc.errors;
  if (error !== undefined) {
    // The parser's own positions count from inside the frontmatter; the file's first line is the opening "---".
    const yamlLine = yamlText.slice(0, error.pos[0]).split('\n').length;
    const at = ` on line ${yamlLine + 1}`;
    if (error.code === 'DUPLICATE_KEY') {
      const key = /^\s*([^:#\s][^:#]*?)\s*:/.exec(yamlLines[yamlLine - 1] ?? '')?.[1];
      return {
        ok: false,
        field: key,
        message: `the frontmatter sets ${key === undefined ? 'a key' : `"${key}"`} twice${at}, so which value counts would be a guess`,
        fix: 'keep one of the two lines and delete the other',
      };
    }
    return {
      ok: false,
      message: `the frontmatter is not valid YAML${at}: ${error.message.split('\n')[0]}`,
      fix: 'check the indentation and quoting on that line; quote values that contain ": " or start with a special character',
    };
  }
  const tagged = findExplicitTag(doc);
  if (tagged !== undefined) {
    return {
      ok: false,
      field: tagged.field,
      message: `the frontmatter uses the YAML tag ${tagged.tag}; tags can construct types other than text and lists, so nanodex refuses them`,
      fix: `remove the tag ${tagged.tag} and write the value as plain text (quoted if needed)`,
    };
  }
  if (!isMap(doc.contents)) {
    return {
      ok: false,
      message:
        doc.contents === null ? 'the frontmatter is empty' : 'the frontmatter is not a mapping of fields (it is a list or a single value)',
      fix: 'write the frontmatter as "key: value" lines, at least "name:" and "description:"',
    };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (cause) {
    return {
      ok: false,
      message: `the frontmatter's anchors and aliases expand too far (${cause instanceof Error ? cause.message : String(cause)})`,
      fix: 'write the values out instead of using "&anchor" and "*alias"',
    };
  }
  return { ok: true, data: data as Record<string, unknown> };
}

/** The first explicitly tagged node, and the dotted key path it sits under. */
function findExplicitTag(doc: Yaml.Document.Parsed): { tag: string; field: string | undefined } | undefined {
  const { isPair, isScalar, visit } = loadYaml();
  let found: { tag: string; field: string | undefined } | undefined;
  visit(doc, {
    Node(_key, node, path) {
      if (node.tag === undefined) return undefined;
      const keys = path.filter(isPair).map((pair) => (isScalar(pair.key) ? String(pair.key.value) : '?'));
      found = { tag: node.tag.replace(/^tag:yaml\.org,2002:/, '!!'), field: keys.length > 0 ? keys.join('.') : undefined };
      return visit.BREAK;
    },
  });
  return found;
}
