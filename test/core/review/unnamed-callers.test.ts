import { describe, expect, it } from 'vitest';
import { buildLinkTo } from '../../../src/core/render/link-to.js';
import { describeUnnamedCaller } from '../../../src/core/review/describe-unnamed-caller.js';
import { parseDiff } from '../../../src/core/review/parse-diff.js';
import { placeComments } from '../../../src/core/review/place-comments.js';
import { renderReview } from '../../../src/core/review/render-review.js';
import { reviewOffline } from '../../../src/core/review/review-offline.js';
import { makeReviewRepo } from './review-repo.js';

const TEST_FILE = [
  "import test from 'ava';",
  "import { drain } from '../source/drain.js';",
  '',
  'drain([]);',
  '',
  "test('drains every queued job', async t => {",
  '  const queue = [];',
  '  await drain(queue);',
  '});',
  '',
  "describe('when paused', () => {",
  '  beforeEach(() => {',
  '    drain([1]);',
  '  });',
  "  it.only(`keeps ${'the'} jobs`, () => drain([2]));",
  '});',
  '',
  '[1, 2].forEach(async (n) => {',
  '  await drain([n]);',
  '});',
  '',
].join('\n');

describe('where a call outside any named function sits', () => {
  it("names a function expression the index holds no symbol for, and a module's default export (axios)", () => {
    const adapter = [
      'export default isSupported && function httpAdapter(config) {',
      '  if (config) {',
      '    return buildFullPath(config.url);',
      '  }',
      '};',
      '',
    ].join('\n');
    expect(describeUnnamedCaller('lib/adapters/http.js', adapter, 3)).toEqual({ what: 'function', title: 'httpAdapter' });
    const resolve = ['export default (config) => {', '  return [1].map((x) => buildFullPath(config.url, x));', '};', ''].join('\n');
    expect(describeUnnamedCaller('lib/helpers/resolveConfig.js', resolve, 2)).toEqual({ what: 'the default export' });
    const nested = [
      'export default (config) => {',
      '  return [1].map((x) => {',
      '    return buildFullPath(config.url, x);',
      '  });',
      '};',
      '',
    ].join('\n');
    expect(describeUnnamedCaller('lib/helpers/resolveConfig.js', nested, 3)).toEqual({ what: 'a callback' });
  });

  it("names a JavaScript test's title, the describe block, a callback, or the module level", () => {
    const at = (line: number) => describeUnnamedCaller('test/drain.test.js', TEST_FILE, line);
    expect(at(4)).toEqual({ what: 'module level' });
    expect(at(8)).toEqual({ what: 'test', title: 'drains every queued job' });
    expect(at(13)).toEqual({ what: 'describe', title: 'when paused' });
    expect(at(15)).toEqual({ what: 'test', title: "keeps ${'the'} jobs" });
    expect(at(19)).toEqual({ what: 'a callback' });
  });

  it('leaves other languages at module level, where that is what it means', () => {
    expect(describeUnnamedCaller('tests/test_drain.py', 'drain([])\n', 1)).toEqual({ what: 'module level' });
  });

  it("says in the review which test calls a changed function, not 'module level' (p-queue's tests)", async () => {
    const repo = await makeReviewRepo(
      {
        'source/drain.js': 'export async function drain(queue) {\n  return queue.length;\n}\n',
        'test/drain.test.js': TEST_FILE.replace('drain([]);\n', ''),
      },
      { write: { 'source/drain.js': 'export async function drain(queue) {\n  return queue.splice(0).length;\n}\n' } },
    );
    const files = parseDiff(repo.diff);
    const review = await reviewOffline({ files, index: repo.index, base: repo.base, head: repo.head, readHead: repo.readHead });
    const { summary } = renderReview({
      review,
      placed: placeComments(files, review.drafts),
      madeWithModel: false,
      linkTo: buildLinkTo({ htmlUrl: 'https://github.com/o/r', sha: 'HEAD' }),
    });
    expect(summary.split('\n').filter((l) => l.includes('test/drain.test.js#'))).toEqual([
      '  - test `drains every queued job` at [test/drain.test.js#L7](https://github.com/o/r/blob/HEAD/test/drain.test.js#L7) (test)',
    ]);
  });
});
