import { describe, expect, it } from 'vitest';
import { fence } from '../../../src/core/render/markdown.js';
import { redactReviewComment } from '../../../src/core/review/redact-review-comment.js';
import { findLeaks } from '../../helpers/find-leaks.js';
import { buildSecretCorpus } from '../../helpers/secret-corpus.js';

const token = buildSecretCorpus().find((s) => s.name === 'GitHub token ghp_')!;

describe('redactReviewComment', () => {
  it('redacts a secret in the quoted code and the text', async () => {
    const body = `${fence(token.inCode, 'ts')}\n\n**Problem:** ${token.value} is a live token.`;
    const out = await redactReviewComment(body);
    expect(findLeaks(out.body, [token])).toEqual([]);
    expect(out.secrets).toBe(2);
  });

  it('leaves out a suggestion that held a secret, rather than offer to commit the marker', async () => {
    const body = `Move it to the environment.\n\n${fence(`const token = '${token.value}';`, 'suggestion')}\n\n<sub>nanodex · model</sub>`;
    const out = await redactReviewComment(body);
    expect(out.body).not.toContain('```suggestion');
    expect(out.body).toContain('A suggested change was left out: it held a secret');
    expect(out.body).toContain('<sub>nanodex · model</sub>');
    expect(findLeaks(out.body, [token])).toEqual([]);
  });

  it('keeps a suggestion without secrets exactly as it was', async () => {
    const body = `Read it from the environment.\n\n${fence('const token = process.env.GITHUB_TOKEN;', 'suggestion')}`;
    expect(await redactReviewComment(body)).toEqual({ body, secrets: 0 });
  });
});
