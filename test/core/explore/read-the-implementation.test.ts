import { describe, expect, it } from 'vitest';
import { run } from '../../../src/core/run.js';
import { explorePorts } from '../../helpers/explore-fixture.js';

/** Like viper: a one-line package wrapper and an interface's method beside the method that does the work. */
const SETTINGS = {
  'src/remote.ts': ['export interface RemoteStore {', '  get(key: string): unknown;', '}', ''].join('\n'),
  'src/settings.ts': [
    "import { Settings } from './viper.js';",
    '',
    'const settings = new Settings();',
    '',
    'export function get(key: string): unknown { return settings.get(key); }',
    '',
  ].join('\n'),
  'src/viper.ts': [
    "import { resolveSetting } from './resolve-setting.js';",
    '',
    'export class Settings {',
    '  /** The value of a key: flags first, then the environment, then the config file, then defaults. */',
    '  get(key: string): unknown {',
    '    const lower = key.toLowerCase();',
    '    const value = resolveSetting(lower);',
    '    return value ?? undefined;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/resolve-setting.ts': [
    'const table = new Map<string, unknown>();',
    '',
    'export function resolveSetting(name: string): unknown {',
    '  return table.get(name);',
    '}',
    '',
  ].join('\n'),
};

/** Like marshmallow: `load` hands its work to `doLoad`, which calls `deserialize`, where unknown fields are decided. */
const SCHEMA = {
  'src/schema.ts': [
    "import { doLoad } from './do-load.js';",
    '',
    'export class Schema {',
    '  mode = "raise";',
    '',
    '  load(data: Record<string, unknown>): Record<string, unknown> {',
    '    return doLoad(this.mode, data);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/do-load.ts': [
    "import { deserialize, preprocess } from './steps.js';",
    '',
    'export function doLoad(mode: string, data: Record<string, unknown>): Record<string, unknown> {',
    '  const processed = preprocess(data);',
    '  return deserialize(processed, mode);',
    '}',
    '',
  ].join('\n'),
  'src/steps.ts': [
    'export function preprocess(data: Record<string, unknown>): Record<string, unknown> {',
    '  return { ...data };',
    '}',
    '',
    'export function deserialize(data: Record<string, unknown>, mode: string): Record<string, unknown> {',
    '  const result: Record<string, unknown> = {};',
    '  for (const key of Object.keys(data)) {',
    '    if (mode === "raise") throw new Error(`extra ${key}`);',
    '    result[key] = data[key];',
    '  }',
    '  return result;',
    '}',
    '',
  ].join('\n'),
};

describe('a flow question about a name defined in several places', () => {
  it('reads the implementation first, not the one-line wrapper or the interface method, and follows it to what it calls', async () => {
    const { ports, ask } = await explorePorts(SETTINGS);
    const result = await run(ask('in what order does get() find a value: flags, env, config file, defaults?'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const first = result.context.evidence.find((e) => e.source === 'definition');
    expect(first).toMatchObject({ path: 'src/viper.ts' });
    expect(first!.startLine).toBeLessThanOrEqual(5);
    expect(first!.endLine).toBeGreaterThanOrEqual(9);
    expect(result.context.keyFindings[0]).toMatch(/^get is defined in 3 places: method Settings\.get \(src\/viper\.ts:5\)/);
    const find = result.context.evidence.find((e) => e.reason.startsWith('called by Settings.get'));
    expect(find).toMatchObject({ path: 'src/resolve-setting.ts', startLine: 3, flow: true });
  });
});

describe('a flow question about a function that hands its work on', () => {
  it('follows the hand-off and reads where the work is done', async () => {
    const { ports, ask } = await explorePorts(SCHEMA);
    const result = await run(ask('how does Schema.load() work'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    const deserialize = result.context.evidence.find((e) => e.path === 'src/steps.ts' && e.startLine <= 8 && e.endLine >= 8);
    expect(deserialize).toMatchObject({ flow: true });
    expect(deserialize!.reason).toContain('called by doLoad');
  });
});

/** Like requests: `send` calls two helpers before the one the question is about. */
const SESSION = {
  'src/session.ts': [
    "import { mergeHooks } from './hooks.js';",
    "import { prepareCookies } from './cookies.js';",
    "import { resolveRedirects } from './redirects.js';",
    '',
    'export class Session {',
    '  send(url: string): string[] {',
    '    const hooks = mergeHooks(url);',
    '    const cookies = prepareCookies(url);',
    '    return resolveRedirects(url, hooks, cookies);',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/hooks.ts': ['export function mergeHooks(url: string): string {', '  return url.trim();', '}', ''].join('\n'),
  'src/cookies.ts': ['export function prepareCookies(url: string): string {', '  return url.toLowerCase();', '}', ''].join('\n'),
  'src/redirects.ts': [
    'export function resolveRedirects(url: string, a: string, b: string): string[] {',
    '  const seen = [url, a, b];',
    '  return seen;',
    '}',
    '',
  ].join('\n'),
};

describe('a flow question about a function that calls several', () => {
  it('reads first the callee whose name shares a word with the question, and shows it as the flow', async () => {
    const { ports, ask } = await explorePorts(SESSION);
    const result = await run(ask('how does Session.send() follow redirects'), ports);
    if (result.kind !== 'done' || result.command !== 'ask') throw new Error(`unexpected ${result.kind}`);
    expect(result.context.evidence.find((e) => e.path === 'src/redirects.ts')).toMatchObject({ flow: true });
  });
});
