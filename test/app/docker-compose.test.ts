import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// docker compose cannot pull images on the development machine: the file is checked here instead (docs/app.md, Scaling out).
type Service = {
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
};
const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

describe('docker-compose.yml (the scaled-out App)', () => {
  const { redis, receiver, worker } = compose.services;

  it('has Redis with AOF, one receiver and two workers', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['receiver', 'redis', 'worker']);
    expect(redis?.command?.join(' ')).toContain('--appendonly yes');
    expect(worker?.deploy?.replicas).toBe(2);
  });

  it('starts the receiver and the workers with the commands of npm start and npm run worker', () => {
    expect(receiver?.command?.join(' ')).toBe(scripts.start);
    expect(worker?.command?.join(' ')).toBe(scripts.worker);
  });

  it('points both at Redis once it is healthy, and shares one data volume between them', () => {
    for (const service of [receiver, worker]) {
      expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service?.environment?.NANODEX_DATA_DIR).toBe('/data');
      expect(service?.volumes).toContain('nanodex-data:/data');
      expect(service?.depends_on?.redis?.condition).toBe('service_healthy');
    }
    expect(Object.keys(compose.volumes)).toContain('nanodex-data');
  });
});
