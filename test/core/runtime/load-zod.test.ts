import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadZod } from '../../../src/core/runtime/load-zod.js';

describe('loadZod', () => {
  it('gives the zod that `import` gives, not a second copy of the package', () => {
    expect(loadZod()).toBe(z);
  });

  it('builds schemas that parse', () => {
    expect(loadZod().object({ a: loadZod().string() }).safeParse({ a: 'x' }).success).toBe(true);
  });
});
