import { readNamedPaths } from './read-named-paths.js';
import type { DiagramType, QuestionKind } from './types.js';

export interface PromptReading {
  kind: QuestionKind;
  diagramType: DiagramType | undefined;
  /** Code names the prompt mentions: `backticked`, camelCase, snake_case, dotted, PascalCase. */
  identifiers: string[];
  /** Paths or file names the prompt mentions. */
  paths: string[];
  /** The remaining content words (stop words dropped), for search. */
  words: string[];
}

const STOP = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'in',
  'on',
  'to',
  'for',
  'from',
  'with',
  'by',
  'is',
  'are',
  'was',
  'be',
  'it',
  'this',
  'that',
  'these',
  'those',
  'how',
  'what',
  'where',
  'which',
  'who',
  'why',
  'when',
  'does',
  'do',
  'did',
  'can',
  'could',
  'should',
  'would',
  'i',
  'we',
  'you',
  'me',
  'our',
  'my',
  'please',
  'show',
  'tell',
  'explain',
  'about',
  'into',
  'there',
  'here',
  'all',
  'any',
  'some',
  'code',
  'repo',
  'repository',
  'file',
  'files',
  'function',
  'class',
  'method',
  'defined',
  'define',
  'used',
  'uses',
  'use',
  'called',
  'call',
  'calls',
  'work',
  'works',
  'happens',
  'add',
  'make',
  'need',
  'want',
  'get',
  'let',
  'us',
]);

// Each rule: a question shape and the kind it signals. First match wins, in this order.
const KIND_RULES: [RegExp, QuestionKind][] = [
  [
    /\b(architecture|diagram|overview|structure|high[- ]level|modules? (and|of)|(every|all|each|all the) modules?|modules? in (this|the) (repo|repository|project|codebase)|components?|er[d ]|entity|schema|dependency graph|depend(s|encies) on)\b/i,
    'architecture',
  ],
  [
    /\b(who|what|which)\b.{0,40}\b(calls?|uses?|references?|imports?|depends? on)\b|\b(callers?|usages?|references?|used by|call sites?)\b|\bwhere is .{1,60} (used|called|referenced)\b/i,
    'usage',
  ],
  [
    /\bwhere (is|are|does)\b.{0,60}\b(defined|declared|implemented|live|come from)\b|\b(definition|declaration) of\b|\bfind (the )?(definition|class|function|method)\b|^\s*(where is|find|locate)\b/i,
    'definition',
  ],
  [
    /\b(add|implement|change|modify|refactor|fix|support|remove|rename|migrate|replace|introduce|extend|upgrade|what would .{0,30} touch|plan)\b/i,
    'change',
  ],
];

const FILE_EXTENSION = /\.(ts|tsx|js|jsx|mjs|cjs|py|go|rs|java|rb|c|h|cc|cpp|hpp|cs|php|json|ya?ml|toml|md|txt|rst|sql|sh)$/i;

const DIAGRAM_RULES: [RegExp, DiagramType][] = [
  [/\b(erd|entity[- ]relationship|data model|database schema|tables?)\b/i, 'erd'],
  [/\b(dependency|dependencies|imports? graph|packages?)\b/i, 'dependency'],
  [/\b(component|components)\b/i, 'component'],
  [/\b(architecture|diagram|overview|structure)\b/i, 'architecture'],
];

/** The diagram types, as `nanodex diagram TYPE` and the docs name them. */
export const DIAGRAM_TYPES: readonly DiagramType[] = ['architecture', 'component', 'dependency', 'erd'];

/** The diagram a prompt asks for; architecture when it names none. */
export function readDiagramType(prompt: string): DiagramType {
  return DIAGRAM_RULES.find(([re]) => re.test(prompt))?.[1] ?? 'architecture';
}

/**
 * The word a prompt gives as its diagram type when no type has that name
 * (`diagram flowchart`), or undefined. Only a prompt that is one plain word
 * (budget words aside) is read as a type: free text such as "how requests
 * reach the store" still gets the architecture.
 */
export function findUnknownDiagramType(prompt: string): string | undefined {
  const words = prompt.split(/\s+/).filter((word) => word !== '' && !/^[a-z]+=/i.test(word));
  if (words.length !== 1) return undefined;
  const [word] = words as [string];
  if (!/^[a-z][\w-]*$/i.test(word)) return undefined;
  return DIAGRAM_RULES.some(([re]) => re.test(word)) ? undefined : word;
}

/**
 * Reads a prompt the way seed 003's query analyzer does: what kind of
 * question it is, and which names, paths and words it mentions.
 */
export function readPrompt(prompt: string): PromptReading {
  const identifiers = new Set<string>();
  const paths = new Set<string>();
  // Inline code only: a fence's backticks (```) would pair with the next fence or span.
  for (const m of prompt.replace(/^\s*(```|~~~).*$/gm, '').matchAll(/`([^`]{1,120})`/g)) {
    const inner = m[1]!.trim();
    // A path has a slash or a known file extension; `Request.hooks` is a dotted name, not a file.
    if ((/[/\\]/.test(inner) || FILE_EXTENSION.test(inner)) && !/\s/.test(inner) && !/\(\)$/.test(inner))
      paths.add(inner.replace(/^\.\//, ''));
    else identifiers.add(inner.replace(/\(\)$/, ''));
  }
  // A name written as a call (`add()`, `queue.onIdle()`) is code, however plain the word.
  for (const m of prompt.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\(\)/g)) identifiers.add(m[1]!);
  for (const m of prompt.matchAll(
    /(?:^|[\s(])((?:[\w.-]+\/)+[\w.-]+|[\w-]+\.(?:ts|tsx|js|jsx|mjs|py|go|rs|java|rb|c|h|cc|cpp|hpp|cs|php|json|ya?ml|toml|md))(?=$|[\s),:;?!])/g,
  )) {
    paths.add(m[1]!.replace(/^\.\//, '').replace(/[.,]$/, ''));
  }
  for (const named of readNamedPaths(prompt)) paths.add(named);
  for (const m of prompt.matchAll(/\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\b/g)) {
    const word = m[0];
    if (isIdentifierLike(word) && ![...paths].some((p) => p.includes(word))) identifiers.add(word.replace(/\(\)$/, ''));
  }
  const words = [...new Set((prompt.toLowerCase().match(/[a-z][a-z0-9_]+/g) ?? []).filter((w) => !STOP.has(w) && w.length > 2))];
  let kind: QuestionKind = 'flow';
  const prose = withoutCodeNames(prompt);
  for (const [re, k] of KIND_RULES) {
    if (re.test(prose)) {
      kind = k;
      break;
    }
  }
  // "where is X" with a code name and no usage words is a definition question.
  if (kind === 'flow' && identifiers.size > 0 && /^\s*(where|what) is\b/i.test(prompt)) kind = 'definition';
  const diagramType = kind === 'architecture' ? readDiagramType(prompt) : undefined;
  return { kind, diagramType, identifiers: [...identifiers], paths: [...paths], words };
}

/**
 * The prompt with its code names blanked: what kind of question it is is said
 * in its prose. `Schema.load`, `Component.render()` or `entity_id` named as code is not
 * a question about the schema, the components or the entities ("how does
 * Schema.load handle unknown fields" is a flow question, not an architecture
 * one): backticked spans, calls (`render()`) and code-like names (dotted,
 * camelCase, snake_case) are blanked; a plain word is prose.
 */
function withoutCodeNames(prompt: string): string {
  return prompt
    .replace(/`[^`]{1,120}`/g, ' _ ')
    .replace(/\b[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g, (word) => (word.endsWith('()') || isIdentifierLike(word) ? '_' : word));
}

/** camelCase, PascalCase with an inner capital, snake_case, SCREAMING_CASE, dotted.names. */
function isIdentifierLike(word: string): boolean {
  if (word.length < 3) return false;
  if (word.includes('.')) return word.split('.').every((p) => p.length > 0) && /[a-z]/.test(word) && !/^\d/.test(word);
  if (/_/.test(word) && /[a-z0-9]_[a-z0-9]|^[A-Z0-9_]{4,}$/i.test(word)) return true;
  if (/^[a-z]+[A-Z]/.test(word)) return true; // camelCase
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(word)) return true; // PascalCase with two humps
  return false;
}
