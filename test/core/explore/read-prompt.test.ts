import { describe, expect, it } from 'vitest';
import { readPrompt } from '../../../src/core/explore/read-prompt.js';
import type { QuestionKind } from '../../../src/core/explore/types.js';

describe('readPrompt', () => {
  it.each<[string, QuestionKind]>([
    ['where is parseHttpRequest defined?', 'definition'],
    ['Where is the Uploader class implemented', 'definition'],
    ['find UserRepository', 'definition'],
    ['what is `with_retries`', 'definition'],
    ['who calls splitHeaders?', 'usage'],
    ['where is handle used', 'usage'],
    ['show me the callers of save_order', 'usage'],
    ['which modules import the logger', 'usage'],
    ['how does a request get parsed', 'flow'],
    ['explain the upload flow', 'flow'],
    ['what happens when a token expires', 'flow'],
    ['add retries to the uploader', 'change'],
    ['plan support for S3 multipart uploads', 'change'],
    ['refactor the config loader', 'change'],
    ['draw the architecture', 'architecture'],
    ['give me a high-level overview of the modules', 'architecture'],
    ['erd of the database tables', 'architecture'],
    ['how does Schema.load handle unknown fields', 'flow'],
    ['what does `structure` hold after parse_entity_list runs', 'flow'],
    ['who calls Component.render()', 'usage'],
    ['show the database schema', 'architecture'],
  ])('reads %j as a %s question', (prompt, kind) => {
    expect(readPrompt(prompt).kind).toBe(kind);
  });

  it('picks out code names, backticked names and paths', () => {
    const reading = readPrompt('why does `load()` call parse_config in src/config/loader.ts and Config.fromEnv?');
    expect(reading.identifiers).toEqual(['load', 'parse_config', 'Config.fromEnv']);
    expect(reading.paths).toEqual(['src/config/loader.ts']);
    expect(reading.words).toContain('parse_config');
  });

  it('pairs inline backticks only, never a code fence with what follows it', () => {
    const reading = readPrompt('It fails:\n```python\nload(data)\n```\nwhen `partial_load` is set');
    expect(reading.identifiers).toContain('partial_load');
    expect(reading.identifiers.filter((name) => /\s/.test(name))).toEqual([]);
  });

  it('takes a plain word written as a call for a code name', () => {
    expect(readPrompt('add() should reject a timeout of 0, like queue.onIdle() does').identifiers).toEqual(['add', 'queue.onIdle']);
  });

  it('names the diagram type an architecture question asks for', () => {
    expect(readPrompt('draw the dependency graph').diagramType).toBe('dependency');
    expect(readPrompt('an ERD of the tables').diagramType).toBe('erd');
    expect(readPrompt('architecture please').diagramType).toBe('architecture');
    expect(readPrompt('how does login work').diagramType).toBeUndefined();
  });
});
