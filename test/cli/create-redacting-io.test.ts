import { describe, expect, it } from 'vitest';
import { createRedactingIo } from '../../src/cli/create-redacting-io.js';
import { captureIo } from '../helpers/cli-io.js';
import { buildSecretCorpus } from '../helpers/secret-corpus.js';

const token = buildSecretCorpus().find((s) => s.name === 'GitHub token ghp_')!;

describe('createRedactingIo', () => {
  it('writes every chunk redacted, in the order it was written, by the time flush resolves', async () => {
    const io = captureIo({ cwd: '/', tty: true });
    const redacting = createRedactingIo(io);
    for (let i = 0; i < 20; i += 1) redacting.stdout.write(`${i}: ${token.inCode}\n`);
    redacting.stderr.write(`error: ${token.value}\n`);
    await redacting.flush();
    expect(io.out().split('\n').slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => `${i}: const token = '[redacted]';`));
    expect(io.err()).toBe('error: [redacted]\n');
  });

  it('keeps what the progress bar asks of the real stream', () => {
    const redacting = createRedactingIo(captureIo({ cwd: '/', tty: true }));
    expect(redacting.stderr.isTTY).toBe(true);
  });
});
