import { splitCode } from './split-code.js';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * A reply as a terminal shows it: the `&lt;` and `&gt;` the comment renderer
 * writes so GitHub draws `Store<T>` or `focus=<folder>` as text are turned
 * back into the characters. Code spans and fences are left as they are:
 * there the entity is what the code says.
 */
export function toTerminalText(markdown: string): string {
  return splitCode(markdown)
    .map(({ text, isCode }) => (isCode ? text : text.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity] ?? entity)))
    .join('');
}
