import { afterEach, describe, expect, it } from 'vitest';
import { SqliteCodeIndex } from '../../../src/core/code-index/code-index.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

describe('locateFiles', () => {
  it('puts the file that defines a named symbol first, and says why', async () => {
    repo = await indexSample();
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'fix the crash in splitHeaders on empty input');
    expect(files[0]).toMatchObject({ path: 'src/http/headers.ts' });
    expect(files[0]!.reason).toContain('defines splitHeaders');
  });

  it('finds files from plain words through their names and their code', async () => {
    repo = await indexSample();
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'retry failed uploads');
    expect(
      files
        .slice(0, 2)
        .map((f) => f.path)
        .sort(),
    ).toEqual(['tools/retry.py', 'tools/uploader.py']);
  });

  it('lifts files linked to a strong candidate', async () => {
    repo = await indexSample({
      'src/http/parse-http-request.ts':
        "import { splitLines } from '../text/lines.js';\nexport function parseHttpRequest(raw: string) {\n  return splitLines(raw);\n}\n",
      'src/text/lines.ts': "export function splitLines(s: string) {\n  return s.split('\\n');\n}\n",
      'src/other.ts': 'export function unrelated() {\n  return 1;\n}\n',
    });
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'parseHttpRequest');
    expect(files[0]!.path).toBe('src/http/parse-http-request.ts');
    // lines.ts shares no word with the question: only the import/call edge brings it in.
    expect(files.find((f) => f.path === 'src/text/lines.ts')?.reason).toMatch(/^linked to src\/http\/parse-http-request\.ts/);
    expect(files.map((f) => f.path)).not.toContain('src/other.ts');
  });

  it('stays inside a folder when asked', async () => {
    repo = await indexSample();
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'request headers retry', { pathPrefix: 'tools' });
    expect(files.every((f) => f.path.startsWith('tools/'))).toBe(true);
  });

  it('ranks the source above its tests and docs that use the same words', async () => {
    repo = await indexSample({
      'src/retry.ts': 'export function retryUpload(attempts: number) {\n  return attempts;\n}\n',
      'test/retry.test.ts': "import { retryUpload } from '../src/retry.js';\n// retry upload attempts retry upload\nretryUpload(3);\n",
      'docs/retry.md': '# Retry upload\n\nRetry upload attempts. Retry upload again.\n',
    });
    expect(locateFiles(new SqliteCodeIndex(repo.store), 'retry upload attempts')[0]!.path).toBe('src/retry.ts');
  });

  it('gives a neighbour one boost, from its strongest link, however many links it has', async () => {
    const files: Record<string, string> = { 'src/hub.ts': 'export function hubThing() { return 1; }\n' };
    for (let i = 0; i < 5; i += 1) {
      files[`src/parse${i}.ts`] = `import { hubThing } from './hub.js';\nexport function parseRequest${i}() { return hubThing(); }\n`;
    }
    repo = await indexSample(files);
    const hub = locateFiles(new SqliteCodeIndex(repo.store), 'parse request').find((f) => f.path === 'src/hub.ts');
    expect(hub?.reason.match(/linked to/g)).toHaveLength(1);
  });

  it('finds a name the repository uses but never defines by an exact pass over its references', async () => {
    repo = await indexSample({
      'src/net/client.ts':
        "import { fetchWithRetry } from 'some-http-lib';\n\nexport function load(url: string) {\n  return fetchWithRetry(url);\n}\n",
      'src/timeouts.ts':
        'export function timeoutFor(kind: string) {\n  // calls time out: the timeout of calls\n  return kind === "calls" ? 30 : 10;\n}\n',
    });
    const files = locateFiles(new SqliteCodeIndex(repo.store), 'calls to fetchWithRetry time out');
    expect(files[0]).toMatchObject({ path: 'src/net/client.ts' });
    expect(files[0]!.reason).toContain('uses fetchWithRetry');
  });
});
