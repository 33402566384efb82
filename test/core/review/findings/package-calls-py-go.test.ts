import { describe, expect, it } from 'vitest';
import { lines, reviewFindings, sites } from './review-findings.js';

const POST = (params: string) => lines(`def post(${params}):`, '    return url', '');

describe('calls through a Python package that re-exports a module', () => {
  const caller = lines('import pkg', '', '', 'def test_get():', '    pkg.post("u")');

  it('links `pkg.post()` to the definition `from ._api import *` re-exports', async () => {
    const base = { 'pkg/__init__.py': lines('from ._api import *'), 'pkg/_api.py': POST('url'), 'tests/test_api.py': caller };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': POST('url, token') } });
    expect(sites(findings)).toEqual(['error tests/test_api.py:5']);
  });

  it('links `pkg.post()` to the definition a named re-export names (`from ._api import post as post`)', async () => {
    const base = {
      'pkg/__init__.py': lines('from ._api import post as post'),
      'pkg/_api.py': POST('url'),
      'tests/test_api.py': caller,
    };
    const findings = await reviewFindings('callers-not-updated', base, { write: { 'pkg/_api.py': POST('url, token') } });
    expect(sites(findings)).toEqual(['error tests/test_api.py:5']);
  });
});
