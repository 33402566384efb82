import { describe, expect, it } from 'vitest';
import { readActionInputs } from '../../src/action/action-inputs.js';

const TOKEN = 'a-token';

function readWith(inputs: Record<string, string>): ReturnType<typeof readActionInputs> {
  return readActionInputs((name) => ({ 'github-token': TOKEN, ...inputs })[name] ?? '');
}

describe('readActionInputs', () => {
  describe('node-version', () => {
    it('defaults to Node 24, the LTS the Action ships on', () => {
      expect(readWith({})['node-version']).toBe('24');
    });

    it.each(['22', '24', '22.20.0', '24.x', 'lts/*'])('accepts %s', (version) => {
      expect(readWith({ 'node-version': version })['node-version']).toBe(version);
    });

    it.each(['20', '18.19.0', '20.x'])('refuses %s, which is below the supported floor, and says which versions work', (version) => {
      expect(() => readWith({ 'node-version': version })).toThrow(/node-version: Node 22 or later/);
    });
  });
});
