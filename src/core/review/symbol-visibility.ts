import type { LanguageId } from '../code-index/languages.js';
import type { ParsedSymbol } from '../code-index/types.js';

/** Who can use a symbol from outside its file or class, as its language spells it. */
export type Visibility = 'exported' | 'not exported' | 'public' | 'protected' | 'private' | 'package';

const MODIFIERS = /\b(?:export|default|public|private|protected|internal|pub(?:\([^)]*\))?|declare)\b\s*/g;

/**
 * A symbol's visibility from its parsed signature and name: `export` for
 * top-level TypeScript/JavaScript, modifiers for class members and
 * Java/C#, a leading underscore in Python, capitalisation in Go, `pub` in
 * Rust. Undefined where the language has no such rule (C, Ruby, PHP
 * top level) or the symbol is local to a function.
 */
export function findVisibility(symbol: ParsedSymbol, language: LanguageId, isTopLevel: boolean): Visibility | undefined {
  const sig = symbol.signature;
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      if (isTopLevel) return /^export\b/.test(sig) ? 'exported' : 'not exported';
      if (symbol.kind !== 'method' && symbol.kind !== 'field') return undefined;
      if (symbol.name.startsWith('#')) return 'private';
      return memberModifier(sig) ?? 'public';
    case 'python': {
      if (symbol.name.startsWith('__') && symbol.name.endsWith('__')) return 'public';
      return symbol.name.startsWith('_') ? 'private' : 'public';
    }
    case 'go':
      return /^\p{Lu}/u.test(symbol.name) ? 'exported' : 'not exported';
    case 'rust':
      return /^pub\b/.test(sig) ? 'exported' : 'not exported';
    case 'java':
      return memberModifier(sig) ?? 'package';
    case 'csharp':
      return memberModifier(sig) ?? (/\binternal\b/.test(sig) ? 'package' : 'private');
    case 'php':
      return symbol.kind === 'method' ? (memberModifier(sig) ?? 'public') : undefined;
    default:
      return undefined;
  }
}

function memberModifier(signature: string): Visibility | undefined {
  const m = /\b(public|protected|private)\b/.exec(signature.split('(')[0] ?? '');
  return m ? (m[1] as Visibility) : undefined;
}

/**
 * The part of a signature that callers depend on: parameters and return
 * type, with visibility keywords and whitespace removed. An arrow function's
 * body is cut off (its "signature" is the whole declaration line).
 */
export function normalizeSignature(signature: string): string {
  const arrow = signature.indexOf('=>');
  const head = arrow >= 0 ? signature.slice(0, arrow) : signature;
  // A union's leading `|` (`type T =\n  | 'a'`) is layout, not a change.
  return head
    .replace(MODIFIERS, '')
    .replace(/\s+/g, '')
    .replace(/=\|/g, '=')
    .replace(/[;{]+$/, '');
}
