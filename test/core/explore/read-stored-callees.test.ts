import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/**
 * Like pluggy: `Caller.__call__` calls `self._execute(…)`, an attribute its constructor stores from a parameter; the
 * manager constructs it passing its own method `self._run`, which calls `self._inner(…)`, set to a function imported
 * from another module.
 */
const PLUGINS = {
  'pkg/callers.py': [
    'def multicall(name, impls, kwargs):',
    '    """Runs every implementation."""',
    '    results = []',
    '    for impl in impls:',
    '        results.append(impl(**kwargs))',
    '    return results',
    '',
  ].join('\n'),
  'pkg/hooks.py': [
    'class Caller:',
    '    def __init__(self, name, execute, spec=None):',
    '        self.name = name',
    '        self._execute = execute',
    '        self._impls = []',
    '',
    '    def __call__(self, **kwargs):',
    '        """Call the hook."""',
    '        return self._execute(self.name, self._impls, kwargs)',
    '',
  ].join('\n'),
  'pkg/manager.py': [
    'from .callers import multicall',
    'from .hooks import Caller',
    '',
    '',
    'class Manager:',
    '    def __init__(self):',
    '        self._inner = multicall',
    '        self.hook = Caller("a", self._run)',
    '',
    '    def add(self, name):',
    '        return Caller(name, execute=self._run)',
    '',
    '    def _run(self, name, impls, kwargs):',
    '        return self._inner(name, impls, kwargs)',
    '',
  ].join('\n'),
};

describe('a call through an attribute that holds a function', () => {
  it('reads what the class stored there, through the constructor argument every construction passes', async () => {
    const { ports, ask } = await explorePorts(PLUGINS);
    const result = await run(ask('how does `Caller.__call__` reach the implementations'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const evidence = result.context.evidence;
    const run1 = evidence.find((e) => e.path === 'pkg/manager.py' && e.startLine <= 13 && e.endLine >= 14);
    expect(run1?.reason).toContain('stored in self._execute, called by Caller.__call__ (line 9)');
    expect(run1?.flow).toBe(true);
    const multicall = evidence.find((e) => e.path === 'pkg/callers.py');
    expect(multicall?.reason).toContain('stored in self._inner, called by Manager._run (line 14)');
    expect(result.context.keyFindings).toContain(
      'Caller.__call__ calls self._execute(…) (pkg/hooks.py:9): Caller.__init__ (line 4) stores its execute argument in it; ' +
        'Manager.__init__ (line 8) and Manager.add (line 11) pass self._run (Manager._run)',
    );
    expect(result.context.keyFindings).toContain(
      'Manager._run calls self._inner(…) (pkg/manager.py:14): Manager.__init__ (line 7) stores multicall (pkg/callers.py:1) in it',
    );
  });

  it('says nothing when a construction passes what the index cannot name', async () => {
    const files = {
      ...PLUGINS,
      'pkg/other.py': ['from .hooks import Caller', '', '', 'def make():', '    return Caller("b", lambda *a: None)', ''].join('\n'),
    };
    const { ports, ask } = await explorePorts(files);
    const result = await run(ask('how does `Caller.__call__` reach the implementations'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.evidence.some((e) => e.reason.includes('stored in self._execute'))).toBe(false);
    expect(result.context.keyFindings.some((f) => f.includes('self._execute'))).toBe(false);
  });
});
