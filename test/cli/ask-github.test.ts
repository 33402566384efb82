import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import nock from 'nock';
import { create } from 'tar';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/cli-context.js';
import { runCli } from '../../src/cli/run-cli.js';
import { blobBody, file, github, HEAD_SHA, mockMetadata, treeBody } from '../github/github-nock.js';
import { captureIo } from '../helpers/cli-io.js';
import { makeTempDir, writeFiles } from '../helpers/temp-repo.js';

const FILES: Record<string, string> = {
  'src/http/headers.ts': "export function splitHeaders(head: string) {\n  return head.split('\\n');\n}\n",
  'src/http/parse-http-request.ts':
    "import { splitHeaders } from './headers.js';\nexport function parseHttpRequest(raw: string) {\n  return splitHeaders(raw);\n}\n",
  'README.md': '# r\n',
};

async function tarball(): Promise<Buffer> {
  const top = `o-r-${HEAD_SHA.slice(0, 7)}`;
  const staging = makeTempDir();
  writeFiles(path.join(staging, top), FILES);
  const archive = path.join(makeTempDir(), 'r.tar.gz');
  await create({ gzip: true, cwd: staging, file: archive, portable: true }, [top]);
  return readFileSync(archive);
}

describe('nanodex ask --repo <GitHub URL>', () => {
  it('indexes the commit from one tarball, then reads through the API, each blob once', async () => {
    const body = await tarball();
    const codeload = `/o/r/legacy.tar.gz/${HEAD_SHA}`;
    mockMetadata(github())
      .get(`/repos/o/r/tarball/${HEAD_SHA}`)
      .reply(302, '', { location: `https://codeload.github.com${codeload}` })
      .get(`/repos/o/r/git/trees/${HEAD_SHA}`)
      .query({ recursive: '1' })
      .reply(200, treeBody(Object.entries(FILES).map(([p, c]) => file(p, c))))
      .get(`/repos/o/r/git/blobs/${file('src/http/headers.ts', FILES['src/http/headers.ts']!).sha}`)
      .reply(200, blobBody(FILES['src/http/headers.ts']!));
    nock('https://codeload.github.com')
      .get(codeload)
      .reply(200, () => Readable.from([body]), { 'content-type': 'application/x-gzip' });

    const io = captureIo({ cwd: makeTempDir(), env: { NANODEX_DATA_DIR: makeTempDir() } });
    const code = await runCli(['ask', '--json', '--repo', 'https://github.com/o/r', 'where is splitHeaders defined?'], io);
    expect(io.err()).toBe('');
    expect(code).toBe(EXIT.ok);
    const result = JSON.parse(io.out());
    expect(result.context.repo).toBe('o/r');
    expect(result.context.headSha).toBe(HEAD_SHA);
    expect(result.context.evidence.map((e: { path: string; blobSha: string }) => [e.path, e.blobSha])).toEqual([
      ['src/http/headers.ts', file('src/http/headers.ts', FILES['src/http/headers.ts']!).sha],
    ]);
    expect(result.metrics).toMatchObject({ urlDetected: true, filesTouched: 1 });
  });

  it('says what to pass when --repo is neither a folder nor a repository URL', async () => {
    const io = captureIo({ cwd: makeTempDir(), env: { NANODEX_DATA_DIR: makeTempDir() } });
    expect(await runCli(['ask', '--repo', 'https://gitlab.com/o/r', 'x'], io)).toBe(EXIT.failed);
    expect(io.err()).toContain('is neither a folder nor a GitHub repository URL');
  });
});
