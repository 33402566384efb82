import { isOneEditApart, QUESTION_WORDS, toRoutingTerms, type RoutingTerm } from './routing-terms.js';
import {
  findCommand,
  isSkillCommand,
  SKILL_COMMANDS,
  SKILL_FOR_COMMAND,
  type Command,
  type SkillCommand,
} from '../commands/command-table.js';
import type { Skill } from './types.js';

/**
 * Weights of what a request's words can match in a skill (see skills/README.md):
 * a quoted trigger of the description's "Triggers on" sentence, a trigger
 * listed in metadata.triggers, a part of the name, any other description word.
 */
const WEIGHT = { trigger: 3, extraTrigger: 2, name: 2, description: 1 } as const;
/** A phrase trigger ("how does", "go ahead") adds this per word past the first: a phrase is stronger evidence than a word. */
const PHRASE_BONUS_PER_WORD = 1;
/**
 * The first content word of a request counts this much more: in an
 * imperative ("simplify the error handling", "apply the fix") the verb is
 * the intent and the rest is the topic. Not for question words.
 */
const LEAD_FACTOR = 1.5;
/** A misspelt trigger ("explian", "refactr") counts at this share of the trigger. */
const TYPO_FACTOR = 0.8;
/**
 * Below this score free text falls back to explaining. One trigger word (3 ×
 * its rarity, ≥ 1) clears it; two generic description words do not.
 * Chosen on the labelled set in test/core/skills/routing-prompts.ts.
 */
export const ROUTE_THRESHOLD = 1.5;

export interface RouteResult {
  command: Command;
  /** The skill to run; undefined for map, find, refs and help, which answer from the index. */
  skill: Skill | undefined;
  /** The request without its command word. */
  prompt: string;
  how: 'command' | 'scored' | 'fallback';
  /** The chosen skill's score (0 for commands and the fallback). */
  score: number;
  /** Every skill's score, best first. */
  scores: { name: string; score: number }[];
}

/** The command a skill's output is: `metadata.command`, else explain. */
export function toSkillCommand(skill: Skill): SkillCommand {
  const command = skill.metadata.command;
  return typeof command === 'string' && isSkillCommand(command) ? command : 'explain';
}

/**
 * Picks the command and skill for a request: an explicit command (or a
 * skill's exact name) as the first word wins; otherwise the text is scored
 * against every skill and the best one over ROUTE_THRESHOLD is used, else
 * nanodex-explaining.
 */
export function routeRequest(text: string, skills: Skill[]): RouteResult {
  const trimmed = text.trim().replace(/^@nanodex(?:\[bot\])?(?=[\s,:]|$)[\s,:]*/i, '');
  const byName = (name: string) => skills.find((s) => s.name === name);
  const explicit = findExplicitCommand(trimmed, skills);
  if (explicit !== undefined) {
    const skill = explicit.skill ?? (isSkillCommand(explicit.command) ? byName(SKILL_FOR_COMMAND[explicit.command]) : undefined);
    return { command: explicit.command, skill, prompt: explicit.rest, how: 'command', score: 0, scores: [] };
  }
  if (trimmed === '') return { command: 'help', skill: undefined, prompt: '', how: 'fallback', score: 0, scores: [] };

  const scores = scoreSkills(trimmed, skills);
  const best = scores[0];
  if (best !== undefined && best.score >= ROUTE_THRESHOLD) {
    const skill = byName(best.name);
    if (skill !== undefined) return { command: toSkillCommand(skill), skill, prompt: trimmed, how: 'scored', score: best.score, scores };
  }
  return { command: 'explain', skill: byName(SKILL_FOR_COMMAND.explain), prompt: trimmed, how: 'fallback', score: 0, scores };
}

function findExplicitCommand(text: string, skills: Skill[]): { command: Command; skill?: Skill; rest: string } | undefined {
  const match = /^\/?([A-Za-z][\w-]*)[:,]?(?:\s+|$)/.exec(text);
  if (match === null) return undefined;
  const word = (match[1] ?? '').toLowerCase();
  const rest = text.slice(match[0].length).trim();
  const command = findCommand(word);
  if (command === undefined) {
    // A skill's exact name picks it; command words come first so a skill cannot shadow them.
    const named = skills.find((s) => s.name === word);
    return named === undefined ? undefined : { command: toSkillCommand(named), skill: named, rest };
  }
  // "work out why…", "map out the entities", "find out where…" are English, not commands.
  if (/^out\b/i.test(rest)) return undefined;
  // "help me understand auth" is a question; "help" alone or "help plan" asks for usage.
  if (command === 'help' && rest !== '' && findCommand(rest.toLowerCase().replace(/^\//, '')) === undefined) return undefined;
  return { command, rest };
}

interface Vocabulary {
  skill: Skill;
  words: Map<string, number>;
  phrases: { stems: string[]; content: string[]; weight: number }[];
}

/** Weighted overlap of the request's words and phrases with each skill's, best first. */
export function scoreSkills(text: string, skills: Skill[]): { name: string; score: number }[] {
  const vocabularies = skills.map(toVocabulary);
  const rarity = toRarity(vocabularies);
  const terms = toRoutingTerms(text);
  const content = new Map<string, number>();
  for (const term of terms) {
    if (term.stop) continue;
    const leads = content.size === 0 && !QUESTION_WORDS.has(term.word);
    const weight = leads ? term.weight * LEAD_FACTOR : term.weight;
    content.set(term.stem, Math.max(content.get(term.stem) ?? 0, weight));
  }
  const order = (skill: Skill) => {
    const index = SKILL_COMMANDS.findIndex((c) => SKILL_FOR_COMMAND[c] === skill.name);
    return index < 0 ? SKILL_COMMANDS.length : index;
  };
  return vocabularies
    .map((v) => ({ name: v.skill.name, score: round(scoreOne(v, terms, content, rarity)), order: order(v.skill) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ name, score }) => ({ name, score }));
}

function scoreOne(v: Vocabulary, terms: RoutingTerm[], content: Map<string, number>, rarity: (stem: string) => number): number {
  let score = 0;
  for (const [stem, termWeight] of content) {
    const exact = v.words.get(stem);
    if (exact !== undefined) {
      score += exact * rarity(stem) * termWeight;
      continue;
    }
    if (stem.length < 5) continue;
    for (const [word, weight] of v.words) {
      if (weight > WEIGHT.description && isOneEditApart(stem, word)) {
        score += weight * TYPO_FACTOR * rarity(word) * termWeight;
        break;
      }
    }
  }
  // A phrase matches stem for stem, or, skipping stop words, on its exact
  // content words ("execute the plan" for "execute plan"; exact, because
  // stems would make "implement the plan" an "implementation plan").
  const stems = terms.map((t) => t.stem);
  const contentWords = terms.filter((t) => !t.stop).map((t) => t.word);
  for (const phrase of v.phrases) {
    if (containsRun(stems, phrase.stems) || (phrase.content.length > 1 && containsRun(contentWords, phrase.content))) {
      score += phrase.weight + PHRASE_BONUS_PER_WORD * (phrase.stems.length - 1);
    }
  }
  return score;
}

/** Skills are loaded once per run and routed many times (the labelled set, a busy App): build each vocabulary once. */
const vocabularyCache = new WeakMap<Skill, Vocabulary>();

function toVocabulary(skill: Skill): Vocabulary {
  const cached = vocabularyCache.get(skill);
  if (cached !== undefined) return cached;
  const vocabulary = buildVocabulary(skill);
  vocabularyCache.set(skill, vocabulary);
  return vocabulary;
}

function buildVocabulary(skill: Skill): Vocabulary {
  const words = new Map<string, number>();
  const phrases: Vocabulary['phrases'] = [];
  const add = (text: string, weight: number, asTrigger: boolean) => {
    const terms = toRoutingTerms(text);
    if (asTrigger && terms.length > 1) {
      phrases.push({ stems: terms.map((t) => t.stem), content: terms.filter((t) => !t.stop).map((t) => t.word), weight });
    } else for (const t of terms) if (!t.stop) words.set(t.stem, Math.max(words.get(t.stem) ?? 0, weight));
  };
  add(skill.description, WEIGHT.description, false);
  add(
    skill.name
      .split('-')
      .filter((part) => part !== 'nanodex')
      .join(' '),
    WEIGHT.name,
    false,
  );
  const extra = skill.metadata.triggers;
  for (const t of typeof extra === 'string' ? extra.split(',') : (extra ?? [])) add(t, WEIGHT.extraTrigger, true);
  for (const t of skill.triggers) add(t, WEIGHT.trigger, true);
  return { skill, words, phrases };
}

/** Inverse document frequency over the skills, scaled to (0, 1]: a word every skill has counts a third as much as a word only one has. */
function toRarity(vocabularies: Vocabulary[]): (stem: string) => number {
  const n = vocabularies.length;
  const top = Math.log(1 + n);
  return (stem) => {
    const df = vocabularies.filter((v) => v.words.has(stem)).length;
    return df === 0 ? 1 : Math.log(1 + n / df) / top;
  };
}

function containsRun(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
