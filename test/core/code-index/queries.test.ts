import { describe, expect, it } from 'vitest';
import type { LanguageId } from '../../../src/core/code-index/languages.js';
import { GRAMMAR_FILE } from '../../../src/core/code-index/languages.js';
import { loadGrammar } from '../../../src/core/code-index/load-grammars.js';
import { TAGS_QUERIES } from '../../../src/core/code-index/queries/index.js';

const LANGUAGES = Object.keys(GRAMMAR_FILE) as LanguageId[];

describe('the tags queries', () => {
  it('cover every language nanodex parses', () => {
    expect(Object.keys(TAGS_QUERIES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('compile against the %s grammar', async (id) => {
    const grammar = await loadGrammar(id);
    expect(grammar).toBeDefined();
    expect(grammar!.query.patternCount()).toBeGreaterThan(0);
    expect(grammar!.query.captureNames).toContain('name');
  });

  it.each(LANGUAGES)('use only the capture names extract-tags understands, for %s', async (id) => {
    const grammar = await loadGrammar(id);
    const known =
      /^(name|name\.\w+|scope|container|receiver|binding\.(name|type|call|module|member)|import\.source|import\.module|_.*|definition\.(function|method|class|interface|type|enum|module|struct|trait|constant|field|macro)|reference\.(call|new|type|inherit|import))$/;
    expect(grammar!.query.captureNames.filter((c) => !known.test(c))).toEqual([]);
  });
});
