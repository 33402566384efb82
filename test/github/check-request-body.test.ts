import { describe, expect, it } from 'vitest';
import { checkRequestBody } from './check-request-body.js';

const REVIEWS = '/repos/{owner}/{repo}/pulls/{pull_number}/reviews';

describe('checkRequestBody', () => {
  it('accepts a body GitHub documents', () => {
    expect(() =>
      checkRequestBody('POST', REVIEWS, {
        commit_id: 'abc',
        body: 'x',
        event: 'COMMENT',
        comments: [{ path: 'a.ts', line: 3, start_line: 1, side: 'RIGHT', start_side: 'RIGHT', body: 'y' }],
      }),
    ).not.toThrow();
  });

  it('refuses a misspelt field, even nested', () => {
    expect(() =>
      checkRequestBody('POST', REVIEWS, { body: 'x', event: 'COMMENT', comments: [{ path: 'a.ts', line: 3, startLine: 1, body: 'y' }] }),
    ).toThrow(/additionalProperty.*startLine/);
  });

  it('refuses a value outside an enum', () => {
    expect(() => checkRequestBody('POST', REVIEWS, { body: 'x', event: 'COMMENTED' })).toThrow(
      /must be equal to one of the allowed values/,
    );
  });

  it('names an operation that does not exist', () => {
    expect(() => checkRequestBody('POST', '/repos/{owner}/{repo}/nope', {})).toThrow(/has no operation POST/);
  });
});

describe('checkRequestBody on a schema with OpenAPI nullable fields', () => {
  it('checks an issue body (milestone is nullable without a type) and still refuses an unknown field', () => {
    expect(() => checkRequestBody('POST', '/repos/{owner}/{repo}/issues', { title: 'Plan', body: 'x', milestone: null })).not.toThrow();
    expect(() => checkRequestBody('POST', '/repos/{owner}/{repo}/issues', { title: 'Plan', bodyText: 'x' })).toThrow(/bodyText|additional/);
  });
});
