import { describe, expect, it } from 'vitest';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';

/** A committed bundle of the sample's parser: every identifier of the source, once more. */
const WITH_BUNDLE = {
  ...SAMPLE_FILES,
  'dist/index.js':
    `${SAMPLE_FILES['src/http/parse-http-request.ts']!.replace(/: \w+/g, '')}\n${SAMPLE_FILES['src/http/headers.ts']!.replace(/: [\w<>, ]+/g, '')}\n`.repeat(
      3,
    ),
  'src/gen/http-client.ts': 'export function parseHttpRequestHeaders(raw: string) {\n  return raw; // parse http request headers\n}\n',
  '.gitattributes': 'src/gen/** linguist-generated\n',
};

describe('generated files in ranking and evidence', () => {
  it('leaves a committed bundle out of locate', async () => {
    const { ports } = await explorePorts(WITH_BUNDLE);
    const ranked = locateFiles(ports.index, 'parse http request headers').map((f) => f.path);
    expect(ranked).toContain('src/http/parse-http-request.ts');
    expect(ranked).not.toContain('dist/index.js');
  });

  it('ranks the bundle when the question is about the build', async () => {
    const { ports } = await explorePorts(WITH_BUNDLE);
    expect(locateFiles(ports.index, 'the dist bundle parses http request headers wrong').map((f) => f.path)).toContain('dist/index.js');
  });

  it('quotes no bundle and no linguist-generated file as evidence', async () => {
    const { ports, ask } = await explorePorts(WITH_BUNDLE);
    const result = await run(ask('how does parseHttpRequest parse http request headers'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const paths = result.context.evidence.map((e) => e.path);
    expect(paths).toContain('src/http/parse-http-request.ts');
    expect(paths).not.toContain('dist/index.js');
    expect(paths).not.toContain('src/gen/http-client.ts');
  });
});
