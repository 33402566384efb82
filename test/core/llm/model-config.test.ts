import { describe, expect, it } from 'vitest';
import { NanodexError } from '../../../src/core/errors.js';
import { ModelConfigError, parseModelConfig } from '../../../src/core/llm/model-config.js';
import { TEST_KEY } from './tool-round-trip.js';

function problemsOf(input: unknown): ModelConfigError {
  try {
    parseModelConfig(input);
  } catch (error) {
    if (error instanceof ModelConfigError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('parseModelConfig', () => {
  describe('with valid settings', () => {
    it("fills in the provider's default model and temperature 0", () => {
      expect(parseModelConfig({ provider: 'openai', apiKey: TEST_KEY })).toEqual({
        provider: 'openai',
        apiKey: TEST_KEY,
        model: 'gpt-4o-mini',
        temperature: 0,
      });
      expect(parseModelConfig({ provider: 'anthropic', apiKey: TEST_KEY }).model).toBe('claude-haiku-4-5');
      expect(parseModelConfig({ provider: 'ollama' }).model).toBe('llama3.1');
    });

    it('needs nothing but the provider for none', () => {
      expect(parseModelConfig({ provider: 'none' })).toEqual({ provider: 'none', temperature: 0 });
    });

    it('keeps every given setting and trims a pasted key', () => {
      const input = {
        provider: 'ollama',
        model: 'qwen3:8b',
        apiKey: ` ${TEST_KEY}\n`,
        baseUrl: 'http://gpu-box:11434',
        temperature: 0.7,
        timeoutMs: 60_000,
        maxRetries: 2,
      };
      expect(parseModelConfig(input)).toEqual({ ...input, apiKey: TEST_KEY });
    });
  });

  describe('when openai has no key', () => {
    it('says which setting is missing and how to set it', () => {
      const error = problemsOf({ provider: 'openai' });
      expect(error).toBeInstanceOf(NanodexError);
      expect(error.code).toBe('config-invalid');
      expect(error.message).toBe(
        'model config is invalid (1 problem):\n  - apiKey: openai needs an API key (fix: set NANODEX_OPENAI_API_KEY or pass --api-key)',
      );
    });
  });

  describe('when the temperature is out of range', () => {
    it('gives the allowed range', () => {
      expect(problemsOf({ provider: 'ollama', temperature: 3 }).problems).toEqual([
        { path: 'temperature', problem: 'must be at most 2', fix: 'use a number from 0 to 2 (0 gives the most repeatable answers)' },
      ]);
      expect(problemsOf({ provider: 'ollama', temperature: 'warm' }).problems[0]?.problem).toBe('expected a number');
    });

    it('knows that Anthropic stops at 1', () => {
      expect(problemsOf({ provider: 'anthropic', apiKey: TEST_KEY, temperature: 1.5 }).problems).toEqual([
        { path: 'temperature', problem: 'anthropic accepts at most 1, got 1.5', fix: 'use a number from 0 to 1' },
      ]);
    });
  });

  describe('when the provider is unknown or missing', () => {
    it('lists the providers there are', () => {
      expect(problemsOf({ provider: 'gemini' }).message).toBe(
        'model config is invalid (1 problem):\n' +
          '  - provider: expected one of none, openai, anthropic, ollama (fix: set provider to one of none, openai, anthropic, ollama)',
      );
      expect(problemsOf({}).problems[0]).toMatchObject({ path: 'provider', problem: 'is required' });
    });
  });

  describe('when several settings are wrong', () => {
    it('reports every problem at once, the missing key included', () => {
      const error = problemsOf({ provider: 'anthropic', temperature: -1, timeoutMs: 1.5, baseUrl: 'ftp://x', modle: 'x' });
      expect(error.problems.map((p) => `${p.path}: ${p.problem}`)).toEqual([
        'baseUrl: expected an http(s) URL',
        'temperature: must be at least 0',
        'timeoutMs: must be a whole number',
        'modle: unknown setting',
        'apiKey: anthropic needs an API key',
      ]);
      expect(error.message).toContain(
        '\n  - modle: unknown setting (fix: remove it or check the spelling; known settings: provider, model, apiKey,',
      );
      expect(error.message).toMatch(/^model config is invalid \(5 problems\):\n {2}- baseUrl: expected an http\(s\) URL \(fix: /);
    });

    it('rejects input that is not an object', () => {
      expect(problemsOf('openai').problems).toEqual([
        { path: '(root)', problem: 'expected an object of model settings', fix: 'pass an object such as { provider: "openai" }' },
      ]);
    });
  });

  describe('when a key is misplaced', () => {
    it('never repeats it in the message', () => {
      const error = problemsOf({ provider: TEST_KEY, model: 42, apiKey: 42, baseUrl: TEST_KEY, [TEST_KEY]: true });
      expect(`${error.message}\n${error.hint ?? ''}`).not.toContain(TEST_KEY);
    });
  });
});
