import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HANDLED_EVENTS, createNanodexApp } from '../../src/app/create-app.js';
import { createAppDeps } from '../../src/app/app-deps.js';
import { LocalRepoIndexes } from '../../src/app/local-repo-indexes.js';
import { recordingLogger } from '../helpers/explore-fixture.js';
import { makeTempDir } from '../helpers/temp-repo.js';

interface Manifest {
  default_events: string[];
  default_permissions: Record<string, string>;
}
const manifest = parse(readFileSync(new URL('../../app.yml', import.meta.url), 'utf8')) as Manifest;
/** GitHub sends these to every App; a manifest cannot subscribe to them. */
const ALWAYS_SENT = new Set(['installation', 'installation_repositories']);

/** The event names the app function registers, seen by a stand-in for Probot that records `on` calls. */
function registeredEvents(): string[] {
  const names: string[] = [];
  const recorder = { on: (events: string | string[]) => names.push(...[events].flat()) };
  const deps = createAppDeps({
    appSlug: 'nanodex',
    indexes: new LocalRepoIndexes(makeTempDir(), { dataDir: makeTempDir() }),
    logger: recordingLogger(),
  });
  void createNanodexApp(deps)(recorder as never, { cwd: '.', addHandler: () => undefined });
  return names;
}

describe('app.yml', () => {
  it('registers exactly the handled events, no more and no fewer', () => {
    expect(registeredEvents().sort()).toEqual([...HANDLED_EVENTS].sort());
  });

  it('subscribes to exactly the events the App handles', () => {
    const handled = new Set(HANDLED_EVENTS.map((e) => e.split('.')[0] ?? e).filter((e) => !ALWAYS_SENT.has(e)));
    expect([...manifest.default_events].sort()).toEqual([...handled].sort());
  });

  it('asks for least privilege: metadata read; contents, issues, pull requests and checks write; nothing else', () => {
    expect(manifest.default_permissions).toEqual({
      metadata: 'read',
      contents: 'write',
      issues: 'write',
      pull_requests: 'write',
      checks: 'write',
    });
  });
});
