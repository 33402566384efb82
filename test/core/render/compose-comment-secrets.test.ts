import { describe, expect, it } from 'vitest';
import { composeComment } from '../../../src/core/render/compose-comment.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const corpus = buildSecretCorpus();
const tree = { sha: undefined, htmlUrl: undefined, lineCount: () => 100 };

describe('composeComment', () => {
  it('redacts secrets in prose and in code before the comment is fitted, and counts them', async () => {
    const prose = corpus
      .filter((s) => !s.value.includes('\n'))
      .map((s) => `- ${s.inCode}`)
      .join('\n');
    const code = corpus
      .filter((s) => s.value.includes('\n'))
      .map((s) => `\`\`\`\n${s.inCode}\n\`\`\``)
      .join('\n\n');
    const { body, check } = await composeComment(
      [
        { title: 'answer', essential: true, text: prose },
        { title: 'code', text: code },
      ],
      { tree, metrics: undefined },
    );
    expect(findLeaks(body, corpus)).toEqual([]);
    expect(check.sanitized.secrets).toBeGreaterThanOrEqual(corpus.length);
    expect(check.trimmed).toEqual([]);
  });
});
