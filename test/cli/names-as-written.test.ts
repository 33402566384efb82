import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt, PROJECT_ROOT } from '../helpers/build-dist.js';
import { makeTempDir, makeTempRepo } from '../helpers/temp-repo.js';

/** The `nanodex` bin as users run it: a real process over a real folder. */
function nanodex(repo: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    [ensureBuilt('src/cli/main.js'), ...args, '--repo', repo, '--data-dir', path.join(repo, '.nanodex')],
    {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 240_000,
      env: { PATH: process.env.PATH ?? '', HOME: makeTempDir('nanodex-home-') },
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const FILES = {
  'httpx/__init__.py': 'from ._client import Client\nfrom ._decoders import ZStandardDecoder\n',
  'httpx/_client.py': [
    'from ._decoders import ZStandardDecoder',
    '',
    'class Client:',
    '    def __init__(self, timeout):',
    '        self.timeout = timeout',
    '',
    '    def send(self, request):',
    '        decoder = pick(request)',
    '        return decoder.decode(request)',
    '',
  ].join('\n'),
  'httpx/_decoders.py': [
    'class ZStandardDecoder:',
    '    def __init__(self):',
    '        self.decompressor = make()',
    '',
    '    def decode(self, data):',
    '        return self.decompressor.decode(data)',
    '',
    '    def flush(self):',
    '        return self.decode(b"")',
    '',
  ].join('\n'),
};

describe('the nanodex bin on names as users write them', () => {
  it('finds `client.send` and `client.timeout`, and explains them without a "no definition" gap', () => {
    const repo = makeTempRepo(FILES);
    const find = nanodex(repo, ['find', 'client.send']);
    expect(find.code).toBe(0);
    expect(find.stdout).toContain('httpx/_client.py:7-9  method send in Client');
    expect(nanodex(repo, ['find', 'client.timeout']).stdout).toContain('field timeout in Client');
    const explain = nanodex(repo, ['explain', 'what does client.send do with client.timeout']);
    expect(explain.code).toBe(0);
    expect(explain.stdout).not.toContain('no definition');
  }, 600_000);

  it('counts only the typed call of ZStandardDecoder.decode in plan and refs, and says what it could not tell', () => {
    const repo = makeTempRepo(FILES);
    const plan = nanodex(repo, ['plan', 'change ZStandardDecoder.decode']);
    expect(plan.code).toBe(0);
    const line = plan.stdout.split('\n').find((l) => l.startsWith('- `ZStandardDecoder.decode`'));
    expect(line).toContain('1 call site in 1 file');
    expect(line).toContain('2 other places call `.decode()` on something the index could not type');
    const refs = nanodex(repo, ['refs', 'ZStandardDecoder.decode']);
    expect(refs.code).toBe(0);
    expect(refs.stdout).toBe(
      [
        'ZStandardDecoder.decode (method, httpx/_decoders.py:5): 1 call site',
        '  httpx/_decoders.py:9  call  in flush',
        '  and 2 other places call .decode() on something the index could not type (it cannot tell whether those reach this one)',
        '',
      ].join('\n'),
    );
  }, 300_000);

  it('finds `res.send` defined as Express defines it, and asks about who calls a method without counting calls on other objects', () => {
    const repo = makeTempRepo({
      ...FILES,
      'lib/response.js': 'var res = Object.create(null);\nmodule.exports = res;\n\nres.send = function send(body) {\n  return body;\n};\n',
    });
    const find = nanodex(repo, ['find', 'res.send']);
    expect(find.code).toBe(0);
    expect(find.stdout).toContain('lib/response.js:4-6  function send');
    const ask = nanodex(repo, ['ask', 'who calls ZStandardDecoder.decode?']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toContain('ZStandardDecoder.decode has 1 call site in 1 file (httpx/_decoders.py)');
    expect(ask.stdout).not.toMatch(/ZStandardDecoder\.decode is used/);
  }, 600_000);
});
