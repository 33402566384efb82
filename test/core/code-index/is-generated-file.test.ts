import { describe, expect, it } from 'vitest';
import { isGeneratedFile, parseLinguistGenerated } from '../../../src/core/code-index/is-generated-file.js';
import { locateFiles } from '../../../src/core/explore/locate-files.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';
import { SAMPLE_FILES } from '../../helpers/sample-repo.js';

const shape = (path: string, size = 2_000, lines = 80) => ({ path, size, lines });

describe('isGeneratedFile', () => {
  it('knows build folders, bundle names, big .cjs builds and machine-written shapes', () => {
    expect(isGeneratedFile(shape('dist/index.js'))).toBe(true);
    expect(isGeneratedFile(shape('packages/core/dist/esm/index.js'))).toBe(true);
    expect(isGeneratedFile(shape('lib/got.umd.js'))).toBe(true);
    expect(isGeneratedFile(shape('index.cjs', 90_000, 3_000))).toBe(true);
    expect(isGeneratedFile(shape('vendor-free/app.js', 400_000, 40))).toBe(true);
    expect(isGeneratedFile(shape('source/core/index.ts', 78_000, 2_000))).toBe(false);
    expect(isGeneratedFile(shape('src/flask/app.py', 64_000, 1_500))).toBe(false);
    expect(isGeneratedFile(shape('bin/cli.cjs', 900, 30))).toBe(false);
  });

  it('knows vendored copies: library files named with a version, minified scripts, vendor folders', () => {
    expect(isGeneratedFile(shape('sphinx/themes/basic/static/jquery-3.2.1.js', 270_000, 10_000))).toBe(true);
    expect(isGeneratedFile(shape('sphinx/themes/basic/static/underscore-1.3.1.js'))).toBe(true);
    expect(isGeneratedFile(shape('static/js/app.min.js'))).toBe(true);
    expect(isGeneratedFile(shape('vendor/github.com/spf13/pflag/flag.go'))).toBe(true);
    expect(isGeneratedFile(shape('third_party/zlib/inflate.c'))).toBe(true);
    expect(isGeneratedFile(shape('sphinx/themes/basic/static/doctools.js'))).toBe(false);
    expect(isGeneratedFile(shape('src/v2/client.js'))).toBe(false);
    expect(isGeneratedFile(shape('scripts/migrate-2.js'))).toBe(false);
    expect(isGeneratedFile(shape('src/api-v2.1.js'))).toBe(false);
    expect(isGeneratedFile(shape('lib/migrate-1.2.js'))).toBe(false);
  });

  it('follows linguist-vendored as linguist-generated', () => {
    const vendored = parseLinguistGenerated('web/lib/** linguist-vendored\nweb/lib/ours.js linguist-vendored=false\n');
    expect(isGeneratedFile(shape('web/lib/chart.js'), vendored)).toBe(true);
    expect(isGeneratedFile(shape('web/lib/ours.js'), vendored)).toBe(false);
  });

  it('follows linguist-generated in .gitattributes, and its undoing', () => {
    const generated = parseLinguistGenerated(
      '# ours\n*.pb.ts linguist-generated\nsrc/gen/** linguist-generated=true\nsrc/gen/keep.ts -linguist-generated\n* text=auto\n',
    );
    expect(isGeneratedFile(shape('api/user.pb.ts'), generated)).toBe(true);
    expect(isGeneratedFile(shape('src/gen/client.ts'), generated)).toBe(true);
    expect(isGeneratedFile(shape('src/gen/keep.ts'), generated)).toBe(false);
    expect(isGeneratedFile(shape('src/client.ts'), generated)).toBe(false);
  });
});

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
