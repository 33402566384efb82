import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_DIST, ACTION_DIST_BANNER, buildAction } from '../../scripts/build-action.js';
import { findContentSkipReason } from '../../src/core/repo/skip-rules.js';
import { makeTempDir } from '../helpers/temp-repo.js';

describe('the committed Action build (action-dist/)', () => {
  it('is byte for byte what `npm run build:action` makes from src/ now', async () => {
    const fresh = makeTempDir('nanodex-action-dist-');
    await buildAction(fresh);

    const files = readdirSync(fresh).sort();
    expect(readdirSync(ACTION_DIST).sort(), 'run `npm run build:action` and commit action-dist/').toEqual(files);
    for (const file of files) {
      const same = readFileSync(path.join(ACTION_DIST, file)).equals(readFileSync(path.join(fresh, file)));
      expect(same, `action-dist/${file} is stale: run \`npm run build:action\` and commit it`).toBe(true);
    }
  });

  it('bundles the parse worker beside the entry, where parse-pool starts it from', () => {
    expect(readdirSync(ACTION_DIST).sort()).toEqual(['index.js', 'parse-worker.js']);
    expect(readFileSync(path.join(ACTION_DIST, 'index.js'), 'utf8')).toContain('"./parse-worker.js"');
  });

  it('starts every file with a marker the indexer takes for generated, so nanodex does not index its own bundle', () => {
    for (const file of readdirSync(ACTION_DIST)) {
      const bytes = readFileSync(path.join(ACTION_DIST, file));
      expect(bytes.toString('utf8').split('\n')[0], file).toBe(ACTION_DIST_BANNER);
      expect(findContentSkipReason(bytes, bytes.toString('utf8')), file).toBe('generated');
    }
  });
});
