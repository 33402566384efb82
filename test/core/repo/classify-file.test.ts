import { describe, expect, it } from 'vitest';
import {
  classifyFile,
  createFileClassifier,
  isGeneratedOrVendored,
  isProductCode,
  type FileFacts,
} from '../../../src/core/repo/classify-file.js';
import { parseLinguistGenerated } from '../../../src/core/repo/parse-linguist-generated.js';
import { findPathSkipReason } from '../../../src/core/repo/skip-rules.js';

const shape = (size = 2_000, lines = 80) => ({ size, lines });
const kind = (path: string, facts: FileFacts = shape(), linguist?: (path: string) => boolean) => classifyFile(path, facts, linguist).kind;

describe('classifyFile', () => {
  it('knows build folders, bundle names, big .cjs builds and machine-written shapes', () => {
    expect(kind('dist/axios.js', shape(144_534, 4_288))).toBe('generated');
    expect(kind('packages/core/dist/esm/index.js')).toBe('generated');
    expect(kind('action-dist/index.js')).toBe('generated');
    expect(kind('lib/got.umd.js')).toBe('generated');
    expect(kind('index.cjs', shape(90_000, 3_000))).toBe('generated');
    expect(kind('vendor-free/app.js', shape(400_000, 40))).toBe('generated');
    expect(kind('source/core/index.ts', shape(78_000, 2_000))).toBe('product');
    expect(kind('src/flask/app.py', shape(64_000, 1_500))).toBe('product');
    expect(kind('bin/cli.cjs', shape(900, 30))).toBe('product');
    expect(kind('src/distance.ts')).toBe('product');
  });

  it('knows vendored copies: library files named with a version, vendor folders', () => {
    expect(kind('sphinx/themes/basic/static/jquery-3.2.1.js', shape(270_000, 10_000))).toBe('vendored');
    expect(kind('sphinx/themes/basic/static/underscore-1.3.1.js')).toBe('vendored');
    expect(kind('vendor/github.com/spf13/pflag/flag.go')).toBe('vendored');
    expect(kind('third_party/zlib/inflate.c')).toBe('vendored');
    expect(kind('web/vendors/chart.js')).toBe('vendored');
    expect(kind('node_modules/x/test/a.test.js')).toBe('vendored');
    expect(kind('sphinx/themes/basic/static/doctools.js')).toBe('product');
    expect(kind('src/v2/client.js')).toBe('product');
    expect(kind('scripts/migrate-2.js')).toBe('product');
    expect(kind('src/api-v2.1.js')).toBe('product');
    expect(kind('lib/migrate-1.2.js')).toBe('product');
  });

  it('knows type declarations, which describe code elsewhere', () => {
    expect(kind('index.d.ts')).toBe('declaration');
    expect(kind('index.d.cts')).toBe('declaration');
    expect(kind('types/api.d.mts')).toBe('declaration');
    expect(kind('pkg/_speedups.pyi')).toBe('declaration');
    expect(kind('src/d.ts')).toBe('product');
  });

  it("knows a tool's config written as code, wherever it sits", () => {
    for (const path of [
      'eslint.config.js',
      'vitest.config.ts',
      'packages/web/vite.config.mts',
      'karma.conf.js',
      '.dependency-cruiser.cjs',
      '.eslintrc.cjs',
      'Gruntfile.js',
      'setup.py',
    ])
      expect(kind(path)).toBe('config');
    expect(kind('lib/core/mergeConfig.js')).toBe('product');
    expect(kind('src/config.ts')).toBe('product');
    expect(kind('src/app-config.ts')).toBe('product');
  });

  it('leaves tests to is-test-file.ts, after build output and vendored code', () => {
    expect(kind('test/unit/adapters/http.js')).toBe('test');
    expect(kind('src/a.test.ts')).toBe('test');
    expect(kind('tests/conftest.py')).toBe('test');
    expect(kind('test/fixtures/app/dist/bundle.js')).toBe('generated');
  });

  it('follows the index: a file it skipped as minified or generated is generated, and none it skipped is product code', () => {
    expect(kind('test/manual/promise.js', { size: 17_952, lines: 0, skipped: 'minified' })).toBe('generated');
    expect(kind('lib/big.js', { size: 2_000_000, lines: 0, skipped: 'too-large' })).toBe('generated');
    expect(kind('src/app/env.ts', { size: 9_000, lines: 0, skipped: 'private-key' })).toBe('product');
    expect(isProductCode('src/app/env.ts', { size: 9_000, lines: 0, skipped: 'private-key' })).toBe(false);
    expect(isProductCode('src/app/env.ts', { size: 9_000, lines: 200 })).toBe(true);
  });

  it('says which files the index never reads, and skip-rules follows it', () => {
    expect(classifyFile('node_modules/left-pad/index.js')).toEqual({ kind: 'vendored', unread: 'vendored' });
    expect(classifyFile('dist/axios.min.js')).toEqual({ kind: 'generated', unread: 'generated' });
    expect(classifyFile('Cargo.lock')).toEqual({ kind: 'generated', unread: 'generated' });
    expect(classifyFile('dist/axios.js')).toEqual({ kind: 'generated' });
    expect(findPathSkipReason('vendor/a/b.go')).toBe('vendored');
    expect(findPathSkipReason('dist/axios.js.map')).toBe('generated');
    expect(findPathSkipReason('dist/axios.js')).toBeUndefined();
  });

  it('follows linguist-vendored and linguist-generated in .gitattributes, and their undoing', () => {
    const vendored = parseLinguistGenerated('web/lib/** linguist-vendored\nweb/lib/ours.js linguist-vendored=false\n');
    expect(isGeneratedOrVendored('web/lib/chart.js', shape(), vendored)).toBe(true);
    expect(isGeneratedOrVendored('web/lib/ours.js', shape(), vendored)).toBe(false);
    const generated = parseLinguistGenerated(
      '# ours\n*.pb.ts linguist-generated\nsrc/gen/** linguist-generated=true\nsrc/gen/keep.ts -linguist-generated\n* text=auto\n',
    );
    expect(kind('api/user.pb.ts', shape(), generated)).toBe('generated');
    expect(kind('src/gen/client.ts', shape(), generated)).toBe('generated');
    expect(kind('src/gen/keep.ts', shape(), generated)).toBe('product');
    expect(kind('src/client.ts', shape(), generated)).toBe('product');
  });
});

describe('createFileClassifier', () => {
  // Files of shared folders, each asked in turn: what one file's folder was read as must hold for its neighbours.
  const tree: [string, FileFacts][] = [
    ['test/a.test.ts', shape()],
    ['test/helpers/b.js', shape()],
    ['test/helpers/c.spec.js', shape()],
    ['test/mocks/d.ts', shape()],
    ['test/setup.ts', shape()],
    ['test/Test.java', shape()],
    ['lib/test_helpers.rb', shape()],
    ['test/test_x.rb', shape()],
    ['crate/tests/it.rs', shape()],
    ['crate/src/lib.rs', shape()],
    ['src/fixtures/e.py', shape()],
    ['src/app.py', shape()],
    ['src/app.pyi', shape()],
    ['src/bundle.min.js', shape()],
    ['src/big.js', shape(400_000, 40)],
    ['src/skipped.js', { ...shape(), skipped: 'generated' }],
    ['src/key.pem.js', { ...shape(), skipped: 'secret' }],
    ['src/eslint.config.js', shape()],
    ['node_modules/x/test/a.test.js', shape()],
    ['web/vendors/chart.js', shape()],
    ['web/vendors/jquery-3.2.1.js', shape()],
    ['packages/core/dist/esm/index.js', shape()],
    ['action-dist/index.js', shape()],
    ['main.go', shape()],
    ['main_test.go', shape()],
    ['setup.py', shape()],
    ['Cargo.lock', shape()],
  ];

  it("gives classifyFile's answer for every file of a tree whose folders it reads once", () => {
    const classify = createFileClassifier();
    for (const [path, facts] of [...tree, ...tree]) expect([path, classify(path, facts)]).toEqual([path, classifyFile(path, facts)]);
  });

  it("follows the repository's own linguist attributes file by file within a folder", () => {
    const generated = parseLinguistGenerated('src/gen/** linguist-generated\nsrc/gen/keep.ts -linguist-generated\n');
    const classify = createFileClassifier();
    expect(classify('src/gen/client.ts', shape(), generated).kind).toBe('generated');
    expect(classify('src/gen/keep.ts', shape(), generated).kind).toBe('product');
  });
});
