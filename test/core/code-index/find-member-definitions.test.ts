import { afterEach, describe, expect, it } from 'vitest';
import { GraphQueries } from '../../../src/core/code-index/graph-queries.js';
import { indexSample, type IndexedRepo } from '../../helpers/sample-repo.js';

let repo: IndexedRepo | undefined;
afterEach(() => repo?.store.close());

async function find(files: Record<string, string>, name: string): Promise<string[]> {
  repo = await indexSample(files);
  return new GraphQueries(repo.store).findDefinitions(name).map((d) => `${d.kind} ${d.scope ? `${d.scope}.` : ''}${d.name} ${d.path}`);
}

const HTTPX = {
  'httpx/__init__.py': 'from ._client import Client, AsyncClient\nfrom ._models import Request\n',
  'httpx/_models.py': 'class Request:\n    def __init__(self, method):\n        self.method = method\n',
  'httpx/_client.py':
    'class Client:\n    def send(self, request):\n        return request\n\nclass AsyncClient:\n    async def send(self, request):\n        return request\n',
  'httpx/_transports/asgi.py': 'def handle():\n    async def send(message):\n        return message\n    return send\n',
};

describe('findDefinitions on names as users write them', () => {
  it('reads `client.send` as the member send, classes named like the receiver first, not nested functions', async () => {
    expect(await find(HTTPX, 'client.send')).toEqual(['method Client.send httpx/_client.py', 'method AsyncClient.send httpx/_client.py']);
  });

  it('reads `httpx.Request` as Request in the package httpx', async () => {
    expect((await find(HTTPX, 'httpx.Request'))[0]).toBe('class Request httpx/_models.py');
  });

  it('finds fields and attributes: `request.method`, a Go struct field, a JavaScript property set in the constructor', async () => {
    expect(await find(HTTPX, 'request.method')).toEqual(['field Request.method httpx/_models.py']);
    repo?.store.close();
    const files = {
      'context.go': 'package gin\n\ntype Context struct {\n\tErrors []error\n}\n\nfunc (c *Context) Next() {}\n',
      'lib/AxiosError.js':
        'class AxiosError extends Error {\n  constructor(response) {\n    super();\n    this.status = response.status;\n  }\n}\n',
    };
    expect(await find(files, 'c.Errors')).toEqual(['field Context.Errors context.go']);
    repo?.store.close();
    expect(await find(files, 'c.Next')).toEqual(['method Context.Next context.go']);
    repo?.store.close();
    expect(await find(files, 'error.status')).toEqual(['field AxiosError.status lib/AxiosError.js']);
  });

  it('reads `res.send` as the function assigned to the object res (`res.send = function send`), as Express defines its API', async () => {
    const files = {
      'lib/response.js':
        'var res = Object.create(null);\nmodule.exports = res;\n\nres.send = function send(body) {\n  return body;\n};\n\nres.cookie = function (name, value) {\n  return name + value;\n};\n',
      'test/Router.js': 'var router = {\n  send: function (val) {\n    return val;\n  },\n};\n',
    };
    expect(await find(files, 'res.send')).toEqual(['function send lib/response.js']);
    repo?.store.close();
    expect(await find(files, 'res.cookie')).toEqual(['function cookie lib/response.js']);
    repo?.store.close();
    expect(await find(files, 'req.send')).toEqual([]);
  });

  it('still finds nothing for a member no class defines', async () => {
    expect(await find(HTTPX, 'client.teleport')).toEqual([]);
  });
});
