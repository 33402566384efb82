import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

describe('explaining offline without named symbols', () => {
  it('says where the question matched instead of "nothing in the index matched" above the excerpts', async () => {
    const { ports, repo } = await explorePorts();
    const result = await run({ command: 'explain', prompt: 'how are uploads retried', repo: { kind: 'local', root: repo.root } }, ports);
    if (result.kind !== 'done' || !('comment' in result)) throw new Error(`unexpected ${result.kind}`);
    expect(result.comment.body).not.toContain('nothing in the index matched');
    expect(result.comment.body).toMatch(/tools\/uploader\.py lines \d+-\d+: matches the question/);
  });
});
