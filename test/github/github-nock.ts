import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { gitBlobSha } from '../../src/core/repo/git-blob-sha.js';

/** Shared set-up for adapter tests: nock with the real network disabled, one Octokit per test. */
export const API = 'https://api.github.com';
export const TOKEN = 'test-token';
export const HEAD_SHA = 'c0ffee'.padEnd(40, '0');

beforeAll(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  expect(pending, 'every mocked GitHub call was made').toEqual([]);
});

afterAll(() => {
  nock.enableNetConnect();
});

/** @octokit/rest has no retry or throttle plugin; `retries: 0` keeps it so if one is ever added. */
export function makeOctokit(): Octokit {
  return new Octokit({ auth: TOKEN, request: { retries: 0 }, log: { debug() {}, info() {}, warn() {}, error() {} } });
}

export function github(): nock.Scope {
  return nock(API);
}

/** GET /repos/o/r and the head sha of `ref` (both calls readMetadata makes). */
export function mockMetadata(scope: nock.Scope, options: { ref?: string; sha?: string } = {}): nock.Scope {
  return scope
    .get('/repos/o/r')
    .reply(200, { default_branch: 'main', description: 'A test repository', language: 'TypeScript' })
    .get(`/repos/o/r/commits/${options.ref ?? 'main'}`)
    .matchHeader('accept', 'application/vnd.github.sha')
    .reply(200, options.sha ?? HEAD_SHA, { 'content-type': 'application/vnd.github.sha; charset=utf-8' });
}

export interface TreeItem {
  path: string;
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  sha: string;
  size?: number;
}

export function file(path: string, content: string, mode = '100644'): TreeItem {
  return { path, mode, type: 'blob', sha: gitBlobSha(Buffer.from(content)), size: Buffer.byteLength(content) };
}

export function folder(path: string, sha: string): TreeItem {
  return { path, mode: '040000', type: 'tree', sha };
}

export function treeBody(items: TreeItem[], truncated = false): { sha: string; truncated: boolean; tree: TreeItem[] } {
  return { sha: HEAD_SHA, truncated, tree: items };
}

/** The JSON GitHub sends for GET /git/blobs/{sha}: base64 with a newline every 60 characters, like the real one. */
export function blobBody(content: string | Buffer): { sha: string; size: number; encoding: 'base64'; content: string } {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const base64 = bytes.toString('base64').replace(/.{60}/g, '$&\n');
  return { sha: gitBlobSha(bytes), size: bytes.byteLength, encoding: 'base64', content: base64 };
}
