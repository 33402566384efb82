import { describe, expect, it } from 'vitest';
import { findNamedCallables } from '../../../src/core/explore/find-named-callables.js';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

const FILES = {
  'viper.go': [
    'package viper',
    '',
    'type Viper struct{ keys map[string]any }',
    '',
    '// Get looks a key up: flags, then env, then the config file, then defaults.',
    'func (v *Viper) Get(key string) any {',
    '\tvalue := v.keys[key]',
    '\treturn value',
    '}',
    '',
  ].join('\n'),
};

describe('findNamedCallables', () => {
  it('takes a capitalised word inside a sentence that the index defines as a method as code', async () => {
    const { ports } = await explorePorts(FILES);
    expect(findNamedCallables('in what order does Get look up a key?', ports.index)).toEqual(['Get']);
  });

  it('leaves a sentence-initial word, a type and an undefined word as prose', async () => {
    const { ports } = await explorePorts(FILES);
    expect(findNamedCallables('Get me the order. how does Viper store a Key', ports.index)).toEqual([]);
  });

  it('makes explain read the method the plain word names', async () => {
    const { ports, ask } = await explorePorts(FILES);
    const result = await run(ask('in what order does Get look up a key: flags, env, config file, defaults?'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.keyFindings[0]).toMatch(/^Get is defined in 1 place: method Viper\.Get \(viper\.go:6\)/);
  });
});
