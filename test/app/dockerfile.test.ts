import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1) ?? '';

describe('Dockerfile', () => {
  it('starts the App with the same command as `npm start`', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect((JSON.parse(cmd ?? '[]') as string[]).join(' ')).toBe(scripts.start);
  });

  it('builds with `npm run build` and ships production dependencies only', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toContain('RUN npm ci');
    expect(stages[0]).toContain('npm run build');
    expect(stages[0]).toContain('npm prune --omit=dev');
    expect(scripts.build).toBeDefined();
  });

  it('runs as a non-root user with a health check on /healthz', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK /m);
    expect(runtime).toContain('/healthz');
  });
});
