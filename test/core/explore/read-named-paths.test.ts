import { describe, expect, it } from 'vitest';
import { findNamedFiles, readNamedPaths } from '../../../src/core/explore/read-named-paths.js';

const TREE = ['httpx/_client.py', 'httpx/_decoders.py', 'tests/test_decoders.py', 'docs/index.md', 'lib/a/util.py', 'lib/b/util.py'];

describe('readNamedPaths', () => {
  it('reads the repository path out of a GitHub permalink, an installed copy and an absolute path', () => {
    const text = [
      'See https://github.com/encode/httpx/blob/master/httpx/_client.py#L880-L902 and',
      '  File "/usr/lib/python3/dist-packages/httpx/_decoders.py", line 12, in decode',
      '  File "/home/me/venv/lib/python3.12/site-packages/httpx/_client.py", line 3, in send',
      'and C:\\work\\httpx\\httpx\\_client.py.',
    ].join('\n');
    expect(readNamedPaths(text)).toEqual(
      expect.arrayContaining([
        'httpx/_client.py',
        'httpx/_decoders.py',
        'home/me/venv/lib/python3.12/site-packages/httpx/_client.py',
        'work/httpx/httpx/_client.py',
      ]),
    );
  });

  it('reads nothing from plain words', () => {
    expect(readNamedPaths('add retries to the uploader')).toEqual([]);
  });
});

describe('findNamedFiles', () => {
  it('maps a path from elsewhere to the one file its longest ending names', () => {
    expect([...findNamedFiles(['home/me/checkout/httpx/_decoders.py'], TREE)]).toEqual(['httpx/_decoders.py']);
    expect([...findNamedFiles(['feature/x/httpx/_client.py'], TREE)]).toEqual(['httpx/_client.py']);
  });

  it('names nothing when the ending is shared by two files, or is a bare file name from another machine', () => {
    expect([...findNamedFiles(['home/me/lib/x/util.py'], TREE)]).toEqual([]);
    expect([...findNamedFiles(['opt/util.py'], TREE)]).toEqual([]);
  });

  it('keeps the direct rule: a path the tree has, or ends with', () => {
    expect([...findNamedFiles(['_decoders.py'], TREE)]).toEqual(['httpx/_decoders.py']);
  });
});
