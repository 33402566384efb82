import { describe, expect, it } from 'vitest';
import { cutAtLine, fitComment } from '../../../src/core/render/fit-comment.js';

describe('fitComment', () => {
  it('leaves out whole blocks, last first, and names them in a note before the footer', () => {
    const blocks = [
      { title: 'head', essential: true, text: '## Head' },
      { title: 'evidence', text: 'e'.repeat(80) },
      { title: 'gaps', text: 'g'.repeat(80) },
      { title: 'footer', essential: true, text: '<details>f</details>' },
    ];
    const { body, trimmed } = fitComment(blocks, 180);
    expect(trimmed).toEqual(['gaps']);
    expect(body.length).toBeLessThanOrEqual(180);
    expect(body).toMatchInlineSnapshot(`
      "## Head

      eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee

      > [!NOTE]
      > Trimmed to fit GitHub's comment limit: gaps.

      <details>f</details>"
    `);
  });

  it('cuts an essential block that alone is too long at a line boundary and closes its fence', () => {
    const code = `\`\`\`ts\n${Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n')}\n\`\`\``;
    const { body } = fitComment([{ title: 'answer', essential: true, text: code }], 1000);
    expect(body.length).toBeLessThanOrEqual(1000);
    expect(body.match(/```/g)).toHaveLength(2);
  });
});

describe('cutAtLine', () => {
  it('closes a longer fence with the same fence', () => {
    expect(cutAtLine('````md\n```\ninner\n```\nmore\nlines', 22)).toBe('````md\n```\ninner\n```\n````\n…(cut to fit)');
  });
});
