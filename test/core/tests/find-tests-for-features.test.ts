import { describe, expect, it } from 'vitest';
import { indexTree } from './indexed-tree.js';

// Suites named after features rather than files, read on sindresorhus/got and ky, google/gson, slimphp/Slim and
// pallets/flask, written here as small trees of the same shape: tests import everything from the package's entry,
// which re-exports it from the files that define it.
const AVA = JSON.stringify({ name: 'client', ava: { files: ['test/*'] } });
const GOT_LIKE = {
  'package.json': AVA,
  'source/index.ts': [
    "import {request} from './core/request.js';",
    '',
    'export default function client(url: string) {',
    '  return request(url);',
    '}',
    '',
    "export {default as calculateRetryDelay} from './core/calculate-retry-delay.js';",
    "export {HTTPError} from './errors/HTTPError.js';",
    "export * from './core/utils/timer.js';",
    '',
  ].join('\n'),
  'source/core/request.ts': [
    "import calculateRetryDelay from './calculate-retry-delay.js';",
    '',
    'export function request(url: string) {',
    '  return calculateRetryDelay(url.length);',
    '}',
    '',
  ].join('\n'),
  'source/core/calculate-retry-delay.ts': 'export default function calculateRetryDelay(attempt: number) {\n  return attempt * 1000;\n}\n',
  'source/errors/HTTPError.ts': 'export class HTTPError extends Error {\n  statusCode = 500;\n}\n',
  'source/core/utils/timer.ts': 'export function startTimings(label: string) {\n  return {label, start: 0};\n}\n',
  'test/retry.ts':
    "import test from 'ava';\nimport client from '../source/index.js';\n\ntest('retries', () => {\n  client('/flaky');\n});\n",
  'test/abort.ts': "import test from 'ava';\nimport client from '../source/index.js';\n\ntest('aborts', () => {\n  client('/slow');\n});\n",
  'test/fetch.ts':
    "import test from 'ava';\nimport client, {HTTPError} from '../source/index.js';\n\ntest('fetches', () => {\n  client('/');\n  new HTTPError();\n});\n",
  'test/http-error.ts':
    "import test from 'ava';\nimport client, {HTTPError} from '../source/index.js';\n\ntest('throws', () => {\n  client('/500');\n  new HTTPError();\n});\n",
  'test/arguments.ts':
    "import test from 'ava';\nimport {startTimings} from '../source/core/utils/timer.js';\n\ntest('times', () => {\n  startTimings('a');\n});\n",
  'test/timer-utils.ts':
    "import test from 'ava';\nimport {startTimings} from '../source/core/utils/timer.js';\n\ntest('timer', () => {\n  startTimings('b');\n});\n",
};

describe('findTestsFor, on suites named after features', () => {
  it("names the suite named after a feature of a file that tests reach only through the package's entry (got's retry.ts)", async () => {
    const tree = await indexTree(GOT_LIKE);
    expect(tree.find('source/core/calculate-retry-delay.ts')).toEqual({
      kind: 'found',
      tests: [{ path: 'test/retry.ts', how: 'named after a feature of it (retry)' }],
    });
  });

  it('ranks the suite named after a feature first among tests that import the file alike (timer-utils.ts for timer.ts)', async () => {
    const tree = await indexTree(GOT_LIKE);
    expect(tree.testsFor('source/core/utils/timer.ts')).toEqual(['test/timer-utils.ts', 'test/arguments.ts']);
  });

  it("reads a hyphenated test name as the file's name (ky's test/http-error.ts for errors/HTTPError.ts)", async () => {
    const tree = await indexTree(GOT_LIKE);
    expect(tree.testsFor('source/errors/HTTPError.ts')[0]).toBe('test/http-error.ts');
  });

  it('does not take a suite named after another file for a feature of this one', async () => {
    const tree = await indexTree({
      ...GOT_LIKE,
      'source/core/retry.ts': 'export function retryLater() {\n  return 1;\n}\n',
      'source/core/retry-delay.ts': 'export function delayRetry() {\n  return 2;\n}\n',
      'source/index.ts': `${GOT_LIKE['source/index.ts']}export * from './core/retry.js';\nexport * from './core/retry-delay.js';\n`,
    });
    expect(tree.testsFor('source/core/retry-delay.ts')).not.toContain('test/retry.ts');
  });

  it('keeps a test that imports the file directly before a suite named after a feature that only reaches it through others', async () => {
    const tree = await indexTree({
      'package.json': AVA,
      'source/index.ts': "export * from './response.js';\n",
      'source/response.ts': 'export function parseBody(text: string) {\n  return JSON.parse(text);\n}\n',
      'test/stream.ts':
        "import test from 'ava';\nimport {parseBody} from '../source/response.js';\n\ntest('streams', () => {\n  parseBody('{}');\n});\n",
      'test/response-parse.ts':
        "import test from 'ava';\nimport {parseBody} from '../source/index.js';\n\ntest('parses', () => {\n  parseBody('[]');\n});\n",
    });
    expect(tree.testsFor('source/response.ts')[0]).toBe('test/stream.ts');
  });

  it("names an interface's implementation's test before tests that import the interface for a type (Slim's RouteCollectorTest)", async () => {
    const php = (body: string) => `<?php\n\ndeclare(strict_types=1);\n\n${body}`;
    const tree = await indexTree({
      'phpunit.xml': '<phpunit><testsuites><testsuite name="all"><directory>tests</directory></testsuite></testsuites></phpunit>\n',
      'Slim/Interfaces/RouteCollectorInterface.php': php(
        'namespace Slim\\Interfaces;\n\ninterface RouteCollectorInterface\n{\n    public function map(string $pattern): void;\n}\n',
      ),
      'Slim/Routing/RouteCollector.php': php(
        'namespace Slim\\Routing;\n\nuse Slim\\Interfaces\\RouteCollectorInterface;\n\nclass RouteCollector implements RouteCollectorInterface\n{\n    public function map(string $pattern): void\n    {\n    }\n}\n',
      ),
      'tests/AppTest.php': php(
        'namespace Slim\\Tests;\n\nuse Slim\\Interfaces\\RouteCollectorInterface;\n\nclass AppTest extends TestCase\n{\n    public function testApp(RouteCollectorInterface $c): void\n    {\n    }\n}\n',
      ),
      'tests/Routing/RouteCollectorTest.php': php(
        'namespace Slim\\Tests\\Routing;\n\nuse Slim\\Routing\\RouteCollector;\n\nclass RouteCollectorTest extends TestCase\n{\n    public function testMap(): void\n    {\n        (new RouteCollector())->map("/");\n    }\n}\n',
      ),
    });
    expect(tree.testsFor('Slim/Interfaces/RouteCollectorInterface.php')[0]).toBe('tests/Routing/RouteCollectorTest.php');
  });
});
