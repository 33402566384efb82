import type { Skill } from '../../src/core/skills/types.js';

/**
 * Seed 001's relevance score, kept as the floor the router must beat:
 * whitespace words, lowercased, eleven stop words removed, no stemming;
 * score = common words / sqrt(|user| × |skill description|); the best skill
 * wins, and nanodex-explaining when nothing overlaps.
 */
const STOPWORDS = new Set(['the', 'a', 'an', 'is', 'are', 'to', 'for', 'of', 'in', 'on', 'at']);

function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && !STOPWORDS.has(w));
}

export function routeByWordOverlap(text: string, skills: Skill[]): string {
  const user = tokenize(text);
  let best = { name: 'nanodex-explaining', score: 0 };
  for (const skill of skills) {
    const words = tokenize(skill.description);
    const common = user.filter((w) => words.includes(w)).length;
    const score = user.length === 0 || words.length === 0 ? 0 : common / Math.sqrt(user.length * words.length);
    if (score > best.score) best = { name: skill.name, score };
  }
  return best.name;
}
