import { describe, expect, it } from 'vitest';
import { findFileKind, findLanguage } from '../../../src/core/code-index/languages.js';

describe('findLanguage', () => {
  it('maps a file to its grammar by extension, a few by name, and .d.ts to TypeScript', () => {
    expect(findLanguage('src/app.PY')).toBe('python');
    expect(findLanguage('Rakefile')).toBe('ruby');
    expect(findLanguage('types/index.d.ts')).toBe('typescript');
    expect(findLanguage('README')).toBeUndefined();
  });

  it('finds no language for a file named after a member every object has', () => {
    for (const file of ['lib/constructor', 'src/x.toString', '__proto__', 'a.hasOwnProperty']) {
      expect(findLanguage(file), file).toBeUndefined();
      expect(findFileKind(file), file).toBeUndefined();
    }
  });
});
